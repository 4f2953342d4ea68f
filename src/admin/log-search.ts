/**
 * Searching the chat log across agents: sessions filtered by agent, key, installation,
 * date range and text; one session's transcript; and the matching turns for export.
 */
import type { Store } from "../store/db";

export interface LogQuery {
  agentId?: string;
  keyId?: string;
  installationId?: string;
  /** Inclusive bounds on a turn's time, in ms. */
  from?: number;
  to?: number;
  /** Text that must appear in a question or an answer. */
  text?: string;
}

export interface SessionSummary {
  id: string;
  agent_id: string;
  agent_name: string;
  session_id: string | null;
  key_id: string | null;
  installation_id: string | null;
  created_at: number;
  last_at: number;
  turns: number;
  first_question: string;
}

export interface TurnRow {
  session: string;
  session_id: string | null;
  agent_id: string;
  agent_name: string;
  key_id: string | null;
  installation_id: string | null;
  created_at: string;
  question: string;
  answer: string;
  covered: boolean;
  prompt_tokens: number;
  completion_tokens: number;
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The shared WHERE clause over `s` (chat_sessions) and `t` (chat_turns). */
function where(q: LogQuery): { sql: string; args: (string | number)[] } {
  const parts: string[] = [];
  const args: (string | number)[] = [];
  const add = (sql: string, ...values: (string | number)[]) => {
    parts.push(sql);
    args.push(...values);
  };
  if (q.agentId) add("s.agent_id = ?", q.agentId);
  if (q.keyId) add("s.key_id = ?", q.keyId);
  if (q.installationId) add("s.installation_id = ?", q.installationId);
  if (q.from !== undefined) add("t.created_at >= ?", q.from);
  if (q.to !== undefined) add("t.created_at <= ?", q.to);
  if (q.text) add("(t.question LIKE ? ESCAPE '\\' OR t.answer LIKE ? ESCAPE '\\')", likePattern(q.text), likePattern(q.text));
  return { sql: parts.length ? `WHERE ${parts.join(" AND ")}` : "", args };
}

export function searchSessions(store: Store, q: LogQuery, limit = 50, offset = 0): { sessions: SessionSummary[]; total: number } {
  const w = where(q);
  const from = `FROM chat_sessions s JOIN agents a ON a.id = s.agent_id JOIN chat_turns t ON t.session_id = s.id ${w.sql}`;
  const total = store.sqlite.query<{ n: number }, any[]>(`SELECT count(DISTINCT s.id) AS n ${from}`).get(...w.args)!.n;
  const sessions = store.sqlite
    .query<SessionSummary, any[]>(
      `SELECT s.id, s.agent_id, a.name AS agent_name, s.external_id AS session_id, s.key_id, s.installation_id,
              s.created_at, s.last_at, count(t.id) AS turns,
              (SELECT question FROM chat_turns f WHERE f.session_id = s.id ORDER BY f.id LIMIT 1) AS first_question
         ${from} GROUP BY s.id ORDER BY s.last_at DESC LIMIT ? OFFSET ?`,
    )
    .all(...w.args, limit, offset);
  return { sessions, total };
}

const TURN_COLUMNS = `s.id AS session, s.external_id AS session_id, s.agent_id, a.name AS agent_name, s.key_id,
  s.installation_id, t.created_at, t.question, t.answer, t.covered, t.prompt_tokens, t.completion_tokens`;

function toTurnRow(r: any): TurnRow {
  return { ...r, created_at: new Date(r.created_at).toISOString(), covered: r.covered === 1 };
}

/** Every turn matching the query, oldest first (for export). */
export function searchTurns(store: Store, q: LogQuery, limit = 100_000): TurnRow[] {
  const w = where(q);
  return store.sqlite
    .query<any, any[]>(`SELECT ${TURN_COLUMNS} FROM chat_sessions s JOIN agents a ON a.id = s.agent_id JOIN chat_turns t ON t.session_id = s.id ${w.sql} ORDER BY t.id LIMIT ?`)
    .all(...w.args, limit)
    .map(toTurnRow);
}

/** One session's transcript, or null when it does not exist. */
export function transcript(store: Store, sessionId: string): { session: SessionSummary; turns: TurnRow[] } | null {
  const { sessions } = searchSessionsById(store, sessionId);
  if (!sessions.length) return null;
  const turns = store.sqlite
    .query<any, [string]>(`SELECT ${TURN_COLUMNS} FROM chat_sessions s JOIN agents a ON a.id = s.agent_id JOIN chat_turns t ON t.session_id = s.id WHERE s.id = ? ORDER BY t.id`)
    .all(sessionId)
    .map(toTurnRow);
  return { session: sessions[0], turns };
}

function searchSessionsById(store: Store, id: string) {
  const sessions = store.sqlite
    .query<SessionSummary, [string]>(
      `SELECT s.id, s.agent_id, a.name AS agent_name, s.external_id AS session_id, s.key_id, s.installation_id,
              s.created_at, s.last_at, (SELECT count(*) FROM chat_turns c WHERE c.session_id = s.id) AS turns,
              (SELECT question FROM chat_turns f WHERE f.session_id = s.id ORDER BY f.id LIMIT 1) AS first_question
         FROM chat_sessions s JOIN agents a ON a.id = s.agent_id WHERE s.id = ?`,
    )
    .all(id);
  return { sessions };
}
