/** Reading the chat log: sessions of an agent with their turns, oldest turn first. */
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Store } from "../store/db";
import { chatSessions, chatTurns } from "../store/schema";
import { requireAgent } from "./agents";

export interface LogFilter {
  agentId: string;
  /** The caller's session id (grouping hint) or the log's own session id. */
  session?: string;
}

export function readLog(store: Store, filter: LogFilter) {
  requireAgent(store, filter.agentId);
  const where = [eq(chatSessions.agentId, filter.agentId)];
  const sessions = store.db
    .select()
    .from(chatSessions)
    .where(and(...where))
    .orderBy(desc(chatSessions.lastAt))
    .all()
    .filter((s) => !filter.session || s.externalId === filter.session || s.id === filter.session);
  const ids = sessions.map((s) => s.id);
  const turns = ids.length
    ? store.db.select().from(chatTurns).where(inArray(chatTurns.sessionId, ids)).orderBy(asc(chatTurns.id)).all()
    : [];
  return {
    sessions: sessions.map((s) => ({
      id: s.id,
      session_id: s.externalId,
      key_id: s.keyId,
      installation_id: s.installationId,
      created_at: s.createdAt,
      last_at: s.lastAt,
      turns: turns
        .filter((t) => t.sessionId === s.id)
        .map((t) => ({
          question: t.question,
          answer: t.answer,
          covered: t.covered === 1,
          prompt_tokens: t.promptTokens,
          completion_tokens: t.completionTokens,
          created_at: t.createdAt,
        })),
    })),
  };
}
