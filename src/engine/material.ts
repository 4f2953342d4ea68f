/** Stored material: listing and removal (passages, their index and statistics go with it). */
import { eq, sql } from "drizzle-orm";
import type { Store } from "../store/db";
import { material } from "../store/schema";
import { CliError } from "../errors";
import { deleteMaterial } from "./ingest/write";

export function listMaterial(store: Store, agentId: string) {
  return store.db
    .select({
      id: material.id,
      kind: material.kind,
      title: material.title,
      source: material.source,
      chars: material.chars,
      created_at: material.createdAt,
      // Qualified by hand: drizzle would render the bare column name, which the subquery rebinds.
      passages: sql<number>`(SELECT count(*) FROM passages p WHERE p.material_id = "material"."id")`,
    })
    .from(material)
    .where(eq(material.agentId, agentId))
    .all();
}

export function removeMaterial(store: Store, id: string): { id: string } {
  store.write(() => {
    const row = store.db.select({ id: material.id }).from(material).where(eq(material.id, id)).get();
    if (!row) throw new CliError(`unknown material: ${id}`);
    deleteMaterial(store, id);
  });
  return { id };
}
