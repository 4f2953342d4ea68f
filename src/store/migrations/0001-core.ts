/** First schema: accounts, agents, keys, installations, material + FTS5, usage, chat log. */
export default `
CREATE TABLE accounts (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  rpm INTEGER NOT NULL,
  monthly INTEGER NOT NULL,
  subscription TEXT NOT NULL DEFAULT 'active' CHECK (subscription IN ('active','past_due')),
  created_at INTEGER NOT NULL
);
CREATE TABLE agents (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  persona TEXT NOT NULL DEFAULT '',
  instructions TEXT NOT NULL DEFAULT '',
  accent_color TEXT,
  welcome TEXT,
  state TEXT NOT NULL DEFAULT 'active' CHECK (state IN ('active','inactive')),
  created_at INTEGER NOT NULL
);
CREATE INDEX agents_account ON agents(account_id);
CREATE TABLE installations (
  id TEXT PRIMARY KEY,
  agent_id TEXT NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
  origins TEXT NOT NULL,
  state TEXT NOT NULL DEFAULT 'active' CHECK (state IN ('active','revoked')),
  created_at INTEGER NOT NULL
);
CREATE INDEX installations_agent ON installations(agent_id);
CREATE TABLE api_keys (
  id TEXT PRIMARY KEY,
  agent_id TEXT NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
  installation_id TEXT REFERENCES installations(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('secret','publishable')),
  hash TEXT NOT NULL UNIQUE,
  value TEXT,
  hint TEXT NOT NULL,
  state TEXT NOT NULL DEFAULT 'active' CHECK (state IN ('active','revoked')),
  created_at INTEGER NOT NULL,
  revoked_at INTEGER
);
CREATE INDEX api_keys_agent ON api_keys(agent_id);
CREATE TABLE material (
  id TEXT PRIMARY KEY,
  agent_id TEXT NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  title TEXT NOT NULL,
  source TEXT,
  content_hash TEXT NOT NULL,
  chars INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  UNIQUE (agent_id, content_hash)
);
CREATE TABLE passages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  material_id TEXT NOT NULL REFERENCES material(id) ON DELETE CASCADE,
  agent_id TEXT NOT NULL,
  position INTEGER NOT NULL,
  title TEXT NOT NULL,
  body TEXT NOT NULL
);
CREATE INDEX passages_material ON passages(material_id);
CREATE VIRTUAL TABLE passages_fts USING fts5(
  title, body, agent_id UNINDEXED,
  content='passages', content_rowid='id',
  tokenize='porter unicode61 remove_diacritics 2'
);
CREATE TRIGGER passages_ai AFTER INSERT ON passages BEGIN
  INSERT INTO passages_fts(rowid, title, body, agent_id) VALUES (new.id, new.title, new.body, new.agent_id);
END;
CREATE TRIGGER passages_ad AFTER DELETE ON passages BEGIN
  INSERT INTO passages_fts(passages_fts, rowid, title, body, agent_id) VALUES ('delete', old.id, old.title, old.body, old.agent_id);
END;
CREATE TABLE usage_monthly (
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  month TEXT NOT NULL,
  count INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (account_id, month)
);
CREATE TABLE chat_sessions (
  id TEXT PRIMARY KEY,
  agent_id TEXT NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
  external_id TEXT,
  key_id TEXT,
  installation_id TEXT,
  created_at INTEGER NOT NULL,
  last_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX chat_sessions_external ON chat_sessions(agent_id, external_id) WHERE external_id IS NOT NULL;
CREATE TABLE chat_turns (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  session_id TEXT NOT NULL REFERENCES chat_sessions(id) ON DELETE CASCADE,
  question TEXT NOT NULL,
  answer TEXT NOT NULL,
  covered INTEGER NOT NULL,
  prompt_tokens INTEGER NOT NULL,
  completion_tokens INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX chat_turns_session ON chat_turns(session_id);
CREATE INDEX chat_turns_created ON chat_turns(created_at);
`;
