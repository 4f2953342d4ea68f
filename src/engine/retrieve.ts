/**
 * Candidate passages: FTS5 BM25 (title weighted double) over the question's words. Words
 * found in a large share of passages are left out of the match — they hardly rank, and
 * their long posting lists are what would make a lookup grow with the corpus — but they
 * still count when the composer scores sentences.
 */
import type { Store } from "../store/db";
import type { Query } from "./question";
import type { Stats } from "./stats";
import { SYNONYMS, SYNONYM_WORDS } from "./text/synonyms";

export interface Candidate {
  id: number;
  title: string;
  body: string;
  kind: string;
  /** BM25 from FTS5 (lower is better, negative). */
  bm25: number;
}

/** A word in more passages than this is only used for re-ranking. */
const COMMON_DF = 1_500;
/** How many words the match may use at most (the rarest ones). */
const MAX_MATCH_TERMS = 8;
export const CANDIDATES = 8;
/** Least passages the all-words query must find to be used alone. */
const MIN_ALL = 1;

/** A word's passage count, its synonyms' included (an upper bound: they may share passages). */
function reach(t: string, stats: Stats): number {
  return (SYNONYMS.get(t) ?? []).reduce((n, a) => n + (stats.df.get(a) ?? 0), stats.df.get(t) ?? 0);
}

/** The question's words to match, rarest first, each as an FTS5 group of the word and its synonyms. */
function matchGroups(query: Query, stats: Stats): string[] {
  const present = [...query.weights.keys()].filter((t) => reach(t, stats) > 0);
  present.sort((a, b) => reach(a, stats) - reach(b, stats));
  const chosen = present.filter((t, i) => i < 2 || reach(t, stats) <= COMMON_DF).slice(0, MAX_MATCH_TERMS);
  return chosen.map((t) => {
    const alternatives = [query.surface.get(t)!, ...(SYNONYM_WORDS.get(t) ?? [])].map(phrase);
    return alternatives.length > 1 ? `(${alternatives.join(" OR ")})` : alternatives[0];
  });
}

function run(store: Store, agentId: string, match: string): Candidate[] {
  return store.sqlite
    .query<Candidate, [string, string, number]>(
      `SELECT p.id AS id, p.title AS title, p.body AS body, m.kind AS kind, f.score AS bm25
         FROM (SELECT rowid, bm25(passages_fts, 2.0, 1.0) AS score FROM passages_fts
                WHERE passages_fts MATCH ?1 AND agent_id = ?2 ORDER BY score LIMIT ?3) f
         JOIN passages p ON p.id = f.rowid JOIN material m ON m.id = p.material_id
        ORDER BY f.score`,
    )
    .all(match, agentId, CANDIDATES);
}

/** One word as an FTS5 string (FTS5 splits "e-mail" into "e" + "mail": "email" matches either). */
function phrase(w: string): string {
  return w.startsWith("email") ? `("${w}" OR "e ${w.slice(1)}")` : `"${w.replace(/"/g, "")}"`;
}

/**
 * Words that say a passage is about money. "How much is Plus?" has one word of its own, and
 * the passages that use "Plus" most (and shortest) are not the price table, so a money
 * question also gets the passages that hold its words and one of these, after the others
 * (the composer still decides on the question's words and the answer type). The same hint
 * for durations (day, week, month…) was tried and gained nothing on any set.
 */
const MONEY_WORDS = '("price" OR "cost" OR "fee" OR "charge")';

export function candidates(store: Store, agentId: string, query: Query, stats: Stats): Candidate[] {
  const groups = matchGroups(query, stats);
  if (!groups.length) return [];
  const found = byWords(store, agentId, groups);
  if (query.type !== "money") return found;
  const ids = new Set(found.map((c) => c.id));
  return [...found, ...run(store, agentId, `(${groups.join(" OR ")}) AND ${MONEY_WORDS}`).filter((c) => !ids.has(c.id))];
}

/**
 * Passages holding every chosen word come first: FTS5 intersects posting lists by seeking,
 * so that costs little even for long lists. Only when no passage holds them all does the
 * broader OR query run.
 */
function byWords(store: Store, agentId: string, groups: string[]): Candidate[] {
  if (groups.length > 1) {
    const all = run(store, agentId, groups.join(" AND "));
    if (all.length >= MIN_ALL) return all;
  }
  return run(store, agentId, groups.join(" OR "));
}
