/** Splitting passages into sentences for the extractive composer. */

// Abbreviations whose full stop does not end a sentence.
const ABBREV = /(?:\b(?:e\.g|i\.e|etc|vs|approx|no|nr|dr|mr|mrs|ms|st|inc|ltd|co|jr|sr|fig|p\.m|a\.m|u\.s|u\.k)\.|\b[A-Z]\.)$/i;

/** Sentences of a passage; list items and lines of a table each count as one. */
export function sentences(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split(/\n+/)) {
    const trimmed = line.trim();
    if (!trimmed) continue;
    let start = 0;
    const re = /[.!?]["')\]]*\s+(?=["'(\[]?[\p{Lu}\p{N}])/gu;
    for (let m = re.exec(trimmed); m; m = re.exec(trimmed)) {
      const end = m.index + m[0].length;
      const candidate = trimmed.slice(start, end).trim();
      if (ABBREV.test(trimmed.slice(start, m.index + 1))) continue;
      if (candidate) out.push(candidate);
      start = end;
    }
    const rest = trimmed.slice(start).trim();
    if (rest) out.push(rest);
  }
  return out;
}
