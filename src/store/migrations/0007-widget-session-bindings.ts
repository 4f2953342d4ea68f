/**
 * A widget session is bound to its installation's state when it was opened: deactivating
 * the agent, revoking or rotating the key or installation, or removing the session's origin
 * (so that no entry allows it any more) ends the session for good, even when the change is
 * undone a minute later. Triggers do it, so whichever process makes the change (the CLI, the
 * dashboard, with the server running or not) ends the sessions in the same transaction.
 * Sessions opened before this migration were never watched: it ends them once (the widget
 * opens a new one without the visitor noticing).
 */

/**
 * `origin` is allowed by an entry of `entries` (a JSON array of stored, canonical entries):
 * the same rule as originAllowed() in src/auth/origins.ts, which test/widget/bindings.test.ts
 * holds them to. A wildcard entry `scheme://*.domain[:port]` matches an origin that starts
 * with `scheme://`, ends with `.domain[:port]` and has at least one character between.
 */
export const ALLOWED = (origin: string, entries: string) => `EXISTS (
  SELECT 1 FROM json_each(${entries}) e
  WHERE e.value = ${origin} OR (
    instr(e.value, '://*.') > 0
    AND substr(${origin}, 1, instr(e.value, '://*.') + 2) = substr(e.value, 1, instr(e.value, '://*.') + 2)
    AND substr(${origin}, -(length(e.value) - instr(e.value, '://*.') - 3)) = substr(e.value, instr(e.value, '://*.') + 4)
    AND length(${origin}) > length(e.value) - 1))`;

export default `
DELETE FROM widget_sessions;
CREATE TRIGGER widget_sessions_end_agent AFTER UPDATE OF state ON agents WHEN NEW.state <> 'active'
BEGIN
  DELETE FROM widget_sessions WHERE installation_id IN (SELECT id FROM installations WHERE agent_id = NEW.id);
END;
CREATE TRIGGER widget_sessions_end_installation AFTER UPDATE OF state, origins ON installations
BEGIN
  DELETE FROM widget_sessions WHERE installation_id = NEW.id
    AND (NEW.state <> 'active' OR NOT ${ALLOWED("widget_sessions.origin", "NEW.origins")});
END;
CREATE TRIGGER widget_sessions_end_key AFTER UPDATE OF state ON api_keys WHEN NEW.state <> 'active'
BEGIN
  DELETE FROM widget_sessions WHERE key_id = NEW.id;
END;
`;
