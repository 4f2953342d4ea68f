/**
 * Chat-log retention: turns older than the configured number of days are deleted, and
 * sessions left without turns go with them. Unset means the log is kept forever.
 */
import type { Store } from "../store/db";
import { getSetting, setSetting } from "./settings";
import { CliError } from "../errors";

const KEY = "log_retention_days";
const DAY_MS = 86_400_000;
export const MAX_RETENTION_DAYS = 3650;

export function getRetentionDays(store: Store): number | null {
  const v = getSetting(store, KEY);
  return v === null ? null : Number(v);
}

/** Saves the setting (null = keep forever) and applies it at once; returns the turns deleted. */
export function setRetentionDays(store: Store, days: number | null, now = Date.now()): { deleted: number } {
  if (days !== null && (!Number.isInteger(days) || days < 1 || days > MAX_RETENTION_DAYS))
    throw new CliError(`retention must be a whole number of days from 1 to ${MAX_RETENTION_DAYS}`);
  setSetting(store, KEY, days === null ? null : String(days));
  return purgeExpired(store, now);
}

/** Deletes what the retention setting no longer keeps. */
export function purgeExpired(store: Store, now = Date.now()): { deleted: number } {
  const days = getRetentionDays(store);
  if (days === null) return { deleted: 0 };
  const cutoff = now - days * DAY_MS;
  return store.write(() => {
    const { changes } = store.sqlite.query("DELETE FROM chat_turns WHERE created_at < ?").run(cutoff);
    if (changes) store.sqlite.run("DELETE FROM chat_sessions WHERE NOT EXISTS (SELECT 1 FROM chat_turns t WHERE t.session_id = chat_sessions.id)");
    return { deleted: changes };
  });
}
