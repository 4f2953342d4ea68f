/**
 * The engine's own corpus statistics (migration 0002): per agent, how many passages hold
 * each stem, and how many passages there are. Kept exact inside the same transaction that
 * adds or removes passages.
 */
import type { Store } from "../store/db";
import { stems } from "./text/terms";
import type { Passage } from "./ingest/split";

/** The distinct stems of a passage, title included (the index holds both columns). */
export function passageStems(p: Passage): Set<string> {
  return new Set(stems(`${p.title}\n${p.body}`));
}

/** Adds (sign 1) or subtracts (sign -1) passages from an agent's statistics. */
export function updateStats(store: Store, agentId: string, list: Passage[], sign: 1 | -1): void {
  if (!list.length) return;
  const counts = new Map<string, number>();
  for (const p of list) for (const s of passageStems(p)) counts.set(s, (counts.get(s) ?? 0) + 1);
  const upsert = store.sqlite.prepare(
    "INSERT INTO engine_terms (agent_id, term, df) VALUES (?1, ?2, ?3) ON CONFLICT (agent_id, term) DO UPDATE SET df = df + excluded.df",
  );
  for (const [term, n] of counts) upsert.run(agentId, term, sign * n);
  if (sign < 0) store.sqlite.run("DELETE FROM engine_terms WHERE agent_id = ? AND df <= 0", [agentId]);
  store.sqlite.run(
    "INSERT INTO engine_agents (agent_id, passages) VALUES (?1, ?2) ON CONFLICT (agent_id) DO UPDATE SET passages = max(0, passages + excluded.passages)",
    [agentId, sign * list.length],
  );
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
