/**
 * The exchange journal: an answer is in the journal file when it is returned, reaches the
 * log tables exactly once whoever applies it, counts against the allowance at once, and
 * survives a process that dies before applying it. The binary's side (a second server on
 * the same store refused, kill -9 mid-load) is tested through the built server.
 */
import { expect, test } from "bun:test";
import { appendFileSync, readFileSync } from "node:fs";
import { openStore, type Store } from "../../src/store/db";
import { ExchangeJournal, journalPath, readJournal } from "../../src/store/exchange-journal";
import { JournalWriter, settleJournal } from "../../src/api/chat/journal-writer";
import type { Exchange } from "../../src/api/chat/record";
import { createAccount } from "../../src/admin/accounts";
import { createAgent, deleteAgent } from "../../src/admin/agents";
import { readLog } from "../../src/admin/chat-log";
import { usedThisMonth, monthOf } from "../../src/limits/monthly";
import { tempDb } from "../support/tmp";
import { BINARY, startServer, seedWithCli, until, zenithJson } from "../support/binary";

function seeded(monthly = 1_000) {
  const db = tempDb();
  const store = openStore(db);
  const account = createAccount(store, { name: "Acme", rpm: 1_000, monthly }).id;
  const agent = createAgent(store, { accountId: account, name: "Acme Help" }).id;
  return { db, store, account, agent };
}

function exchange(account: string, agent: string, question: string, monthly = 1_000, sessionHint: string | null = null): Exchange {
  return {
    principal: {
      keyId: "key_1",
      kind: "secret",
      installationId: null,
      origin: null,
      agent: { id: agent, name: "Acme Help", persona: "", instructions: "", accentColor: null, welcome: null },
      account: { id: account, rpm: 1_000, monthly, subscription: "active" },
    },
    sessionHint,
    question,
    answer: `Answer to ${question}`,
    covered: true,
    promptTokens: 3,
    completionTokens: 4,
  };
}

const turns = (store: Store, agent: string) => readLog(store, { agentId: agent }).sessions.flatMap((s: any) => s.turns.map((t: any) => t.question));

test("a recorded exchange is in the journal at once and in the log tables after a flush", async () => {
  const { db, store, account, agent } = seeded();
  const writer = new JournalWriter(store, ExchangeJournal.open(db));
  expect(await writer.record(exchange(account, agent, "When do orders ship?"))).toBe(true);
  expect(readJournal(db)).toHaveLength(1);
  expect(turns(store, agent)).toEqual([]);
  writer.flush();
  expect(turns(store, agent)).toEqual(["When do orders ship?"]);
  expect(usedThisMonth(store.sqlite, account, monthOf(Date.now()))).toBe(1);
  // Applied entries leave the journal.
  expect(readFileSync(journalPath(db), "utf8")).toBe("");
  writer.close();
});

test("the allowance is counted at append time: exactly the monthly limit is admitted", async () => {
  const { db, store, account, agent } = seeded(3);
  const writer = new JournalWriter(store, ExchangeJournal.open(db));
  const results = await Promise.all(Array.from({ length: 6 }, (_, i) => writer.record(exchange(account, agent, `Q${i}?`, 3))));
  expect(results.filter(Boolean)).toHaveLength(3);
  writer.flush();
  // After the flush the count comes from the store again, and stays refused.
  expect(await writer.record(exchange(account, agent, "One more?", 3))).toBe(false);
  expect(usedThisMonth(store.sqlite, account, monthOf(Date.now()))).toBe(3);
  writer.close();
});

test("entries a dead process never applied are applied once by a reader, and once only", async () => {
  const { db, store, account, agent } = seeded();
  const journal = ExchangeJournal.open(db);
  const writer = new JournalWriter(store, journal);
  await writer.record(exchange(account, agent, "First?", 1_000, "visit-1"));
  await writer.record(exchange(account, agent, "Second?", 1_000, "visit-1"));
  // The process "dies" here: nothing flushed. An operator command on its own connection settles.
  const reader = openStore(db);
  settleJournal(reader);
  settleJournal(reader);
  expect(turns(reader, agent)).toEqual(["First?", "Second?"]);
  expect(readLog(reader, { agentId: agent }).sessions).toHaveLength(1);
  // The writer's own flush later skips what the reader applied.
  writer.flush();
  expect(turns(store, agent)).toEqual(["First?", "Second?"]);
  expect(usedThisMonth(store.sqlite, account, monthOf(Date.now()))).toBe(2);
  reader.close();
  journal.close();
});

test("a torn last line (a write cut short by a crash) is skipped; the lines before it are kept", async () => {
  const { db, store, account, agent } = seeded();
  const journal = ExchangeJournal.open(db);
  const writer = new JournalWriter(store, journal);
  await writer.record(exchange(account, agent, "Kept?"));
  appendFileSync(journalPath(db), '{"seq":2,"at":1,"accountId":"acct');
  journal.close();
  // A new writer (a restarted server) applies the whole lines and starts a fresh journal.
  const restarted = new JournalWriter(store, ExchangeJournal.open(db));
  expect(turns(store, agent)).toEqual(["Kept?"]);
  expect(readFileSync(journalPath(db), "utf8")).toBe("");
  expect(await restarted.record(exchange(account, agent, "After restart?"))).toBe(true);
  restarted.flush();
  expect(turns(store, agent).sort()).toEqual(["After restart?", "Kept?"]);
  restarted.close();
});

test("an entry whose agent was deleted before it was applied is dropped with the agent's log", async () => {
  const { db, store, account, agent } = seeded();
  const other = createAgent(store, { accountId: account, name: "Other" }).id;
  const writer = new JournalWriter(store, ExchangeJournal.open(db));
  await writer.record(exchange(account, agent, "Gone?"));
  await writer.record(exchange(account, other, "Stays?"));
  deleteAgent(store, agent);
  writer.flush();
  expect(turns(store, other)).toEqual(["Stays?"]);
  expect(readFileSync(journalPath(db), "utf8")).toBe("");
  writer.close();
});

test("one server per store: a second `zenith serve` on the same store is refused in one line", async () => {
  const db = tempDb();
  const { key, agent } = seedWithCli(db);
  const first = await startServer({ db });
  try {
    // Bounded: were the second server to start, it would be killed instead of hanging the test.
    const second = Bun.spawnSync([BINARY, "serve", "--port", "0", "--admin-port", "0", "--host", "127.0.0.1", "--db", db], { stdout: "pipe", stderr: "pipe", timeout: 10_000 });
    const stderr = second.stderr.toString();
    expect(second.exitCode).not.toBe(0);
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(stderr).toContain("already serving");
    // The first keeps answering, and its answers reach the log an operator reads.
    const res = await fetch(`${first.url}/v1/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ model: "service-zenith", messages: [{ role: "user", content: "Anyone there?" }], session_id: "one" }),
    });
    expect(res.status).toBe(200);
    const log = zenithJson(db, ["log", "--agent", agent]);
    expect(JSON.stringify(log)).toContain("Anyone there?");
  } finally {
    await first.stop();
  }
});

test("month keys follow the UTC calendar across the cached boundaries", () => {
  expect(monthOf(Date.UTC(2026, 10, 30, 23, 59, 59, 999))).toBe("2026-11");
  expect(monthOf(Date.UTC(2026, 11, 1))).toBe("2026-12");
  expect(monthOf(Date.UTC(2026, 11, 31, 23, 59, 59, 999))).toBe("2026-12");
  expect(monthOf(Date.UTC(2027, 0, 1))).toBe("2027-01");
  expect(monthOf(Date.UTC(2026, 10, 15))).toBe("2026-11");
});

test("while another connection writes at length, answers are recorded without waiting and applied after", async () => {
  const { db, store, account, agent } = seeded();
  const writer = new JournalWriter(store, ExchangeJournal.open(db));
  const other = openStore(db);
  other.sqlite.run("BEGIN IMMEDIATE");
  const started = performance.now();
  expect(await writer.record(exchange(account, agent, "During a long write?"))).toBe(true);
  // The batch timer fires while the lock is held: it must not stall the event loop for the
  // busy timeout (10 s) — a timer set after it still runs promptly.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(performance.now() - started).toBeLessThan(2_000);
  expect(turns(store, agent)).toEqual([]);
  other.sqlite.run("COMMIT");
  await until(() => turns(store, agent).length === 1);
  expect(readFileSync(journalPath(db), "utf8")).toBe("");
  other.close();
  writer.close();
});

test("any interleaving of answers, batch applies, readers settling and crashes logs each answer exactly once", async () => {
  const fc = await import("fast-check");
  const op = fc.oneof(
    fc.record({ kind: fc.constant("record" as const), session: fc.constantFrom(null, "s1", "s2") }),
    fc.constant({ kind: "flush" as const }),
    fc.constant({ kind: "settle" as const }),
    fc.constant({ kind: "crash" as const }),
  );
  await fc.assert(
    fc.asyncProperty(fc.array(op, { maxLength: 25 }), async (ops) => {
      const { db, store, account, agent } = seeded(1_000);
      let journal = ExchangeJournal.open(db);
      let writer = new JournalWriter(store, journal);
      const reader = openStore(db);
      const asked: string[] = [];
      for (const [i, o] of ops.entries()) {
        if (o.kind === "record") {
          const q = `Q${i}?`;
          if (await writer.record(exchange(account, agent, q, 1_000, o.session))) asked.push(q);
        } else if (o.kind === "flush") writer.flush();
        else if (o.kind === "settle") settleJournal(reader);
        else {
          // The process dies: nothing flushed, its batch timer gone, the lock released; a new server starts.
          clearTimeout((writer as unknown as { timer: ReturnType<typeof setTimeout> | null }).timer ?? undefined);
          journal.close();
          journal = ExchangeJournal.open(db);
          writer = new JournalWriter(store, journal);
        }
      }
      settleJournal(reader);
      const logged = turns(reader, agent);
      expect(logged.sort()).toEqual([...asked].sort());
      expect(usedThisMonth(reader.sqlite, account, monthOf(Date.now()))).toBe(asked.length);
      writer.close();
      expect(readFileSync(journalPath(db), "utf8")).toBe("");
      journal.close();
      reader.close();
      store.close();
    }),
    { numRuns: 60 },
  );
});
