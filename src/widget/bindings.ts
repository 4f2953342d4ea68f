/**
 * A widget session is bound to its installation's state when it was opened: deactivating
 * the agent, revoking or rotating the key or installation, or removing the session's origin
 * (so that no entry allows it any more) ends the session for good, even when the change is
 * undone a minute later.
 *
 * SQLite triggers do this, so whichever process makes the change (the CLI, the dashboard,
 * while the server runs or not) ends the sessions in the same transaction. The server
 * installs them when it starts. Sessions opened before they existed were never watched, so
 * installing them the first time ends those sessions once (the widget opens a new one
 * without the visitor noticing).
 */
import type { Database } from "bun:sqlite";

/** Bump the suffix when a trigger changes: older versions are dropped, the new ones created. */
const VERSION = "v1";
const PREFIX = "widget_sessions_end_";
const NAMES = ["agent", "installation", "key"].map((what) => `${PREFIX}${what}_${VERSION}`);

/**
 * `origin` is allowed by an entry of `entries` (a JSON array of stored, canonical entries):
 * the same rule as originAllowed() in src/auth/origins.ts, which test/widget/bindings.test.ts
 * holds them to. A wildcard entry `scheme://*.domain[:port]` matches an origin that starts
 * with `scheme://`, ends with `.domain[:port]` and has at least one character between.
 */
const ALLOWED = (origin: string, entries: string) => `EXISTS (
  SELECT 1 FROM json_each(${entries}) e
  WHERE e.value = ${origin} OR (
    instr(e.value, '://*.') > 0
    AND substr(${origin}, 1, instr(e.value, '://*.') + 2) = substr(e.value, 1, instr(e.value, '://*.') + 2)
    AND substr(${origin}, -(length(e.value) - instr(e.value, '://*.') - 3)) = substr(e.value, instr(e.value, '://*.') + 4)
    AND length(${origin}) > length(e.value) - 1))`;

const TRIGGERS = `
CREATE TRIGGER IF NOT EXISTS ${NAMES[0]} AFTER UPDATE OF state ON agents WHEN NEW.state <> 'active'
BEGIN
  DELETE FROM widget_sessions WHERE installation_id IN (SELECT id FROM installations WHERE agent_id = NEW.id);
END;
CREATE TRIGGER IF NOT EXISTS ${NAMES[1]} AFTER UPDATE OF state, origins ON installations
BEGIN
  DELETE FROM widget_sessions WHERE installation_id = NEW.id
    AND (NEW.state <> 'active' OR NOT ${ALLOWED("widget_sessions.origin", "NEW.origins")});
END;
CREATE TRIGGER IF NOT EXISTS ${NAMES[2]} AFTER UPDATE OF state ON api_keys WHEN NEW.state <> 'active'
BEGIN
  DELETE FROM widget_sessions WHERE key_id = NEW.id;
END;`;

function installedTriggers(sqlite: Database): string[] {
  return sqlite
    .query<{ name: string }, [string]>("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE ? ESCAPE '\\'")
    .all(`${PREFIX.replace(/_/g, "\\_")}%`)
    .map((r) => r.name);
}

/** Installs (or upgrades) the triggers that end sessions; a no-op once they are in place. */
export function bindSessionsToInstallations(sqlite: Database): void {
  if (NAMES.every((name) => installedTriggers(sqlite).includes(name))) return;
  sqlite
    .transaction(() => {
      const present = installedTriggers(sqlite);
      if (NAMES.every((name) => present.includes(name))) return; // another process was first
      for (const name of present) if (!NAMES.includes(name)) sqlite.run(`DROP TRIGGER ${name}`);
      if (present.length === 0) sqlite.run("DELETE FROM widget_sessions");
      sqlite.run(TRIGGERS);
    })
    .immediate();
}

/** The SQL test of whether `origin` is allowed by a JSON list of entries (for tests). */
export function allowedSql(origin: string, entries: string): string {
  return ALLOWED(origin, entries);
}
