/**
 * Ingestion: every kind of material is read and parsed first, then written in one
 * transaction, so a bad file among several adds nothing at all.
 */
import { readFile, stat } from "node:fs/promises";
import { resolve } from "node:path";
import type { Store } from "../store/db";
import { CliError } from "../errors";
import { MAX_FILE_BYTES, type Doc } from "./ingest/document";
import { docsFromFile, markdownDoc } from "./ingest/formats";
import { qaDoc } from "./ingest/qa-file";
import { docsFromUrl } from "./ingest/crawl";
import { writeDocs } from "./ingest/write";

export type IngestInput =
  | { kind: "text"; text: string; title?: string; source?: string }
  | { kind: "qa"; question: string; answer: string }
  | { kind: "file"; path: string; title?: string }
  | { kind: "bytes"; name: string; bytes: Uint8Array; title?: string }
  | { kind: "url"; url: string; maxPages?: number };

/** The file errors an operator meets, in words (the code is kept for the rest). */
const FILE_ERRORS: Record<string, string> = {
  ENOENT: "no such file (ENOENT)",
  EACCES: "permission denied (EACCES)",
  EPERM: "permission denied (EPERM)",
  ELOOP: "too many symbolic links (ELOOP)",
  ENAMETOOLONG: "the path is too long (ENAMETOOLONG)",
};

async function fileBytes(path: string): Promise<Uint8Array> {
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new CliError(`cannot read ${path}: not a file`);
    if (info.size > MAX_FILE_BYTES) throw new CliError(`${path} is too large: ${info.size} bytes (limit ${MAX_FILE_BYTES})`);
    return new Uint8Array(await readFile(path));
  } catch (err) {
    if (err instanceof CliError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    throw new CliError(`cannot read ${path}: ${(code && FILE_ERRORS[code]) ?? code ?? (err as Error).message}`);
  }
}

/** Parses one input into documents without touching the store. */
export async function readInput(input: IngestInput): Promise<Doc[]> {
  switch (input.kind) {
    case "text":
      return [markdownDoc("text", input.text, input.source ?? null, input.title?.trim() || undefined, "Untitled")];
    case "qa":
      return [qaDoc(input.question, input.answer)];
    case "file":
      // Known by its full path: docs/en/index.md and docs/fr/index.md are two materials.
      return docsFromFile(input.path, await fileBytes(input.path), input.title, resolve(input.path));
    case "bytes":
      return docsFromFile(input.name, input.bytes, input.title);
    case "url":
      return docsFromUrl(input.url, input.maxPages);
  }
}

/** Adds material to an agent; returns the material ids (existing ids for unchanged material). */
export async function ingest(store: Store, agentId: string, input: IngestInput | IngestInput[]): Promise<{ ids: string[] }> {
  const docs: Doc[] = [];
  for (const one of Array.isArray(input) ? input : [input]) docs.push(...(await readInput(one)));
  return { ids: writeDocs(store, agentId, docs) };
}
