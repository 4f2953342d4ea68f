/**
 * The built server checkpoints its WAL from a background thread. Read from the WAL index
 * (the -shm file, SQLite's documented layout): once the thread has run, every frame written
 * is backfilled into the database file. Without the thread nothing is backfilled until the
 * fallback size, and the WAL grows to tens of megabytes under load.
 */
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { seedWithCli, startServer, until } from "../support/binary";
import { tempDb } from "../support/tmp";

/** mxFrame (frames in the WAL) and nBackfill (frames copied back), from the WAL-index header. */
function walProgress(db: string): { frames: number; backfilled: number } {
  const shm = readFileSync(`${db}-shm`);
  return { frames: shm.readUInt32LE(16), backfilled: shm.readUInt32LE(96) };
}

test("the running binary folds the WAL back into the store in the background", async () => {
  const db = tempDb();
  const { key } = seedWithCli(db);
  const server = await startServer({ db });
  try {
    for (let i = 0; i < 20; i++) {
      const res = await fetch(`${server.url}/v1/chat/completions`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({ model: "service-zenith", messages: [{ role: "user", content: `Question ${i}?` }] }),
      });
      expect(res.status).toBe(200);
    }
    expect(walProgress(db).frames).toBeGreaterThan(0);
    await until(() => {
      const { frames, backfilled } = walProgress(db);
      return backfilled > 0 && backfilled === frames;
    }, 3000);
    expect(server.stderr()).not.toContain("checkpoint_worker_failed");
  } finally {
    await server.stop();
  }
});
