/**
 * The engine's own corpus statistics (migration 0002): per agent, how many passages hold
 * each stem, and how many passages there are. Kept exact inside the same transaction that
 * adds or removes passages.
 */
import type { Store } from "../store/db";
import { stem } from "./text/terms";
import type { Passage } from "./ingest/split";
import { grown, WordTable } from "./ingest/word-table";

/**
 * Changes to an agent's statistics, summed over every passage one write adds or removes and
 * applied once at its end: a term shared by many documents is upserted once, not per document.
 */
export class StatsDelta {
  /** Distinct stems, by stem id; `stemIds` finds a stem's id. */
  private stems: string[] = [];
  private stemIds = new Map<string, number>();
  /** By stem id: the running count, and the passage that counted it last (once per passage). */
  private counts = new Int32Array(1 << 12);
  private lastSeen = new Int32Array(1 << 12);
  /** Word id → stem id: most words repeat, so each is stemmed and looked up once. */
  private stemOfWord = new Int32Array(1 << 12);
  private byWord = new WordTable((word, id) => {
    const s = stem(word);
    let stemId = this.stemIds.get(s);
    if (stemId === undefined) {
      stemId = this.stems.push(s) - 1;
      this.stemIds.set(s, stemId);
      if (stemId >= this.counts.length) {
        this.counts = grown(this.counts, stemId + 1);
        this.lastSeen = grown(this.lastSeen, stemId + 1);
      }
    }
    if (id >= this.stemOfWord.length) this.stemOfWord = grown(this.stemOfWord, id + 1);
    this.stemOfWord[id] = stemId;
  });
  /** Passages counted so far: each one's number marks the stems it has counted. */
  private seen = 0;
  private passages = 0;
  private pending = false;
  /** The word ids of the last title read. */
  private lastTitle: string | null = null;
  private lastTitleIds = new Int32Array(0);

  /** Counts (sign 1) or uncounts (sign -1) passages, each stem once per passage, title included. */
  add(list: Passage[], sign: 1 | -1): void {
    for (const p of list) {
      const passage = ++this.seen;
      // Title and body apart: the same words as in `${title}\n${body}` (nothing folds across a
      // line break), and a section's passages share one title, read once.
      this.countTitle(p.title, passage, sign);
      this.countWords(this.byWord.scan(p.body), passage, sign);
    }
    this.passages += sign * list.length;
    if (list.length) this.pending = true;
  }

  private countTitle(title: string, passage: number, sign: 1 | -1): void {
    if (title !== this.lastTitle) {
      this.lastTitle = title;
      this.lastTitleIds = this.byWord.scan(title).slice();
    }
    this.countWords(this.lastTitleIds, passage, sign);
  }

  /** Counts the stems of these words that this passage has not counted yet. */
  private countWords(ids: Int32Array, passage: number, sign: 1 | -1): void {
    const { stemOfWord, counts, lastSeen } = this;
    for (let k = 0; k < ids.length; k++) {
      const s = stemOfWord[ids[k]];
      if (lastSeen[s] !== passage) {
        lastSeen[s] = passage;
        counts[s] += sign;
      }
    }
  }

  /** Writes the summed changes (inside the caller's transaction) and starts over. */
  apply(store: Store, agentId: string): void {
    if (!this.pending) return;
    const upsert = store.sqlite.prepare(
      "INSERT INTO engine_terms (agent_id, term, df) VALUES (?1, ?2, ?3) ON CONFLICT (agent_id, term) DO UPDATE SET df = df + excluded.df",
    );
    let removed = false;
    this.stems.forEach((term, id) => {
      const n = this.counts[id];
      if (n) upsert.run(agentId, term, n);
      if (n < 0) removed = true;
    });
    if (removed) store.sqlite.run("DELETE FROM engine_terms WHERE agent_id = ? AND df <= 0", [agentId]);
    store.sqlite.run(
      "INSERT INTO engine_agents (agent_id, passages) VALUES (?1, ?2) ON CONFLICT (agent_id) DO UPDATE SET passages = max(0, passages + excluded.passages)",
      [agentId, this.passages],
    );
    this.counts.fill(0);
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
