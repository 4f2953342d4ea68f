/**
 * How far the exchange journal (`<db>-exchanges`) has been moved into the log tables: the
 * highest sequence number applied, updated in the same transaction as the rows it
 * applied, so an entry is applied once whoever applies it (the server, or an operator
 * command reading the log while the server runs or after it died).
 */
export default `
CREATE TABLE journal_state (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  applied_seq INTEGER NOT NULL
);
INSERT INTO journal_state (id, applied_seq) VALUES (1, 0);
`;
