/**
 * Recording answered exchanges: the monthly count and the chat-log turn. The counter always
 * equals the answers logged, the allowance is never overshot, and an answer is returned
 * only once its exchange is durable (in the store, or in the exchange journal beside it).
 *
 * Two recorders share the same log rows:
 * - CommitWriter commits each exchange to SQLite before it is answered; exchanges that
 *   finish in the same turn of the event loop share one transaction (group commit).
 * - JournalWriter (the server, journal-writer.ts) appends each exchange to the exchange
 *   journal and moves the journal into the log tables in batches.
 */
import type { Database } from "bun:sqlite";
import type { Store } from "../../store/db";
import { newSortableId } from "../../ids";
import { consumeMonthly, monthOf } from "../../limits/monthly";
import type { Principal } from "../../auth/principal";

export interface Exchange {
  principal: Principal;
  /** The caller's grouping hint, or null for a one-off exchange. */
  sessionHint: string | null;
  /** The log's own session id when the caller keeps its own sessions. */
  logSessionId?: string;
  question: string;
  answer: string;
  covered: boolean;
  promptTokens: number;
  completionTokens: number;
}

/** An exchange as the log keeps it: plain data, so it can travel through the journal. */
export interface LogEntry {
  /** Journal sequence number (0 when committed directly). */
  seq: number;
  at: number;
  accountId: string;
  agentId: string;
  keyId: string;
  installationId: string | null;
  sessionHint: string | null;
  logSessionId: string | null;
  question: string;
  answer: string;
  covered: boolean;
  promptTokens: number;
  completionTokens: number;
}

export interface ExchangeRecorder {
  /** Resolves once the exchange is durable (true), or false (nothing kept) when the monthly allowance is spent. */
  record(exchange: Exchange): Promise<boolean>;
  /** Makes everything recorded so far visible in the log tables. */
  flush(): void;
}

export function entryOf(ex: Exchange, at: number, seq: number): LogEntry {
  return {
    seq,
    at,
    accountId: ex.principal.account.id,
    agentId: ex.principal.agent.id,
    keyId: ex.principal.keyId,
    installationId: ex.principal.installationId,
    sessionHint: ex.sessionHint,
    logSessionId: ex.logSessionId ?? null,
    question: ex.question,
    answer: ex.answer,
    covered: ex.covered,
    promptTokens: ex.promptTokens,
    completionTokens: ex.completionTokens,
  };
}

/** Writes an entry's session and turn (counting the month is the caller's part). */
export function logTurn(sqlite: Database, e: LogEntry): void {
  let sessionId = e.logSessionId;
  if (!sessionId && e.sessionHint !== null) {
    const row = sqlite
      .query<{ id: string }, [string, string]>("SELECT id FROM chat_sessions WHERE agent_id = ? AND external_id = ?")
      .get(e.agentId, e.sessionHint);
    sessionId = row?.id ?? null;
  }
  if (!sessionId) {
    sessionId = newSortableId("sess");
    sqlite
      .query("INSERT INTO chat_sessions (id, agent_id, external_id, key_id, installation_id, created_at, last_at) VALUES (?, ?, ?, ?, ?, ?, ?)")
      .run(sessionId, e.agentId, e.sessionHint, e.keyId, e.installationId, e.at, e.at);
  } else {
    sqlite.query("UPDATE chat_sessions SET last_at = ? WHERE id = ?").run(e.at, sessionId);
  }
  sqlite
    .query("INSERT INTO chat_turns (session_id, question, answer, covered, prompt_tokens, completion_tokens, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)")
    .run(sessionId, e.question, e.answer, e.covered ? 1 : 0, e.promptTokens, e.completionTokens, e.at);
}

interface Pending {
  exchange: Exchange;
  resolve(recorded: boolean): void;
  reject(err: unknown): void;
}

/** Commits each exchange before it is answered (group commit per event-loop turn). */
export class CommitWriter implements ExchangeRecorder {
  private queue: Pending[] = [];
  constructor(private readonly store: Store) {}

  record(exchange: Exchange): Promise<boolean> {
    return new Promise((resolve, reject) => {
      if (this.queue.push({ exchange, resolve, reject }) === 1) setImmediate(() => this.flush());
    });
  }

  flush(): void {
    if (!this.queue.length) return;
    const batch = this.queue;
    this.queue = [];
    const now = Date.now();
    const { sqlite } = this.store;
    let results: boolean[];
    try {
      results = this.store.write(() =>
        batch.map(({ exchange }) => {
          if (!consumeMonthly(sqlite, exchange.principal.account.id, monthOf(now), exchange.principal.account.monthly)) return false;
          logTurn(sqlite, entryOf(exchange, now, 0));
          return true;
        }),
      );
    } catch (err) {
      for (const p of batch) p.reject(err);
      return;
    }
    batch.forEach((p, i) => p.resolve(results[i]));
  }
}
