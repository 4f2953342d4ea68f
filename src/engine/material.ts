/** Stored material: listing and removal (passages and their index go with it). */
import { eq, sql } from "drizzle-orm";
import type { Store } from "../store/db";
import { material, passages } from "../store/schema";
import { CliError } from "../errors";

export function listMaterial(store: Store, agentId: string) {
  return store.db
    .select({
      id: material.id,
      kind: material.kind,
      title: material.title,
      source: material.source,
      chars: material.chars,
      created_at: material.createdAt,
      passages: sql<number>`(SELECT count(*) FROM passages p WHERE p.material_id = ${material.id})`,
    })
    .from(material)
    .where(eq(material.agentId, agentId))
    .all();
}

export function removeMaterial(store: Store, id: string): { id: string } {
  store.write(() => {
    const row = store.db.select({ id: material.id }).from(material).where(eq(material.id, id)).get();
    if (!row) throw new CliError(`unknown material: ${id}`);
    // Passages are deleted one by one so the FTS delete trigger keeps the index exact.
    store.db.delete(passages).where(eq(passages.materialId, id)).run();
    store.db.delete(material).where(eq(material.id, id)).run();
  });
  return { id };
}
