/**
 * The two halves of SQuAD's articles: the confidence model is fitted on one (fitHalf true)
 * and reported on the other. Split by a hash of the title, so it never changes between runs.
 */
export function fitHalf(title: string): boolean {
  let h = 2166136261;
  for (const ch of title) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return ((h >>> 0) & 1) === 0;
}
