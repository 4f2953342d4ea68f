/**
 * What the chat log keeps of an answered exchange and how it is written: the session found
 * or created, the turn inserted. The server records exchanges through the exchange journal
 * (journal-writer.ts), which writes these rows in batches with the month's count.
 */
import type { Database } from "bun:sqlite";
import { newSortableId } from "../../ids";
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
  /** Journal sequence number: entries are applied in its order, each once. */
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
