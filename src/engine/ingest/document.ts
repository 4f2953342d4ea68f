/** What every parser produces: one piece of material, normalised and split. */
import { createHash } from "node:crypto";
import type { Passage } from "./split";

export interface Doc {
  kind: "text" | "markdown" | "html" | "pdf" | "docx" | "url" | "qa";
  title: string;
  /** File name or URL it came from; re-adding the same source with new content replaces it. */
  source: string | null;
  /** SHA-256 of kind, title and normalised text: re-adding unchanged material is a no-op. */
  contentHash: string;
  /** Characters of normalised text. */
  chars: number;
  passages: Passage[];
}

/**
 * A document from its normalised text. Only the text's hash and length are kept: a command
 * adding many files holds every document until its one transaction, and the passages
 * already hold the text (keeping both cost ~20% of the peak memory of a 300k-passage add).
 * The hash's input is fixed: stores made by earlier builds recognise unchanged material.
 */
export function makeDoc(kind: Doc["kind"], title: string, source: string | null, text: string, passages: Passage[]): Doc {
  const contentHash = createHash("sha256").update(`${kind === "qa" ? "qa" : "text"}\0${title}\0${text}`).digest("hex");
  return { kind, title, source, contentHash, chars: text.length, passages };
}

/** Limits on what one piece of material may be. */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;
export const MAX_TEXT_CHARS = 2_000_000;
/**
 * Characters of text a parser thread may hand back (a PDF's text, the text in a DOCX's HTML):
 * past twice the limit no layout or clean-up brings it under, so the file is refused there
 * and the text never copied to the main thread.
 */
export const MAX_PARSED_CHARS = 2 * MAX_TEXT_CHARS;
/**
 * Pages of one PDF. The text limit fills about 700 full pages; pdf.js takes ~3 ms a page
 * even when it is empty, so 10,000 take half a minute and more run into the time limit.
 */
export const MAX_PDF_PAGES = 10_000;
