/**
 * Every answered exchange writes usage_monthly, chat_sessions and chat_turns, and each
 * b-tree it touches is one more WAL page per commit (~6 µs each on the hot path). This
 * keeps the same columns and constraints with fewer b-trees: the keyed tables become
 * WITHOUT ROWID (their primary key is the table), chat_turns drops AUTOINCREMENT (its
 * sqlite_sequence row was rewritten by every insert; new ids still exceed every kept one,
 * so id order stays time order), and the index for unanswered questions only holds the
 * uncovered turns. A covered one-off exchange goes from 9 pages to 5.
 *
 * The tables are rebuilt rather than altered (SQLite cannot change a table's kind). Children
 * are copied before their parents are dropped, so the implicit DELETE of a DROP TABLE with
 * foreign keys on never cascades into kept rows; RENAME rewrites the REFERENCES clauses.
 */
export default `
CREATE TABLE usage_monthly_next (
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  month TEXT NOT NULL,
  count INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (account_id, month)
) WITHOUT ROWID;
INSERT INTO usage_monthly_next (account_id, month, count) SELECT account_id, month, count FROM usage_monthly;
DROP TABLE usage_monthly;
ALTER TABLE usage_monthly_next RENAME TO usage_monthly;

CREATE TABLE chat_sessions_next (
  id TEXT PRIMARY KEY,
  agent_id TEXT NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
  external_id TEXT,
  key_id TEXT,
  installation_id TEXT,
  created_at INTEGER NOT NULL,
  last_at INTEGER NOT NULL
) WITHOUT ROWID;
INSERT INTO chat_sessions_next (id, agent_id, external_id, key_id, installation_id, created_at, last_at)
  SELECT id, agent_id, external_id, key_id, installation_id, created_at, last_at FROM chat_sessions;
CREATE TABLE chat_turns_next (
  id INTEGER PRIMARY KEY,
  session_id TEXT NOT NULL REFERENCES chat_sessions_next(id) ON DELETE CASCADE,
  question TEXT NOT NULL,
  answer TEXT NOT NULL,
  covered INTEGER NOT NULL,
  prompt_tokens INTEGER NOT NULL,
  completion_tokens INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);
INSERT INTO chat_turns_next (id, session_id, question, answer, covered, prompt_tokens, completion_tokens, created_at)
  SELECT id, session_id, question, answer, covered, prompt_tokens, completion_tokens, created_at FROM chat_turns;
DROP TABLE chat_turns;
DROP TABLE chat_sessions;
ALTER TABLE chat_sessions_next RENAME TO chat_sessions;
ALTER TABLE chat_turns_next RENAME TO chat_turns;
CREATE UNIQUE INDEX chat_sessions_external ON chat_sessions(agent_id, external_id) WHERE external_id IS NOT NULL;
CREATE INDEX chat_turns_session ON chat_turns(session_id);
CREATE INDEX chat_turns_created ON chat_turns(created_at);
CREATE INDEX chat_turns_uncovered ON chat_turns(created_at) WHERE covered = 0;
`;
