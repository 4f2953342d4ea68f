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

export function matchPair(query: Query, stats: Stats, list: Candidate[]): { candidate: Candidate; confidence: number } | null {
  const { terms } = weighted(query, stats);
  let best: { candidate: Candidate; confidence: number } | null = null;
  for (const c of list) {
    if (c.kind !== "qa") continue;
    const pairTerms = contentStems(c.title);
    const answerTerms = new Set(contentStems(c.body));
    // How much of the visitor's question the pair covers (a missing word counts as in compose.ts)…
    let covered = 0;
    let lacking = 0;
    for (const t of terms) {
      const credit = pairTerms.includes(t.term) ? 1 : answerTerms.has(t.term) ? ANSWER_CREDIT : 0;
      covered += t.weight * credit;
      lacking += t.weight * (1 - credit) * t.lack;
    }
    // …and how much of the pair's question the visitor asked.
    let stored = 0;
    let asked = 0;
    for (const t of pairTerms) {
      stored += idf(stats, t);
      if (query.weights.has(t)) asked += idf(stats, t);
    }
    if (!covered || !stored) continue;
    const confidence = 0.6 * (covered / (covered + lacking)) + 0.4 * (asked / stored);
    if (confidence >= PAIR_THRESHOLD && (!best || confidence > best.confidence)) best = { candidate: c, confidence };
  }
  return best;
}
