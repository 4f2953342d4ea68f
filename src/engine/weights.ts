/**
 * How much each question word matters: its rarity in the agent's material (BM25's idf),
 * times its weight in the question (carried-over words weigh less), and how much its
 * absence from a sentence counts against it (see compose.ts).
 */
import type { Query } from "./question";
import { idf, type Stats } from "./stats";
import { GENERIC_STEMS } from "./text/generic";
import { SYNONYMS } from "./text/synonyms";
import { stem } from "./text/terms";

/** Missing from the sentence, a word the material has counts fully against it (it may be paraphrased, but often is not)… */
export const MISSING_KNOWN = 1.0;
/** …a word the material never uses counts more: it names something the material lacks… */
export const MISSING_UNKNOWN = 1.5;
/** …and an everyday word ("look", "stuck", "price") counts little. */
export const MISSING_GENERIC = 0.35;
/** An everyday word's weight is capped: being absent from this material says nothing about it. */
const GENERIC_IDF_CAP = 1;

export interface Weighted {
  term: string;
  /** Its synonyms' stems. */
  alts: string[];
  weight: number;
  unknown: boolean;
  /** How much the word counts against a sentence that lacks it. */
  lack: number;
}

/** Question words visitors type fast, and so often with two letters swapped ("waht", "mcuh"). */
const QUESTION_WORDS = ["what", "much", "many", "how", "when", "where", "which", "who", "why", "does", "have", "there", "their", "they", "your", "with", "about", "long"];

function swaps(word: string): string[] {
  return [...word].slice(1).map((_, i) => word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2)).filter((w) => w !== word);
}

/**
 * Words that are no word of the question when the material never uses them: question words
 * with two letters swapped ("waht", "mcuh"), and "per" ("€45 per day" is written "€45 a day").
 * Where the material uses one ("dose" in a pharmacy's pages, "per page" in limits) it counts.
 */
const IGNORABLE = new Set([...QUESTION_WORDS.flatMap(swaps), "per"].map(stem));

/** As a word the material lacks it would count against every answer ("how mcuh is a city bike" was declined). */
function ignorable(term: string, stats: Stats): boolean {
  return IGNORABLE.has(term) && !(stats.df.get(term) ?? 0);
}

/**
 * Each question word's weight: its rarity, times how much it belongs to this question.
 * A word found nowhere in the material weighs more (it names something the material does
 * not have); a word the material has but the sentence lacks may just be paraphrased, so
 * the composer discounts it when it measures coverage.
 */
export function weighted(query: Query, stats: Stats): { terms: Weighted[]; total: number } {
  const terms = [...query.weights].filter(([term]) => !ignorable(term, stats)).map(([term, w]) => {
    const generic = GENERIC_STEMS.has(term);
    const alts = SYNONYMS.get(term) ?? [];
    // A word the material lacks is not unknown when it has a synonym the material uses.
    const unknown = (stats.df.get(term) ?? 0) === 0 && !generic && !alts.some((a) => (stats.df.get(a) ?? 0) > 0);
    // An everyday word is not informative just because this material happens to lack it.
    const rarity = generic ? Math.min(GENERIC_IDF_CAP, idf(stats, term)) : idf(stats, term);
    return { term, alts, weight: w * rarity, unknown, lack: generic ? MISSING_GENERIC : unknown ? MISSING_UNKNOWN : MISSING_KNOWN };
  });
  return { terms, total: terms.reduce((a, t) => a + t.weight, 0) };
}
