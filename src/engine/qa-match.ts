/**
 * Question/answer pairs answer first: a stored pair whose question says what the visitor
 * asks (most of the visitor's words, and most of the pair's) is answered with the pair's
 * whole answer, ahead of any passage.
 */
import type { Candidate } from "./retrieve";
import type { Query } from "./question";
import { idf, type Stats } from "./stats";
import { contentStems } from "./text/terms";
import { weighted } from "./weights";

/** Least agreement between the visitor's question and a pair's question. */
export const PAIR_THRESHOLD = 0.6;
/** Credit for a visitor's word found only in the pair's answer. */
const ANSWER_CREDIT = 0.5;

/**
 * How far a stored question says what the visitor asks, 0..1: 0.6 × the share of the
 * visitor's question it covers (a word only in `answer` counts half; a missing word counts
 * as in compose.ts) + 0.4 × the share of its own words the visitor used.
 */
function agreement(query: Query, stats: Stats, question: string, answer = ""): number {
  const { terms } = weighted(query, stats);
  const pairTerms = contentStems(question);
  const answerTerms = new Set(contentStems(answer));
  let covered = 0;
  let lacking = 0;
  for (const t of terms) {
    const credit = pairTerms.includes(t.term) ? 1 : answerTerms.has(t.term) ? ANSWER_CREDIT : 0;
    covered += t.weight * credit;
    lacking += t.weight * (1 - credit) * t.lack;
  }
  let stored = 0;
  let asked = 0;
  for (const t of pairTerms) {
    stored += idf(stats, t);
    if (query.weights.has(t)) asked += idf(stats, t);
  }
  if (!covered || !stored) return 0;
  return 0.6 * (covered / (covered + lacking)) + 0.4 * (asked / stored);
}

export function matchPair(query: Query, stats: Stats, list: Candidate[]): { candidate: Candidate; confidence: number } | null {
  let best: { candidate: Candidate; confidence: number } | null = null;
  for (const c of list) {
    if (c.kind !== "qa") continue;
    const confidence = agreement(query, stats, c.title, c.body);
    if (confidence >= PAIR_THRESHOLD && (!best || confidence > best.confidence)) best = { candidate: c, confidence };
  }
  return best;
}
