/**
 * Opening the store: pragmas, embedded migrations, and the one way to write.
 */
import { Database } from "bun:sqlite";
import { drizzle, type BunSQLiteDatabase } from "drizzle-orm/bun-sqlite";
import * as schema from "./schema";
import { MIGRATIONS, type Migration } from "./migrations";
import { workerUrl } from "../workers";

export type Drizzle = BunSQLiteDatabase<typeof schema>;

export interface Store {
  sqlite: Database;
  db: Drizzle;
  path: string;
  /** Runs `fn` inside `BEGIN IMMEDIATE`, so a concurrent writer waits (busy_timeout) instead of failing mid-way. */
  write<T>(fn: () => T): T;
  /**
   * Like `write`, but gives up at once, returning false, when another connection holds the
   * write lock (an operator command's long write): for work that can simply run later.
   */
  writeIfFree(fn: () => void): boolean;
  close(): void;
}

export interface OpenOptions {
  /** "full" makes every commit durable on disk before it returns (operator commands). */
  synchronous?: "normal" | "full";
  readonly?: boolean;
  /** Checkpoint the WAL from a background thread instead of inside commits (the server). */
  backgroundCheckpoint?: boolean;
}

/** WAL pages after which a commit checkpoints by itself: the safety net if the thread stalls. */
const FALLBACK_AUTOCHECKPOINT_PAGES = 20_000;
const CHECKPOINT_EVERY_MS = 250;

const BUSY_TIMEOUT_MS = 10_000;

export function openStore(path: string, opts: OpenOptions = {}): Store {
  const sqlite = new Database(path, opts.readonly ? { readonly: true } : { create: true, readwrite: true });
  sqlite.run(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
  if (!opts.readonly) sqlite.run("PRAGMA journal_mode = WAL");
  sqlite.run(`PRAGMA synchronous = ${opts.synchronous === "full" ? "FULL" : "NORMAL"}`);
  sqlite.run("PRAGMA foreign_keys = ON");
  const write = <T>(fn: () => T): T => sqlite.transaction(fn).immediate();
  const writeIfFree = (fn: () => void): boolean => {
    sqlite.run("PRAGMA busy_timeout = 0");
    try {
      write(fn);
      return true;
    } catch (err) {
      if ((err as { code?: string }).code === "SQLITE_BUSY") return false;
      throw err;
    } finally {
      sqlite.run(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    }
  };
  if (!opts.readonly) migrate(sqlite, MIGRATIONS);
  let checkpointer: Worker | null = null;
  if (opts.backgroundCheckpoint && !opts.readonly && path !== ":memory:") {
    sqlite.run(`PRAGMA wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
    checkpointer = new Worker(workerUrl("store/checkpoint-worker"));
    // Without the thread the WAL grows to the fallback size and commits slow down: say so.
    checkpointer.addEventListener("error", (e) => console.error(JSON.stringify({ level: "error", event: "checkpoint_worker_failed", error: (e as ErrorEvent).message })));
    checkpointer.postMessage({ path, everyMs: CHECKPOINT_EVERY_MS });
    // Bun's Worker can be unref'd (the DOM typing in lib does not know it): it never keeps the process alive.
    (checkpointer as unknown as { unref(): void }).unref();
  }
  return {
    sqlite,
    db: drizzle(sqlite, { schema }),
    path,
    write,
    writeIfFree,
    close: () => {
      checkpointer?.terminate();
      // A checkpoint folds the WAL back so a stopped store is a single, complete file.
      try {
        if (!opts.readonly) sqlite.run("PRAGMA wal_checkpoint(TRUNCATE)");
      } finally {
        sqlite.close();
      }
    },
  };
}

/** Applies every migration not yet recorded, each in its own immediate transaction. */
export function migrate(sqlite: Database, migrations: Migration[]): void {
  sqlite.run("CREATE TABLE IF NOT EXISTS _migrations (name TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)");
  const applied = new Set(
    sqlite.query<{ name: string }, []>("SELECT name FROM _migrations").all().map((r) => r.name),
  );
  for (const m of migrations) {
    if (applied.has(m.name)) continue;
    sqlite
      .transaction(() => {
        // Re-check inside the lock: another process may have migrated meanwhile.
        const done = sqlite.query("SELECT 1 FROM _migrations WHERE name = ?").get(m.name);
        if (done) return;
        sqlite.run(m.sql);
        sqlite.run("INSERT INTO _migrations (name, applied_at) VALUES (?, ?)", [m.name, Date.now()]);
      })
      .immediate();
  }
}
