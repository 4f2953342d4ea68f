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
