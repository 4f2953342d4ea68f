/** Dashboard: the admin credential (hashed), signed-in sessions, and owner settings such as log retention. */
export default `
CREATE TABLE dashboard_admin (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  password_hash TEXT NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE TABLE dashboard_sessions (
  token_hash TEXT PRIMARY KEY,
  csrf TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE TABLE dashboard_settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
CREATE INDEX chat_turns_covered ON chat_turns(covered, created_at);
`;
