/**
 * Hyphenated compounds typed as one word: the material writes "e-bike" and "Wi-Fi", which
 * FTS5 and the stemmer read as "e" + "bike" and "wi" + "fi", and a visitor types "ebike" or
 * "wifi" — a word the material never uses, which counts against every answer. Such a word
 * is read as its two parts when the material holds them side by side. Only then: "bitcoin"
 * stays one word (and the question is declined) unless the material writes "bit coin".
 */
import type { Store } from "../store/db";
import type { Query } from "./question";
import { statsFor, type Stats } from "./stats";
import { stem } from "./text/terms";

/** Shortest word tried: shorter unknown words are names or typos, not compounds. */
const MIN_LENGTH = 4;

function sideBySide(store: Store, agentId: string, first: string, second: string): boolean {
  return !!store.sqlite.query("SELECT 1 FROM passages_fts WHERE passages_fts MATCH ? AND agent_id = ? LIMIT 1").get(`"${first} ${second}"`, agentId);
}

/** The two parts the material writes `word` as, or null. */
function partsOf(store: Store, agentId: string, word: string): [string, string] | null {
  const splits = [...word].slice(1, -1).map((_, i) => [word.slice(0, i + 1), word.slice(i + 1)] as [string, string]);
  const known = statsFor(store, agentId, [...new Set(splits.flat().map(stem))]);
  for (const [first, second] of splits)
    if ((known.df.get(stem(first)) ?? 0) > 0 && (known.df.get(stem(second)) ?? 0) > 0 && sideBySide(store, agentId, first, second)) return [first, second];
  return null;
}

/** The query with each unknown compound read as its parts; the same query when there is none. */
export function withCompoundsSplit(store: Store, agentId: string, query: Query, stats: Stats): Query {
  let weights: Map<string, number> | null = null;
  let surface: Map<string, string> | null = null;
  for (const [term, weight] of query.weights) {
    const word = query.surface.get(term) ?? term;
    if ((stats.df.get(term) ?? 0) > 0 || word.length < MIN_LENGTH || !/^\p{L}+$/u.test(word)) continue;
    const parts = partsOf(store, agentId, word);
    if (!parts) continue;
    weights ??= new Map(query.weights);
    surface ??= new Map(query.surface);
    weights.delete(term);
    for (const part of parts) {
      const s = stem(part);
      if (!weights.has(s)) weights.set(s, weight);
      if (!surface.has(s)) surface.set(s, part);
    }
  }
  return weights && surface ? { ...query, weights, surface } : query;
}
