/**
 * Turning material into passages. First version: text and question/answer pairs, split on
 * blank lines under Markdown headings. (The answer-engine issue grows this into real parsers.)
 */
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Store } from "../store/db";
import { material, passages } from "../store/schema";
import { newId } from "../ids";
import { CliError } from "../errors";
import { requireAgent } from "../admin/agents";

export type IngestInput =
  | { kind: "text"; text: string; title?: string; source?: string }
  | { kind: "qa"; question: string; answer: string };

interface Passage {
  title: string;
  body: string;
}

function splitText(text: string, fallbackTitle: string): Passage[] {
  const out: Passage[] = [];
  let title = fallbackTitle;
  for (const block of text.split(/\n\s*\n/)) {
    const trimmed = block.trim();
    if (!trimmed) continue;
    const heading = /^#{1,6}\s+(.+)$/m.exec(trimmed);
    if (heading && trimmed.startsWith("#")) {
      title = heading[1].trim();
      const rest = trimmed.slice(trimmed.indexOf("\n") + 1).trim();
      if (rest && rest !== trimmed) out.push({ title, body: rest });
      continue;
    }
    out.push({ title, body: trimmed });
  }
  return out;
}

export async function ingest(store: Store, agentId: string, input: IngestInput): Promise<{ ids: string[] }> {
  const doc =
    input.kind === "qa"
      ? { kind: "qa", title: input.question.trim(), text: input.answer.trim(), source: null, passages: [{ title: input.question.trim(), body: input.answer.trim() }] }
      : { kind: "text", title: input.title?.trim() || "Untitled", text: input.text, source: input.source ?? null, passages: splitText(input.text, input.title?.trim() || "Untitled") };
  if (!doc.passages.length || !doc.text.trim()) throw new CliError("the material is empty: nothing to add");
  const hash = createHash("sha256").update(`${doc.kind}\0${doc.title}\0${doc.text}`).digest("hex");
  const id = store.write(() => {
    requireAgent(store, agentId);
    const existing = store.db
      .select({ id: material.id })
      .from(material)
      .where(and(eq(material.agentId, agentId), eq(material.contentHash, hash)))
      .get();
    if (existing) return existing.id;
    const mid = newId("mat");
    store.db.insert(material).values({ id: mid, agentId, kind: doc.kind, title: doc.title, source: doc.source, contentHash: hash, chars: doc.text.length, createdAt: Date.now() }).run();
    doc.passages.forEach((p, position) => store.db.insert(passages).values({ materialId: mid, agentId, position, title: p.title, body: p.body }).run());
    return mid;
  });
  return { ids: [id] };
}
