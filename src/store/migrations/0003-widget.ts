/**
 * Widget sessions and their server-side history. A session token is stored only as its
 * SHA-256; the row binds it to the installation, the publishable key that opened it and
 * the browser origin, and it expires.
 */
export default `
CREATE TABLE widget_sessions (
  id TEXT PRIMARY KEY,
  token_hash TEXT NOT NULL UNIQUE,
  installation_id TEXT NOT NULL REFERENCES installations(id) ON DELETE CASCADE,
  key_id TEXT NOT NULL REFERENCES api_keys(id) ON DELETE CASCADE,
  origin TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX widget_sessions_expires ON widget_sessions(expires_at);
CREATE TABLE widget_messages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  session_id TEXT NOT NULL REFERENCES widget_sessions(id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('user','assistant')),
  content TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX widget_messages_session ON widget_messages(session_id, id);
`;
