/**
 * Answer-engine statistics: per-agent document frequency of each stemmed term, and each
 * agent's passage count. FTS5's own statistics are table-wide and counting a term's
 * documents through fts5vocab walks its whole doclist, so confidence scoring keeps its own
 * small, exact table. Stores written by the previous build are backfilled from the FTS
 * index itself (fts5vocab terms are the same porter stems the engine computes).
 */
export default `
CREATE TABLE engine_terms (
  agent_id TEXT NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
  term TEXT NOT NULL,
  df INTEGER NOT NULL,
  PRIMARY KEY (agent_id, term)
) WITHOUT ROWID;
CREATE TABLE engine_agents (
  agent_id TEXT PRIMARY KEY REFERENCES agents(id) ON DELETE CASCADE,
  passages INTEGER NOT NULL
);
CREATE VIRTUAL TABLE temp.engine_backfill USING fts5vocab(main, passages_fts, 'instance');
INSERT INTO engine_terms (agent_id, term, df)
  SELECT p.agent_id, v.term, count(DISTINCT v.doc) FROM temp.engine_backfill v JOIN passages p ON p.id = v.doc GROUP BY p.agent_id, v.term;
INSERT INTO engine_agents (agent_id, passages) SELECT agent_id, count(*) FROM passages GROUP BY agent_id;
DROP TABLE temp.engine_backfill;
`;
