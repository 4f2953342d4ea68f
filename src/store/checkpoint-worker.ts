/**
 * Runs WAL checkpoints on a thread of its own, so copying pages back into the database
 * file (and its fsync) never sits on a request's path. PASSIVE never blocks a writer.
 */
import { Database } from "bun:sqlite";

declare const self: Worker;

self.onmessage = (event: MessageEvent<{ path: string; everyMs: number }>) => {
  const db = new Database(event.data.path, { readwrite: true });
  db.run("PRAGMA busy_timeout = 1000");
  const checkpoint = db.query("PRAGMA wal_checkpoint(PASSIVE)");
  setInterval(() => {
    try {
      checkpoint.get();
    } catch {
      // A busy or failing checkpoint is retried on the next tick; the WAL stays valid meanwhile.
    }
  }, event.data.everyMs);
};
