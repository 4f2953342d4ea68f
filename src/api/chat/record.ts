/**
 * Recording answered exchanges: the monthly count and the chat-log turn are written in one
 * immediate transaction, so the counter always equals the answers logged and the allowance
 * is never overshot by concurrent requests. Exchanges that finish in the same turn of the
 * event loop share one transaction (group commit); each caller still gets its answer only
 * after its own turn is committed, so a returned answer is never missing from the log.
 */
import type { Store } from "../../store/db";
import { newSortableId } from "../../ids";
import { consumeMonthly, monthOf } from "../../limits/monthly";
import type { Principal } from "../../auth/principal";

export interface Exchange {
  principal: Principal;
  /** The caller's grouping hint, or null for a one-off exchange. */
  sessionHint: string | null;
  /** The log's own session id when the caller is the widget (it keeps its own sessions). */
  logSessionId?: string;
  question: string;
  answer: string;
  covered: boolean;
  promptTokens: number;
  completionTokens: number;
}

interface Pending {
  exchange: Exchange;
  resolve(recorded: boolean): void;
  reject(err: unknown): void;
}

/** Writes one exchange; false (and nothing written) when the monthly allowance is spent. */
function writeOne(store: Store, ex: Exchange, now: number): boolean {
  const { sqlite } = store;
  if (!consumeMonthly(sqlite, ex.principal.account.id, monthOf(now), ex.principal.account.monthly)) return false;
  let sessionId = ex.logSessionId ?? null;
  if (!sessionId && ex.sessionHint !== null) {
    const row = sqlite
      .query<{ id: string }, [string, string]>("SELECT id FROM chat_sessions WHERE agent_id = ? AND external_id = ?")
      .get(ex.principal.agent.id, ex.sessionHint);
    sessionId = row?.id ?? null;
  }
  if (!sessionId) {
    sessionId = newSortableId("sess");
    sqlite
      .query("INSERT INTO chat_sessions (id, agent_id, external_id, key_id, installation_id, created_at, last_at) VALUES (?, ?, ?, ?, ?, ?, ?)")
      .run(sessionId, ex.principal.agent.id, ex.sessionHint, ex.principal.keyId, ex.principal.installationId, now, now);
  } else {
    sqlite.query("UPDATE chat_sessions SET last_at = ? WHERE id = ?").run(now, sessionId);
  }
  sqlite
    .query("INSERT INTO chat_turns (session_id, question, answer, covered, prompt_tokens, completion_tokens, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)")
    .run(sessionId, ex.question, ex.answer, ex.covered ? 1 : 0, ex.promptTokens, ex.completionTokens, now);
  return true;
}

export class ExchangeWriter {
  private queue: Pending[] = [];
  constructor(private readonly store: Store) {}

  /** Resolves once the exchange is committed (true) or refused for a spent allowance (false). */
  record(exchange: Exchange): Promise<boolean> {
    return new Promise((resolve, reject) => {
      if (this.queue.push({ exchange, resolve, reject }) === 1) setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    if (!this.queue.length) return;
    const batch = this.queue;
    this.queue = [];
    const now = Date.now();
    let results: boolean[];
    try {
      results = this.store.write(() => batch.map((p) => writeOne(this.store, p.exchange, now)));
    } catch (err) {
      for (const p of batch) p.reject(err);
      return;
    }
    batch.forEach((p, i) => p.resolve(results[i]));
  }
}
