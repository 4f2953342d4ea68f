/**
 * The server's recorder: each answered exchange is one append to the exchange journal
 * (store/exchange-journal.ts) before it is answered, the allowance is counted in memory,
 * and the journal reaches the log tables a few milliseconds later in one transaction per
 * batch. Readers of the log in other processes settle the journal first (settleJournal).
 */
import type { Database } from "bun:sqlite";
import type { Store } from "../../store/db";
import { countMonthly, monthOf, usedThisMonth } from "../../limits/monthly";
import { readJournal, type ExchangeJournal } from "../../store/exchange-journal";
import { entryOf, logTurn, type Exchange, type LogEntry } from "./record";

function appliedSeq(sqlite: Database): number {
  return sqlite.query<{ applied_seq: number }, []>("SELECT applied_seq FROM journal_state WHERE id = 1").get()?.applied_seq ?? 0;
}

/**
 * Moves journal entries (in sequence order) that are past the applied mark into the log
 * tables; run inside the write transaction that also moves the mark, so each is applied once,
 * whichever process applies it. An entry whose agent was deleted meanwhile is dropped, as
 * the deletion dropped the agent's log.
 */
function applyInTransaction(sqlite: Database, entries: LogEntry[]): void {
  const applied = appliedSeq(sqlite);
  let last = applied;
  const agentExists = sqlite.query<{ one: number }, [string]>("SELECT 1 AS one FROM agents WHERE id = ?");
  for (const e of entries) {
    if (e.seq <= last) continue;
    last = e.seq;
    if (!agentExists.get(e.agentId)) continue;
    countMonthly(sqlite, e.accountId, monthOf(e.at));
    logTurn(sqlite, e);
  }
  if (last > applied) sqlite.query("UPDATE journal_state SET applied_seq = ? WHERE id = 1").run(last);
}

/** Brings the log tables up to date with the store's journal: for readers of the log. */
export function settleJournal(store: Store): void {
  if (store.path === ":memory:") return;
  const entries = readJournal(store.path) as LogEntry[];
  if (entries.length) store.write(() => applyInTransaction(store.sqlite, entries));
}

/** Milliseconds an appended exchange waits for others to share its transaction. */
const APPLY_AFTER_MS = 5;
/** Applied at once past this many, to bound memory under a burst. */
const APPLY_AT_ONCE = 512;
const RETRY_AFTER_MS = 200;

/** The server's recorder: one append per exchange, the log tables written in batches. */
export class JournalWriter {
  private pending: LogEntry[] = [];
  private seq: number;
  /** This month's count per account, including exchanges not yet applied. */
  private readonly used = new Map<string, number>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** After a failed apply, no new attempt before this time (a full disk is not retried per request). */
  private retryAt = 0;

  constructor(
    private readonly store: Store,
    private readonly journal: ExchangeJournal,
    private readonly onError: (err: unknown) => void = () => {},
  ) {
    // Whatever a previous process left in the journal goes in first; the sequence goes on from there.
    settleJournal(store);
    journal.clear();
    this.seq = appliedSeq(store.sqlite);
  }

  /** Resolves once the exchange is in the journal (true), or false (nothing kept) when the monthly allowance is spent. */
  record(exchange: Exchange): Promise<boolean> {
    const at = Date.now();
    const { account } = exchange.principal;
    const month = monthOf(at);
    const key = `${account.id}\0${month}`;
    const used = this.used.get(key) ?? usedThisMonth(this.store.sqlite, account.id, month);
    if (used >= account.monthly) return Promise.resolve(false);
    const entry = entryOf(exchange, at, this.seq + 1);
    try {
      this.journal.append(`${JSON.stringify(entry)}\n`);
    } catch (err) {
      return Promise.reject(err);
    }
    this.seq = entry.seq;
    this.used.set(key, used + 1);
    this.pending.push(entry);
    // After a failed apply the retry timer is already set: a burst does not retry sooner.
    if (this.pending.length >= APPLY_AT_ONCE && Date.now() >= this.retryAt) this.schedule(0);
    else if (!this.timer) this.schedule(APPLY_AFTER_MS);
    return Promise.resolve(true);
  }

  private schedule(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      let applied = false;
      try {
        // Never waits for the write lock: while an operator command writes at length
        // (a large `material add`), answers go on into the journal and wait here instead.
        applied = this.apply(false);
      } catch (err) {
        this.onError(err);
      }
      if (applied) return;
      // The entries stay in the journal and in memory; the next attempt takes them.
      this.retryAt = Date.now() + RETRY_AFTER_MS;
      this.schedule(RETRY_AFTER_MS);
    }, ms);
  }

  /** Makes everything recorded so far visible in the log tables (waits for the write lock). */
  flush(): void {
    this.apply(true);
  }

  /** Applies what is pending; false when `wait` is off and another connection is writing. */
  private apply(wait: boolean): boolean {
    if (!this.pending.length) return true;
    const pending = this.pending;
    const work = () => applyInTransaction(this.store.sqlite, pending);
    if (wait) this.store.write(work);
    else if (!this.store.writeIfFree(work)) return false;
    this.pending = [];
    // Everything appended is applied (appends and this run on one thread): start empty.
    this.journal.clear();
    // With nothing pending the store's counts are complete again: read them afresh.
    this.used.clear();
    return true;
  }

  /**
   * Like flush, for readers that must not fail on it (a dashboard page, a stop): a failure
   * goes to onError, and nothing is lost (the entries stay in the journal and in memory).
   */
  settle(): void {
    try {
      this.flush();
    } catch (err) {
      this.onError(err);
    }
  }

  /** Applies what is pending and stops the timer: for a graceful stop. */
  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.settle();
  }
}
