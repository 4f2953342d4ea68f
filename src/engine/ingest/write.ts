/**
 * Storing parsed documents: all of them in one transaction (nothing half-ingested).
 * Unchanged material is a no-op; a source added again with new content replaces the old.
 */
import { createHash } from "node:crypto";
import type { Store } from "../../store/db";
import { newId } from "../../ids";
import { requireAgent } from "../../admin/agents";
import { StatsDelta } from "../stats";
import type { Doc } from "./document";
import type { Passage } from "./split";

const hashOf = (d: Doc) => createHash("sha256").update(`${d.kind === "qa" ? "qa" : "text"}\0${d.title}\0${d.text}`).digest("hex");

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
 * FTS5's in-memory index size during a write (its `hashsize` option; 1 MiB by default). A
 * statement's rows are otherwise cut into a segment per MiB, and those segments merged again.
 * Set for the write only: the index holds the same terms and documents either way.
 */
const WRITE_HASH_BYTES = 8 * 1024 * 1024;
const DEFAULT_HASH_BYTES = 1024 * 1024;
/**
 * Passages from which a document's statement outgrows the default buffer (~1,000 of 80–140
 * words): below it, switching the option costs a write more than it saves.
 */
const LARGE_DOCUMENT = 1_000;

/**
 * FTS5's larger write buffer, switched on before the first large document of a write and
 * back to the default at its end (on failure too, so the connection is left as it was).
 * FTS5 keeps options in its config table, which then holds `hashsize` at its default value
 * (FTS5 lets no one delete the row); a write without a large document touches nothing.
 */
class WriteBuffer {
  private on = false;
  constructor(private store: Store) {}

  private setHashSize(bytes: number): void {
    this.store.sqlite.run("INSERT INTO passages_fts(passages_fts, rank) VALUES ('hashsize', ?)", [bytes]);
  }

  enlarge(): void {
    if (this.on) return;
    this.setHashSize(WRITE_HASH_BYTES);
    this.on = true;
  }

  restore(): void {
    if (!this.on) return;
    this.setHashSize(DEFAULT_HASH_BYTES);
    this.on = false;
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

function insertDoc(store: Store, inserter: PassageInserter, delta: StatsDelta, agentId: string, doc: Doc, hash: string): string {
  const id = newId("mat");
  store.sqlite.run("INSERT INTO material (id, agent_id, kind, title, source, content_hash, chars, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", [
    id, agentId, doc.kind, doc.title, doc.source, hash, doc.text.length, Date.now(),
  ]);
  inserter.insert(id, agentId, doc.passages);
  delta.add(doc.passages, 1);
  return id;
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
        const hash = hashOf(doc);
        const same = findHash.get(agentId, hash);
        if (same) {
          ids.push(same.id);
          continue;
        }
        // A file or page added again with new content replaces what it held before
        // (Q&A files hold many pairs under one source, so they only add).
        if (doc.source && doc.kind !== "qa") {
          for (const old of findSource.all(agentId, doc.source)) {
            if (replaced.has(old.id) || ids.includes(old.id)) continue;
            replaced.add(old.id);
            deleteMaterial(store, old.id, delta);
          }
        }
        ids.push(insertDoc(store, inserter, delta, agentId, doc, hash));
      }
    } finally {
      inserter.finish();
    }
    delta.apply(store, agentId);
    return ids;
  });
}
