/**
 * How sure the engine is that its chosen sentence answers the question: a small logistic
 * model over features of the choice. The weights are constants fitted offline by
 * `test/eval/fit.ts` on one half of SQuAD 2.0's articles (by title) and reported on the
 * other half; the own help-centre set is never used to fit them (see docs/engine.md).
 */
import type { Choice } from "./compose";
import type { Query } from "./question";
import type { Stats } from "./stats";
import { weighted } from "./weights";
import { typeFit } from "./answer-type";
import { stems, wordOverlap } from "./text/terms";

/** The features, in the order of the model's weights. */
export const FEATURE_NAMES = [
  "coverage", // the composer's coverage of the question (misses counted against it)
  "own", // weighted share of the question in the chosen sentence itself
  "passage", // weighted share of the question anywhere in the chosen passage or its title
  "rareMissing", // rarity of the rarest question word the passage lacks, relative to the question's rarest
  "unknown", // weighted share of the question the material never uses
  "typeFit", // the question asks for a kind of fact and the sentence has one
  "typeMiss", // it asks for one and the sentence has none
  "margin", // ranking score over the runner-up passage's best sentence
  "bm25", // the passage's BM25 per unit of the question's rarity
  "terms", // how many words the question has (log)
  "score", // the ranking score of the chosen sentence (compose.ts)
  "missingPassage", // rarity (idf, relative to the corpus's largest) of the question words the passage lacks, summed
  "missingSentence", // … that the chosen sentence and its neighbours lack, summed
  "missingCount", // how many question words the passage lacks
  "coverageMargin", // coverage over the runner-up passage's (capped at 0.2)
] as const;

export type Features = number[];

const MARGIN_CAP = 0.5;

/** Content-word overlap (Jaccard) above which two sentences say the same thing. */
const RESTATEMENT = 0.5;

/**
 * The runner-up to measure the margin against: the best other passage's choice that is
 * not a restatement of the chosen sentence — material often says one thing in two places
 * (a page and its FAQ), and agreeing sources are no sign of doubt.
 */
export function runnerUp(choices: Choice[]): Choice | undefined {
  const [best, ...rest] = choices;
  if (!best) return undefined;
  return rest.find((c) => wordOverlap(best.sentences[best.index], c.sentences[c.index]) < RESTATEMENT);
}

/** The features of the best choice, given the runner-up. */
export function featuresOf(query: Query, stats: Stats, best: Choice, second: Choice | undefined): Features {
  const { terms, total } = weighted(query, stats);
  const passage = new Set(stems(`${best.candidate.title}\n${best.candidate.body}`));
  const has = (t: (typeof terms)[number]) => passage.has(t.term) || t.alts.some((a) => passage.has(a));
  let inPassage = 0;
  let unknown = 0;
  let rarest = 0;
  let rarestMissing = 0;
  let missingCount = 0;
  let missingSentence = 0;
  const around = new Set(stems(best.sentences.slice(Math.max(0, best.index - 1), best.index + 2).join(" ")));
  for (const t of terms) {
    rarest = Math.max(rarest, t.weight);
    if (has(t)) inPassage += t.weight;
    else {
      rarestMissing = Math.max(rarestMissing, t.weight);
      missingCount++;
    }
    if (!around.has(t.term) && !t.alts.some((a) => around.has(a))) missingSentence += t.weight;
    if (t.unknown) unknown += t.weight;
  }
  const norm = total || 1;
  const typed = query.type !== "any";
  const fit = typed && typeFit(best.sentences[best.index], query.type, new Set(stems(query.text))) === true;
  const idfSum = terms.reduce((a, t) => a + t.weight, 0) || 1;
  const maxIdf = Math.log(1 + (stats.n + 0.5) / 0.5);
  return [
    best.coverage,
    best.shares[best.index],
    inPassage / norm,
    rarest ? rarestMissing / rarest : 0,
    unknown / norm,
    typed && fit ? 1 : 0,
    typed && !fit ? 1 : 0,
    Math.min(MARGIN_CAP, second ? best.score - second.score : MARGIN_CAP),
    Math.min(3, -best.candidate.bm25 / idfSum),
    Math.log(1 + terms.length),
    best.score,
    (total - inPassage) / maxIdf,
    missingSentence / maxIdf,
    missingCount,
    Math.min(0.2, second ? Math.max(0, best.coverage - second.coverage) : 0.2),
  ];
}

/**
 * Fitted by test/eval/fit.ts (see the module comment); the last entry is the intercept.
 * Features at 0 were tried and left out: some took a sign against their meaning (collinear
 * with the kept ones), and the ones that grow with the question's length (terms, missing*,
 * bm25) learn SQuAD's long questions rather than what a visitor types.
 */
export const WEIGHTS = [-0.066, 2.081, 1.409, 0, 0, 0, -0.265, 4.247, 0, 0, 0.975, 0, 0, 0, 0, -5.018];

export function confidenceOf(features: Features): number {
  let z = WEIGHTS[WEIGHTS.length - 1];
  features.forEach((x, i) => (z += WEIGHTS[i] * x));
  return 1 / (1 + Math.exp(-z));
}
