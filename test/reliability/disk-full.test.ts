/**
 * A disk that refuses writes: chat answers 5xx `server_error` in the envelope, nothing is
 * half-recorded, reads keep working, and the service recovers once space returns.
 *
 * How the full disk is made: the running server's file-size limit (RLIMIT_FSIZE) is
 * lowered to 0 with prlimit(1), after its write-ahead log was truncated to empty (the
 * exchange journal is empty whenever its entries are applied). Every write that would grow
 * a file then fails, in the journal append or inside SQLite, exactly as on a full or
 * read-only disk (the syscall fails), on any file system, without root,
 * mounts or a special device, so it runs in CI. Raising the limit again is "space returns".
 * (Bun ignores SIGXFSZ, so the failed write is an error, not a fatal signal.)
 */
import { expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { until, zenithJson } from "../support/binary";
import { chat, serveAgent, storeFacts, TIMEOUT_MS } from "./support";

function setFileSizeLimit(pid: number, soft: string): void {
  const run = Bun.spawnSync(["prlimit", "--pid", String(pid), `--fsize=${soft}:`], { stderr: "pipe" });
  if (run.exitCode !== 0) throw new Error(`prlimit failed: ${run.stderr.toString()}`);
}

/** Folds the WAL into the database and empties it, so the server's next write must grow a file. */
function truncateWal(db: string): void {
  const sqlite = new Database(db);
  try {
    const [row] = sqlite.query<{ busy: number }, []>("PRAGMA wal_checkpoint(TRUNCATE)").all();
    if (row.busy !== 0) throw new Error("checkpoint was blocked by a reader");
  } finally {
    sqlite.close();
  }
}

test("a full disk gives 5xx server_error and the service recovers when space returns", async () => {
  const { server, db, account, agent, key } = await serveAgent();
  const pid = server.proc.pid;
  let answered = 0;
  const ask = async (question: string) => {
    const res = await chat(server.url, key, question);
    const body = (await res.json()) as any;
    if (res.status === 200) answered++;
    return { status: res.status, body };
  };
  try {
    expect((await ask("When do orders ship?")).status).toBe(200);
    truncateWal(db);
    setFileSizeLimit(pid, "0");

    for (const q of ["Is there a warranty?", "When do orders ship?", "How do returns work?"]) {
      const { status, body } = await ask(q);
      expect(status).toBeGreaterThanOrEqual(500);
      expect(status).toBeLessThan(600);
      expect(body).toEqual({ error: { message: expect.any(String), type: "server_error", param: null, code: "server_error" } });
    }
    // The failures are the refused writes, as the server's error log says.
    await until(() => /disk I\/O error|disk is full|file too large/i.test(server.stderr()));
    // Reading needs no space: the read endpoints are unaffected.
    const models = await fetch(`${server.url}/v1/models`, { headers: { authorization: `Bearer ${key}` } });
    expect(models.status).toBe(200);

    setFileSizeLimit(pid, "unlimited");
    for (const q of ["Is there a warranty?", "When do orders ship?"]) expect((await ask(q)).status).toBe(200);

    // The failed requests left nothing behind: counted and logged answers are the returned ones.
    // (Reading the log first settles the server's exchange journal into the store.)
    const log = zenithJson(db, ["log", "--agent", agent]);
    expect(log.sessions.reduce((n: number, s: any) => n + s.turns.length, 0)).toBe(answered);
    const facts = storeFacts(db, account);
    expect(facts.integrity).toEqual(["ok"]);
    expect(facts.counted).toBe(answered);
  } finally {
    await server.stop();
  }
}, TIMEOUT_MS);
