/** Monthly allowance, counted durably in the store per account and calendar month (UTC). */
import type { Database } from "bun:sqlite";

/** The last month computed and the span of milliseconds it covers (asked on every request). */
let cached = { from: 0, to: -1, month: "" };

export function monthOf(ms: number): string {
  if (ms >= cached.from && ms < cached.to) return cached.month;
  const d = new Date(ms);
  const from = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  const to = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  cached = { from, to, month: d.toISOString().slice(0, 7) };
  return cached.month;
}

export function usedThisMonth(sqlite: Database, accountId: string, month: string): number {
  const row = sqlite.query<{ count: number }, [string, string]>("SELECT count FROM usage_monthly WHERE account_id = ? AND month = ?").get(accountId, month);
  return row?.count ?? 0;
}

/**
 * Counts one answer. The allowance is checked when the answer is recorded (see
 * api/chat/journal-writer.ts); call this inside the write transaction that also logs the
 * exchange, so the count and the log never disagree.
 */
export function countMonthly(sqlite: Database, accountId: string, month: string): void {
  sqlite
    .query("INSERT INTO usage_monthly (account_id, month, count) VALUES (?1, ?2, 1) ON CONFLICT (account_id, month) DO UPDATE SET count = count + 1")
    .run(accountId, month);
}
