/**
 * First answer path: BM25 over the agent's passages with FTS5, answering with the best
 * passage when the match is strong enough. (The answer-engine issue replaces this.)
 */
import type { Store } from "../store/db";
import type { AgentProfile, Answer, ChatMessage } from "../types";

const STOP = new Set("a an and are as at be by can do does for from how i in is it me my of on or the to was what when where which who why will with you your".split(" "));

function ftsQuery(question: string): string | null {
  const words = (question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !STOP.has(w) && w.length > 1);
  if (!words.length) return null;
  return words.map((w) => `"${w}"`).join(" OR ");
}

export function notAvailable(agent: AgentProfile): string {
  return `Sorry, that information is not available in ${agent.name}'s material.`;
}

export async function answer(store: Store, agent: AgentProfile, messages: ChatMessage[]): Promise<Answer> {
  const question = [...messages].reverse().find((m) => m.role === "user")?.content ?? "";
  const q = ftsQuery(question);
  if (!q) return { content: notAvailable(agent), covered: false };
  const row = store.sqlite
    .query<{ body: string; score: number }, [string, string]>(
      `SELECT p.body AS body, bm25(passages_fts, 2.0, 1.0) AS score
         FROM passages_fts JOIN passages p ON p.id = passages_fts.rowid
        WHERE passages_fts MATCH ?1 AND p.agent_id = ?2
        ORDER BY score LIMIT 1`,
    )
    .get(q, agent.id);
  if (!row || row.score > -1) return { content: notAvailable(agent), covered: false };
  return { content: row.body, covered: true };
}
