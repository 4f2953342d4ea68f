/**
 * Words as the index sees them: lower case, diacritics folded, porter-stemmed — the same
 * stems FTS5's `porter unicode61 remove_diacritics 2` tokenizer stores, so a term counted
 * here can be looked up in the index and in the engine's statistics.
 */
import { stemmer } from "stemmer";

/** Function words and question words: they carry no meaning for retrieval. */
export const STOP_WORDS = new Set(
  `a about above after again against all also am an and any are aren as at be because been before being below between both but by
  can cannot could couldn did didn do does doesn doing don down during each else ever few for from further get gets got had has have
  having he her here hers herself him himself his how i if in into is isn it its itself just let lets like ll me might more most
  much must my myself no nor not now of off on once only or other ought our ours ourselves out over own please re same shall she
  should so some such than that the their theirs them themselves then there these they this those through to too under until up
  us very ve was wasn we were weren what whats when where whether which while who whom whose why will with won would you your
  yours yourself yourselves s t d m tell know want need
  long many fast quickly often soon take takes taking happen happens mean means way possible able something anything someone thing things
  kind sort exactly actually really still already yet okay ok hi hello thanks`.split(/\s+/),
);

/**
 * Stems memoised in two generations: a word found in the older one moves to the newer, and
 * when the newer fills up the older is dropped. The words in use stay (the head of the
 * vocabulary), memory stays bounded whatever the size of the material's vocabulary, and
 * no eviction bookkeeping runs per lookup. Measured on the 100k-passage bench, a stem
 * missed costs nothing visible in latency; the former single 200k-entry map held the whole
 * vocabulary (several MiB at 100k passages, tens of MiB on a large real corpus).
 */
const GENERATION = 16_384;
let recent = new Map<string, string>();
let older = new Map<string, string>();

/** The stem of one lower-cased, folded word (memoised: stemming dominates query parsing). */
export function stem(word: string): string {
  let s = recent.get(word);
  if (s !== undefined) return s;
  s = older.get(word) ?? (/^\p{N}+$/u.test(word) ? word : stemmer(word));
  if (recent.size >= GENERATION) {
    older = recent;
    recent = new Map();
  }
  recent.set(word, s);
  return s;
}

/** The text as words are read from it: lower case, diacritics folded, "e-mail" as "email". */
export function foldText(text: string): string {
  const lower = text.toLowerCase();
  // Folding diacritics is only needed (and only paid for) outside ASCII.
  const folded = /^[\x00-\x7f]*$/.test(lower) ? lower : lower.normalize("NFKD").replace(/\p{M}+/gu, "");
  // "e-mail" and "email" are one word to a visitor (the index holds "e" + "mail"; see retrieve.ts).
  return folded.replace(/\be-mail/g, "email");
}

/** The characters a word is made of (in folded text). */
const WORD = /[\p{L}\p{N}]+/gu;

/** Lower-cased words with diacritics folded, in order. */
export function words(text: string): string[] {
  return foldText(text).match(WORD) ?? [];
}

/** Every stem in the text, in order (stop words included). */
export function stems(text: string): string[] {
  return words(text).map(stem);
}

/** The distinct meaningful stems of a text: stop words and one-letter words dropped. */
export function contentStems(text: string): string[] {
  const out = new Set<string>();
  for (const w of words(text)) if (!STOP_WORDS.has(w) && (w.length > 1 || /\p{N}/u.test(w))) out.add(stem(w));
  return [...out];
}

/** How much two texts share of their content words (Jaccard over their stems), 0..1. */
export function wordOverlap(a: string, b: string): number {
  const one = new Set(contentStems(a));
  const other = contentStems(b);
  const shared = other.filter((t) => one.has(t)).length;
  return shared / (one.size + other.length - shared || 1);
}
