/**
 * The engine's own corpus statistics (migration 0002): per agent, how many passages hold
 * each stem, and how many passages there are. Kept exact inside the same transaction that
 * adds or removes passages.
 */
import type { Store } from "../store/db";
import { stem } from "./text/terms";
import type { Passage } from "./ingest/split";
import { WordTable } from "./ingest/word-table";

/** One stem's running count; `last` is the passage that counted it last (once per passage). */
interface TermCount {
  n: number;
  last: number;
}

/**
 * Changes to an agent's statistics, summed over every passage one write adds or removes and
 * applied once at its end: a term shared by many documents is upserted once, not per document.
 */
export class StatsDelta {
  private byStem = new Map<string, TermCount>();
  /** Word → its stem's count: most words repeat, so each is stemmed and looked up once. */
  private byWord = new WordTable<TermCount>((w) => {
    const s = stem(w);
    let count = this.byStem.get(s);
    if (count === undefined) this.byStem.set(s, (count = { n: 0, last: 0 }));
    return count;
  });
  /** Passages counted so far: each one's number marks the stems it has counted. */
  private seen = 0;
  private passages = 0;
  private pending = false;

  /** Counts (sign 1) or uncounts (sign -1) passages, each stem once per passage, title included. */
  add(list: Passage[], sign: 1 | -1): void {
    for (const p of list) {
      const id = ++this.seen;
      this.byWord.forEachWord(`${p.title}\n${p.body}`, (count) => {
        if (count.last !== id) {
          count.last = id;
          count.n += sign;
        }
      });
    }
    this.passages += sign * list.length;
    if (list.length) this.pending = true;
  }

  /** Writes the summed changes (inside the caller's transaction) and starts over. */
  apply(store: Store, agentId: string): void {
    if (!this.pending) return;
    const upsert = store.sqlite.prepare(
      "INSERT INTO engine_terms (agent_id, term, df) VALUES (?1, ?2, ?3) ON CONFLICT (agent_id, term) DO UPDATE SET df = df + excluded.df",
    );
    let removed = false;
    for (const [term, { n }] of this.byStem) {
      if (n) upsert.run(agentId, term, n);
      if (n < 0) removed = true;
    }
    if (removed) store.sqlite.run("DELETE FROM engine_terms WHERE agent_id = ? AND df <= 0", [agentId]);
    store.sqlite.run(
      "INSERT INTO engine_agents (agent_id, passages) VALUES (?1, ?2) ON CONFLICT (agent_id) DO UPDATE SET passages = max(0, passages + excluded.passages)",
      [agentId, this.passages],
    );
    for (const count of this.byStem.values()) count.n = 0;
    this.passages = 0;
    this.pending = false;
  }
}

/** Adds (sign 1) or subtracts (sign -1) passages from an agent's statistics. */
export function updateStats(store: Store, agentId: string, list: Passage[], sign: 1 | -1): void {
  if (!list.length) return;
  const delta = new StatsDelta();
  delta.add(list, sign);
  delta.apply(store, agentId);
}

export interface Stats {
  /** Passages the agent has. */
  n: number;
  /** Passages holding each asked stem (0 when none). */
  df: Map<string, number>;
}

/** Statistics for the stems of one question. */
export function statsFor(store: Store, agentId: string, terms: string[]): Stats {
  const n = store.sqlite.query<{ passages: number }, [string]>("SELECT passages FROM engine_agents WHERE agent_id = ?").get(agentId)?.passages ?? 0;
  const df = new Map<string, number>(terms.map((t) => [t, 0]));
  if (terms.length) {
    const rows = store.sqlite
      .query<{ term: string; df: number }, string[]>(`SELECT term, df FROM engine_terms WHERE agent_id = ? AND term IN (${terms.map(() => "?").join(",")})`)
      .all(agentId, ...terms);
    for (const r of rows) df.set(r.term, r.df);
  }
  return { n, df };
}

/** Inverse document frequency (BM25's form, always positive). */
export function idf(stats: Stats, term: string): number {
  const df = stats.df.get(term) ?? 0;
  return Math.log(1 + (stats.n - df + 0.5) / (df + 0.5));
}
