/** The store: pragmas, embedded migrations, old stores opening with new builds, concurrent writers. */
import { expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { migrate, openStore } from "../../src/store/db";
import { MIGRATIONS } from "../../src/store/migrations";
import { tempDb } from "../support/tmp";
import { zenith, zenithJson } from "../support/binary";

test("WAL, foreign keys and a busy timeout are on", () => {
  const s = openStore(tempDb());
  expect(s.sqlite.query("PRAGMA journal_mode").get()).toEqual({ journal_mode: "wal" });
  expect(s.sqlite.query("PRAGMA foreign_keys").get()).toEqual({ foreign_keys: 1 });
  expect((s.sqlite.query("PRAGMA busy_timeout").get() as { timeout: number }).timeout).toBeGreaterThanOrEqual(5000);
  s.close();
});

test("a store written by an older build opens with this one, data intact", () => {
  const path = tempDb();
  const old = new Database(path);
  migrate(old, MIGRATIONS.slice(0, 1));
  old.run("INSERT INTO accounts (id, name, rpm, monthly, subscription, created_at) VALUES ('acct_0000000000000001', 'Old', 5, 10, 'active', 1)");
  old.close();
  const s = openStore(path);
  const applied = s.sqlite.query<{ name: string }, []>("SELECT name FROM _migrations ORDER BY name").all().map((r) => r.name);
  expect(applied).toEqual(MIGRATIONS.map((m) => m.name).sort());
  expect(s.sqlite.query("SELECT name FROM accounts").all()).toEqual([{ name: "Old" }]);
  s.close();
  // And through the binary: an operator command works on it.
  expect(zenithJson(path, ["account", "update", "acct_0000000000000001", "--rpm", "9"])).toEqual({ id: "acct_0000000000000001" });
});

test("the lean chat-log tables (0005) keep every row of an older store, its keys and its cascades", () => {
  const path = tempDb();
  const old = new Database(path);
  old.run("PRAGMA foreign_keys = ON");
  migrate(old, MIGRATIONS.filter((m) => m.name < "0005"));
  old.run(`INSERT INTO accounts (id, name, rpm, monthly, subscription, created_at) VALUES ('acct_1', 'A', 5, 10, 'active', 1);
    INSERT INTO agents (id, account_id, name, persona, instructions, state, created_at) VALUES ('agt_1', 'acct_1', 'One', '', '', 'active', 1), ('agt_2', 'acct_1', 'Two', '', '', 'active', 1);
    INSERT INTO usage_monthly (account_id, month, count) VALUES ('acct_1', '2026-10', 7), ('acct_1', '2026-11', 3);
    INSERT INTO chat_sessions (id, agent_id, external_id, key_id, installation_id, created_at, last_at) VALUES ('sess_1', 'agt_1', 'ext', 'key_1', NULL, 1, 2), ('sess_2', 'agt_2', NULL, 'key_1', NULL, 3, 3);
    INSERT INTO chat_turns (session_id, question, answer, covered, prompt_tokens, completion_tokens, created_at) VALUES
      ('sess_1', 'q1', 'a1', 1, 1, 2, 1), ('sess_1', 'q2', 'a2', 0, 3, 4, 2), ('sess_2', 'q3', 'a3', 1, 5, 6, 3);`);
  const snapshot = (db: Database) => ({
    usage: db.query("SELECT * FROM usage_monthly ORDER BY month").all(),
    sessions: db.query("SELECT * FROM chat_sessions ORDER BY id").all(),
    turns: db.query("SELECT * FROM chat_turns ORDER BY id").all(),
  });
  const was = snapshot(old);
  old.close();
  const s = openStore(path);
  expect(snapshot(s.sqlite)).toEqual(was);
  expect(s.sqlite.query("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" });
  expect(s.sqlite.query("PRAGMA foreign_key_check").all()).toEqual([]);
  const tables = s.sqlite.query<{ name: string; sql: string }, []>("SELECT name, sql FROM sqlite_master WHERE name IN ('usage_monthly', 'chat_sessions', 'chat_turns')").all();
  for (const t of tables) expect(t.sql.includes("_next")).toBe(false);
  expect(s.sqlite.query("SELECT name FROM sqlite_sequence WHERE name = 'chat_turns'").get() ?? null).toBeNull();
  // The unanswered-questions index holds only uncovered turns and is the one the query uses.
  // Through the query() cache an EXPLAIN stayed open and the checkpoint at close failed ("database table is locked").
  const explain = s.sqlite.prepare<{ detail: string }, []>("EXPLAIN QUERY PLAN SELECT question FROM chat_turns WHERE covered = 0");
  const plan = explain.all();
  explain.finalize();
  expect(plan.map((p) => p.detail).join(" ")).toContain("chat_turns_uncovered");
  // New ids follow the kept ones, the external session id stays unique, cascades still reach the log.
  s.sqlite.run("INSERT INTO chat_turns (session_id, question, answer, covered, prompt_tokens, completion_tokens, created_at) VALUES ('sess_2', 'q4', 'a4', 1, 0, 0, 4)");
  expect(s.sqlite.query("SELECT max(id) AS id FROM chat_turns").get()).toEqual({ id: 4 });
  const refused = (sql: string) => {
    // Prepared and finalized, so no statement is left open for the checkpoint at close.
    const st = s.sqlite.prepare(sql);
    try {
      st.run();
      return "accepted";
    } catch (err) {
      return String(err);
    } finally {
      st.finalize();
    }
  };
  expect(refused("INSERT INTO chat_sessions (id, agent_id, external_id, created_at, last_at) VALUES ('sess_3', 'agt_1', 'ext', 5, 5)")).toMatch(/UNIQUE/);
  expect(refused("INSERT INTO chat_turns (session_id, question, answer, covered, prompt_tokens, completion_tokens, created_at) VALUES ('nope', 'q', 'a', 1, 0, 0, 5)")).toMatch(/FOREIGN KEY/);
  s.sqlite.run("DELETE FROM agents WHERE id = 'agt_2'");
  expect(s.sqlite.query("SELECT session_id, count(*) AS n FROM chat_turns GROUP BY session_id").all()).toEqual([{ session_id: "sess_1", n: 2 }]);
  s.sqlite.run("DELETE FROM accounts WHERE id = 'acct_1'");
  expect(s.sqlite.query("SELECT count(*) AS n FROM usage_monthly").get()).toEqual({ n: 0 });
  s.close();
});

test("opening twice applies nothing twice", () => {
  const path = tempDb();
  openStore(path).close();
  const s = openStore(path);
  expect(s.sqlite.query("SELECT count(*) AS n FROM _migrations").get()).toEqual({ n: MIGRATIONS.length });
  s.close();
});

test("concurrent writers wait for each other instead of failing (BEGIN IMMEDIATE + busy_timeout)", async () => {
  const db = tempDb();
  const account = zenithJson(db, ["account", "create", "--name", "A"]).id;
  const runs = Array.from({ length: 8 }, (_, i) =>
    Bun.spawn([import.meta.dir + "/../../dist/zenith", "agent", "create", "--account", account, "--name", `Agent ${i}`, "--json", "--db", db], { stdout: "pipe", stderr: "pipe" }),
  );
  const codes = await Promise.all(runs.map((p) => p.exited));
  expect(codes).toEqual(Array(8).fill(0));
  const s = openStore(db);
  expect(s.sqlite.query("SELECT count(*) AS n FROM agents").get()).toEqual({ n: 8 });
  s.close();
});

test("a revocation is on disk when the command returns", () => {
  const db = tempDb();
  const account = zenithJson(db, ["account", "create", "--name", "A"]).id;
  const agent = zenithJson(db, ["agent", "create", "--account", account, "--name", "B"]).id;
  const { id } = zenithJson(db, ["key", "create", "--agent", agent]);
  expect(zenith(db, ["key", "revoke", id, "--json"]).code).toBe(0);
  // A fresh connection (another process's view) sees it at once.
  const other = new Database(db, { readonly: true });
  expect(other.query("SELECT state FROM api_keys WHERE id = ?").get(id)).toEqual({ state: "revoked" });
  other.close();
});
