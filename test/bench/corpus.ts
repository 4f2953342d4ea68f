/**
 * A deterministic synthetic corpus shaped like help-centre material: words drawn from a
 * Zipf distribution (a few words in nearly every passage, a long tail of rare ones), short
 * sentences, passages of 80–140 words (so the engine's splitter, which cuts at 150 words,
 * stores each as one passage) under a heading now and then. Questions are made from
 * a passage's rarer words, so each one has a right answer somewhere in the corpus.
 */
import { rng } from "../support/rng";
export { rng };

/** The head of the distribution: present in a large share of all passages. */
export const COMMON = [
  "the", "service", "and", "account", "of", "customer", "to", "order", "a", "support",
  "in", "product", "is", "team", "for", "time", "with", "plan", "on", "data",
];
/** Common words that are not function words: what a wordy question adds. */
export const COMMON_CONTENT = ["service", "account", "customer", "order", "support", "product", "team", "plan"];

const SYLLABLES = "ka lo mi ter vin sa ru pel do nex tar bi quo len fi gra mon chi vel su ra dex po lin".split(" ");
const VOCABULARY_SIZE = 30_000;

function buildVocabulary(): string[] {
  const words = [...COMMON];
  const seen = new Set(words);
  const next = rng(7);
  while (words.length < VOCABULARY_SIZE) {
    const n = 2 + Math.floor(next() * 3);
    let w = "";
    for (let i = 0; i < n; i++) w += SYLLABLES[Math.floor(next() * SYLLABLES.length)];
    if (!seen.has(w)) {
      seen.add(w);
      words.push(w);
    }
  }
  return words;
}

export const VOCABULARY = buildVocabulary();

/** Cumulative Zipf (s = 1) weights over the vocabulary, for sampling by binary search. */
const CUMULATIVE = (() => {
  const out = new Float64Array(VOCABULARY.length);
  let sum = 0;
  for (let r = 0; r < VOCABULARY.length; r++) out[r] = sum += 1 / (r + 1);
  for (let r = 0; r < out.length; r++) out[r] /= sum;
  return out;
})();

function sampleRank(u: number): number {
  let lo = 0;
  let hi = CUMULATIVE.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (CUMULATIVE[mid] < u) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export interface Passage {
  words: number[];
  text: string;
}

export function passage(next: () => number): Passage {
  const words: number[] = [];
  const sentences: string[] = [];
  const target = 80 + Math.floor(next() * 60);
  while (words.length < target) {
    const len = 7 + Math.floor(next() * 8);
    const sentence: string[] = [];
    for (let i = 0; i < len; i++) {
      const r = sampleRank(next());
      words.push(r);
      sentence.push(VOCABULARY[r]);
    }
    const s = sentence.join(" ");
    sentences.push(s[0].toUpperCase() + s.slice(1) + ".");
  }
  return { words, text: sentences.join(" ") };
}

/**
 * Writes `count` passages as Markdown (blank-line separated, a heading every ten) into
 * files of at most `perFile` passages each. Returns the files, their raw text size, and
 * the questions drawn from every passage whose rarer words allow one.
 */
/** The heading that opens every tenth passage's section. */
export function sectionHeading(p: Passage, i: number): string | null {
  return i % 10 === 0 ? `## ${VOCABULARY[p.words[0]]} ${VOCABULARY[p.words[1]]} ${i / 10}` : null;
}

/** Three of a passage's rarer words (first, middle, last), or null when it has fewer than three. */
export function rareWords(p: Passage): string[] | null {
  const rare = [...new Set(p.words.filter((r) => r > 300))];
  return rare.length >= 3 ? [rare[0], rare[Math.floor(rare.length / 2)], rare[rare.length - 1]].map((r) => VOCABULARY[r]) : null;
}

export async function writeCorpus(dir: string, count: number, perFile: number, seed: number) {
  const next = rng(seed);
  const files: string[] = [];
  const questions: string[][] = [];
  let rawBytes = 0;
  for (let start = 0; start < count; start += perFile) {
    const parts: string[] = [];
    for (let i = start; i < Math.min(count, start + perFile); i++) {
      const p = passage(next);
      const heading = sectionHeading(p, i);
      if (heading) parts.push(heading);
      parts.push(p.text);
      const rare = rareWords(p);
      if (rare) questions.push(rare);
    }
    const text = parts.join("\n\n") + "\n";
    rawBytes += Buffer.byteLength(text);
    const file = `${dir}/part-${String(files.length).padStart(4, "0")}.md`;
    await Bun.write(file, text);
    files.push(file);
  }
  return { files, rawBytes, questions };
}

/** "How does X Y Z work?", optionally padded with words found in most passages. */
export function question(words: string[], withCommon = false): string {
  const common = withCommon ? ` for the ${COMMON_CONTENT.join(" ")}` : "";
  return `How does ${words.join(" ")} work${common}?`;
}

export function chatBody(content: string): string {
  return JSON.stringify({ model: "service-zenith", messages: [{ role: "user", content }] });
}
