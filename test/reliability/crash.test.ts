/**
 * kill -9 in the middle of a load, then a restart on the same store: nothing returned is
 * lost. Every answer a caller received is in the chat log, the monthly counter equals the
 * logged turns, and the store passes its integrity check.
 *
 * A request whose transaction committed just before the kill may never have delivered its
 * reply (the caller saw a broken connection): it is counted and logged, so the counter may
 * exceed the answers returned, but only by the requests that were in flight at the kill.
 */
import { expect, test } from "bun:test";
import { startServer, until, zenithJson } from "../support/binary";
import { chat, serveAgent, storeFacts, TIMEOUT_MS } from "./support";

const WORKERS = 16;
const KILL_AFTER = 200;

test("kill -9 mid-load loses no returned answer", async () => {
  const { server, db, account, agent, key } = await serveAgent();
  const returned = new Map<string, string>();
  let sent = 0;
  let killed = false;

  const worker = async (w: number) => {
    for (let i = 0; !killed; i++) {
      const session = `crash-${w}-${i}`;
      sent++;
      try {
        const res = await chat(server.url, key, `When do orders ship from Lyon? (${session})`, { sessionId: session });
        const body = (await res.json()) as any;
        expect(res.status).toBe(200);
        returned.set(session, body.choices[0].message.content);
      } catch (err) {
        if (!killed) throw err;
        return; // the connection died with the server
      }
      if (returned.size >= KILL_AFTER && !killed) {
        killed = true;
        server.proc.kill("SIGKILL");
      }
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
  expect(await server.proc.exited).not.toBe(0);

  const restarted = await startServer({ db });
  try {
    const facts = storeFacts(db, account);
    expect(facts.integrity).toEqual(["ok"]);

    const log = zenithJson(db, ["log", "--agent", agent]);
    const logged = new Map<string, { question: string; answer: string }[]>();
    for (const s of log.sessions) logged.set(s.session_id, s.turns);
    const turns = log.sessions.reduce((n: number, s: any) => n + s.turns.length, 0);

    for (const [session, answer] of returned) {
      const found = logged.get(session);
      expect(found, `answer for ${session} is missing from the log`).toBeDefined();
      expect(found).toHaveLength(1);
      expect(found![0].answer).toBe(answer);
      expect(found![0].question).toContain(session);
    }
    expect(facts.counted).toBe(turns);
    expect(facts.counted).toBeGreaterThanOrEqual(returned.size);
    expect(facts.counted - returned.size).toBeLessThanOrEqual(WORKERS);
    expect(sent).toBeGreaterThan(returned.size);

    // The restarted server keeps counting from where the store stopped.
    const after = await chat(restarted.url, key, "Is there a warranty on kettles?");
    expect(after.status).toBe(200);
    // Recorded in the journal before it was returned, applied to the store moments later.
    await until(() => storeFacts(db, account).counted === facts.counted + 1);
  } finally {
    await restarted.stop();
  }
}, TIMEOUT_MS);
