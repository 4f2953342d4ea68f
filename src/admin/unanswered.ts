/**
 * Questions visitors asked that the material did not cover (chat_turns.covered = 0),
 * grouped by their normalised text, most frequent first. A question that has since been
 * given a question/answer pair drops out of the list.
 */
import type { Store } from "../store/db";

export interface UnansweredQuestion {
  agent_id: string;
  agent_name: string;
  question: string;
  times: number;
  last_at: number;
}

export function listUnanswered(store: Store, opts: { agentId?: string; limit?: number } = {}): UnansweredQuestion[] {
  return store.sqlite
    .query<UnansweredQuestion, [string | null, number]>(
      `SELECT s.agent_id, a.name AS agent_name, min(t.question) AS question, count(*) AS times, max(t.created_at) AS last_at
         FROM chat_turns t
         JOIN chat_sessions s ON s.id = t.session_id
         JOIN agents a ON a.id = s.agent_id
        WHERE t.covered = 0 AND (?1 IS NULL OR s.agent_id = ?1)
          AND NOT EXISTS (SELECT 1 FROM material m WHERE m.agent_id = s.agent_id AND m.kind = 'qa'
                           AND lower(trim(m.title)) = lower(trim(t.question)))
        GROUP BY s.agent_id, lower(trim(t.question))
        ORDER BY times DESC, last_at DESC
        LIMIT ?2`,
    )
    .all(opts.agentId ?? null, opts.limit ?? 200);
}
