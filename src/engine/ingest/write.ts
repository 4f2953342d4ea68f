/**
 * Storing parsed documents: all of them in one transaction (nothing half-ingested).
 * Unchanged material is a no-op; a source added again with new content replaces the old.
 */
import { createHash } from "node:crypto";
import type { Store } from "../../store/db";
import { newId } from "../../ids";
import { requireAgent } from "../../admin/agents";
import { updateStats } from "../stats";
import type { Doc } from "./document";
import type { Passage } from "./split";

const hashOf = (d: Doc) => createHash("sha256").update(`${d.kind === "qa" ? "qa" : "text"}\0${d.title}\0${d.text}`).digest("hex");

/** Deletes one piece of material with its passages (index and statistics follow). Inside a write. */
export function deleteMaterial(store: Store, id: string): void {
  const rows = store.sqlite.query<{ agent_id: string; title: string; body: string }, [string]>("SELECT agent_id, title, body FROM passages WHERE material_id = ?").all(id);
  if (rows.length) updateStats(store, rows[0].agent_id, rows, -1);
  // Row by row through the FTS delete trigger, so the index stays exact.
  store.sqlite.run("DELETE FROM passages WHERE material_id = ?", [id]);
  store.sqlite.run("DELETE FROM material WHERE id = ?", [id]);
}

function insertDoc(store: Store, agentId: string, doc: Doc, hash: string): string {
  const id = newId("mat");
  store.sqlite.run("INSERT INTO material (id, agent_id, kind, title, source, content_hash, chars, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", [
    id, agentId, doc.kind, doc.title, doc.source, hash, doc.text.length, Date.now(),
  ]);
  const insert = store.sqlite.prepare("INSERT INTO passages (material_id, agent_id, position, title, body) VALUES (?, ?, ?, ?, ?)");
  doc.passages.forEach((p: Passage, i) => insert.run(id, agentId, i, p.title, p.body));
  updateStats(store, agentId, doc.passages, 1);
  return id;
}

/** Writes every document for the agent; returns the material ids in input order. */
export function writeDocs(store: Store, agentId: string, docs: Doc[]): string[] {
  return store.write(() => {
    requireAgent(store, agentId);
    const findHash = store.sqlite.prepare<{ id: string }, [string, string]>("SELECT id FROM material WHERE agent_id = ? AND content_hash = ?");
    const findSource = store.sqlite.prepare<{ id: string }, [string, string]>("SELECT id FROM material WHERE agent_id = ? AND source = ? AND kind <> 'qa'");
    const ids: string[] = [];
    const replaced = new Set<string>();
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
          deleteMaterial(store, old.id);
        }
      }
      ids.push(insertDoc(store, agentId, doc, hash));
    }
    return ids;
  });
}
