/**
 * The change watch reads the WAL-index header before asking SQLite: a commit by another
 * connection is still seen on the very next check, and the store's own commits are not.
 */
import { expect, test } from "bun:test";
import { openStore } from "../../src/store/db";
import { ChangeWatch } from "../../src/store/change-watch";
import { tempDb } from "../support/tmp";

test("foreign commits are seen once each; own commits and quiet checks are not changes", () => {
  const path = tempDb();
  const own = openStore(path);
  const other = openStore(path);
  own.sqlite.run("CREATE TABLE t (v)");
  const watch = new ChangeWatch(own.sqlite, path);
  expect(watch.changed()).toBe(false);
  own.write(() => own.sqlite.run("INSERT INTO t VALUES (1)"));
  expect(watch.changed()).toBe(false);
  for (let i = 0; i < 3; i++) {
    other.write(() => other.sqlite.run("INSERT INTO t VALUES (2)"));
    expect(watch.changed()).toBe(true);
    expect(watch.changed()).toBe(false);
  }
  // A checkpoint that restarts the WAL, then a foreign commit into the fresh log.
  other.sqlite.run("PRAGMA wal_checkpoint(TRUNCATE)");
  other.write(() => other.sqlite.run("INSERT INTO t VALUES (3)"));
  expect(watch.changed()).toBe(true);
  other.close();
  own.close();
});

test("without a WAL index to read (an in-memory store) every check asks SQLite", () => {
  const store = openStore(":memory:");
  const watch = new ChangeWatch(store.sqlite, ":memory:");
  store.sqlite.run("CREATE TABLE t (v)");
  expect(watch.changed()).toBe(false);
  store.close();
});
