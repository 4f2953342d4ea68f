/**
 * Storing parsed documents: all of them in one transaction (nothing half-ingested).
 * Unchanged material is a no-op; a source added again with new content replaces the old.
 */
import { basename, isAbsolute } from "node:path";
import type { Statement } from "bun:sqlite";
import type { Store } from "../../store/db";
import { newId } from "../../ids";
import { requireAgent } from "../../admin/agents";
import { StatsDelta } from "../stats";
import type { Doc } from "./document";
import type { Passage } from "./split";


/**
 * Deletes one piece of material with its passages (index and statistics follow). Inside a
 * write; with `delta`, its share of the statistics is subtracted there (the caller applies it).
 */
export function deleteMaterial(store: Store, id: string, delta?: StatsDelta): void {
  const rows = store.sqlite.query<{ agent_id: string; title: string; body: string }, [string]>("SELECT agent_id, title, body FROM passages WHERE material_id = ?").all(id);
  if (rows.length) {
    const own = delta ?? new StatsDelta();
    own.add(rows, -1);
    if (!delta) own.apply(store, rows[0].agent_id);
  }
  // Row by row through the FTS delete trigger, so the index stays exact.
  store.sqlite.run("DELETE FROM passages WHERE material_id = ?", [id]);
  store.sqlite.run("DELETE FROM material WHERE id = ?", [id]);
}

/**
 * Passages per INSERT statement. FTS5 flushes its in-memory index to a new segment at every
 * statement savepoint, and an INSERT that fires the index trigger runs in one: inserted a
 * row at a time, every passage became its own segment to merge (~2.5x slower). 2,000 rows
 * (6,002 variables: the SQLite built into Bun allows 250,000) are a whole corpus file.
 */
const ROWS_PER_INSERT = 2_000;

/**
 * FTS5 options for a large write, and FTS5's defaults that every other write runs with.
 * `hashsize` is the in-memory index: a statement's rows are otherwise cut into a segment per
 * MiB, and those segments merged again. `automerge` is how many segments of one size FTS5
 * lets pile up before merging them into one of the next size: at 8 instead of 4 a corpus's
 * passages are rewritten by fewer merges (at 1M passages ~10% faster indexing), and one
 * merge back at 4 when the write ends folds the extra segments in (see TIDY_PAGES). The
 * index holds the same terms and documents either way.
 */
const LARGE_WRITE = { hashsize: 8 * 1024 * 1024, automerge: 8 };
const DEFAULTS = { hashsize: 1024 * 1024, automerge: 4 };
/**
 * SQLite's page cache during a large write (2 MiB by default): merges read back segments
 * the write has just made, and a page still cached is not read again (~5% at 1M passages).
 * Put back when the write ends.
 */
const LARGE_WRITE_CACHE_KIB = 256 * 1024;
/**
 * Merge work (pages) allowed when a large write ends, back at automerge 4: FTS5 stops as soon
 * as no size has 4 segments, so this is "until tidy", not a page count to reach. Without
 * it the extra segments made questions at 100k passages ~10% slower (p99 at 8 connections
 * over 20 ms); with it they are faster than before, and indexing keeps its gain.
 */
const TIDY_PAGES = 1_000_000_000;
/**
 * Passages from which a document's statement outgrows the default buffer (~1,000 of 80–140
 * words): below it, switching the options costs a write more than it saves.
 */
const LARGE_DOCUMENT = 1_000;

/**
 * FTS5's large-write options and the larger page cache, switched on before the first large
 * document of a write and back to the defaults at its end (on failure too, so the
 * connection is left as it was).
 * FTS5 keeps options in its config table, which then holds them at their default values
 * (FTS5 lets no one delete the rows); a write without a large document touches nothing.
 */
class WriteBuffer {
  private cacheSize: number | null = null;
  constructor(private store: Store) {}

  private set(options: typeof DEFAULTS): void {
    for (const [name, value] of Object.entries(options))
      this.store.sqlite.run("INSERT INTO passages_fts(passages_fts, rank) VALUES (?, ?)", [name, value]);
  }

  private pageCache(): number {
    return this.store.sqlite.query<{ cache_size: number }, []>("PRAGMA cache_size").get()!.cache_size;
  }

  enlarge(): void {
    if (this.cacheSize !== null) return;
    this.cacheSize = this.pageCache();
    this.set(LARGE_WRITE);
    this.store.sqlite.run(`PRAGMA cache_size = -${LARGE_WRITE_CACHE_KIB}`);
  }

  restore(): void {
    if (this.cacheSize === null) return;
    this.set(DEFAULTS);
    this.store.sqlite.run("INSERT INTO passages_fts(passages_fts, rank) VALUES ('merge', ?)", [TIDY_PAGES]);
    // A smaller cache_size frees the pages above it, so the connection gives the memory back.
    this.store.sqlite.run(`PRAGMA cache_size = ${this.cacheSize}`);
    this.cacheSize = null;
  }
}

/** Prepared multi-row inserts, by row count (a document's last batch is shorter). */
class PassageInserter {
  private statements = new Map<number, ReturnType<Store["sqlite"]["prepare"]>>();
  private buffer: WriteBuffer;
  constructor(private store: Store) {
    this.buffer = new WriteBuffer(store);
  }

  private statement(rows: number) {
    let st = this.statements.get(rows);
    if (!st) {
      const values = Array.from({ length: rows }, (_, i) => `(?1, ?2, ?${3 * i + 3}, ?${3 * i + 4}, ?${3 * i + 5})`).join(", ");
      st = this.store.sqlite.prepare(`INSERT INTO passages (material_id, agent_id, position, title, body) VALUES ${values}`);
      this.statements.set(rows, st);
    }
    return st;
  }

  /** Inserts in position order, so passage ids keep the document's order. */
  insert(materialId: string, agentId: string, passages: Passage[]): void {
    if (passages.length >= LARGE_DOCUMENT) this.buffer.enlarge();
    for (let start = 0; start < passages.length; start += ROWS_PER_INSERT) {
      const batch = passages.slice(start, start + ROWS_PER_INSERT);
      const args: (string | number)[] = [materialId, agentId];
      batch.forEach((p, i) => args.push(start + i, p.title, p.body));
      this.statement(batch.length).run(...args);
    }
  }

  /** Ends the write's inserts (also when it fails). */
  finish(): void {
    this.buffer.restore();
  }
}

function insertDoc(store: Store, inserter: PassageInserter, delta: StatsDelta, agentId: string, doc: Doc): string {
  const id = newId("mat");
  store.sqlite.run("INSERT INTO material (id, agent_id, kind, title, source, content_hash, chars, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", [
    id, agentId, doc.kind, doc.title, doc.source, doc.contentHash, doc.chars, Date.now(),
  ]);
  inserter.insert(id, agentId, doc.passages);
  delta.add(doc.passages, 1);
  return id;
}

/**
 * The material a document replaces: what was added under the same source. Files read from
 * disk were once known by their name alone, so a path also replaces an older entry under its
 * bare name (uploads are still known by name: the browser gives no path).
 */
function sameSource(find: Statement<{ id: string }, [string, string]>, agentId: string, source: string): { id: string }[] {
  const rows = find.all(agentId, source);
  return isAbsolute(source) ? [...rows, ...find.all(agentId, basename(source))] : rows;
}

/** Writes every document for the agent; returns the material ids in input order. */
export function writeDocs(store: Store, agentId: string, docs: Doc[]): string[] {
  return store.write(() => {
    requireAgent(store, agentId);
    const findHash = store.sqlite.prepare<{ id: string }, [string, string]>("SELECT id FROM material WHERE agent_id = ? AND content_hash = ?");
    const findSource = store.sqlite.prepare<{ id: string }, [string, string]>("SELECT id FROM material WHERE agent_id = ? AND source = ? AND kind <> 'qa'");
    const inserter = new PassageInserter(store);
    // Statistics are summed over every document and written once, at the end.
    const delta = new StatsDelta();
    const ids: string[] = [];
    const replaced = new Set<string>();
    try {
      for (const doc of docs) {
        const same = findHash.get(agentId, doc.contentHash);
        if (same) {
          ids.push(same.id);
          continue;
        }
        // A file or page added again with new content replaces what it held before
        // (Q&A files hold many pairs under one source, so they only add).
        if (doc.source && doc.kind !== "qa") {
          for (const old of sameSource(findSource, agentId, doc.source)) {
            if (replaced.has(old.id) || ids.includes(old.id)) continue;
            replaced.add(old.id);
            deleteMaterial(store, old.id, delta);
          }
        }
        ids.push(insertDoc(store, inserter, delta, agentId, doc));
      }
    } finally {
      inserter.finish();
    }
    delta.apply(store, agentId);
    return ids;
  });
}
