/**
 * An account's usage: this month's count against its allowance (the durable counter the
 * API enforces), and requests per day drawn from the chat log (so days the retention
 * setting has deleted show as zero).
 */
import type { Store } from "../store/db";
import { monthOf, usedThisMonth } from "../limits/monthly";

export interface DailyCount {
  day: string; // YYYY-MM-DD (UTC)
  count: number;
}

export function monthUsage(store: Store, accountId: string, now = Date.now()): number {
  return usedThisMonth(store.sqlite, accountId, monthOf(now));
}

/** One entry per day of the current UTC month up to today, zeros included. */
export function dailyRequests(store: Store, accountId: string, now = Date.now()): DailyCount[] {
  const today = new Date(now);
  const start = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1);
  const rows = store.sqlite
    .query<{ day: string; count: number }, [string, number]>(
      `SELECT strftime('%Y-%m-%d', t.created_at / 1000, 'unixepoch') AS day, count(*) AS count
         FROM chat_turns t
         JOIN chat_sessions s ON s.id = t.session_id
         JOIN agents a ON a.id = s.agent_id
        WHERE a.account_id = ? AND t.created_at >= ?
        GROUP BY day`,
    )
    .all(accountId, start);
  const byDay = new Map(rows.map((r) => [r.day, r.count]));
  const out: DailyCount[] = [];
  for (let d = 1; d <= today.getUTCDate(); d++) {
    const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), d)).toISOString().slice(0, 10);
    out.push({ day, count: byDay.get(day) ?? 0 });
  }
  return out;
}
