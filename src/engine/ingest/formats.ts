/**
 * Files to documents: each supported format through its parser, with one clear error for
 * anything unreadable, empty, oversized or unsupported.
 */
import { extname, basename } from "node:path";
import { CliError } from "../../errors";
import { MAX_FILE_BYTES, MAX_TEXT_CHARS, makeDoc, type Doc } from "./document";
import { splitText } from "./split";
import { htmlToText } from "./html";
import { markdownTables } from "./tables";
import { frontMatter, markdownText } from "./markdown";
import { qaDocsFromCsv, qaDocsFromJson } from "./qa-file";
import { parseOffThread } from "./parse-off-thread";
import { decodeText } from "./decode";

export const SUPPORTED = [".txt", ".md", ".markdown", ".html", ".htm", ".pdf", ".docx", ".csv", ".json"];

/** A text document from already-extracted text; refuses empty and oversized text. */
export function textDoc(kind: Doc["kind"], text: string, title: string, source: string | null, opts: { guessHeadings?: boolean; runInHeadings?: boolean } = {}): Doc {
  const normalised = text.replace(/\r\n?/g, "\n").replace(/\u00a0/g, " ").replace(/[ \t]+\n/g, "\n").trim();
  const what = source ?? "the text";
  if (normalised.length > MAX_TEXT_CHARS) throw new CliError(`${what} is too large: ${normalised.length} characters of text (limit ${MAX_TEXT_CHARS})`);
  const passages = normalised ? splitText(normalised, title, opts) : [];
  if (!passages.length) throw new CliError(`${what} has no text to add (it is empty${kind === "pdf" ? " or a scanned image" : ""})`);
  return makeDoc(kind, title, source, normalised, passages);
}

/**
 * PDF text comes as visual lines: a short line standing before a capitalised one is taken
 * for a heading, and lines wrapped mid-sentence are joined again.
 */
export function pdfLayout(text: string): string {
  const lines = text.split(/\n/).map((l) => l.trim());
  let out = "";
  lines.forEach((line, i) => {
    const next = lines[i + 1] ?? "";
    if (!line) out += "\n\n";
    else if (line.length <= 60 && !/[.,;:!?)]$/.test(line) && line.split(/\s+/).length <= 8 && /^[\p{Lu}\p{N}]/u.test(line) && /^[\p{Lu}\p{N}]/u.test(next))
      out += `\n\n## ${line}\n\n`;
    else out += /[.!?:]["')]?$/.test(line) ? `${line}\n` : `${line} `;
  });
  return out;
}

/**
 * Parses one file's bytes; `name` decides the format by its extension. `source` is what
 * the material is known by (a file added again under it replaces it): the full path for a
 * file read from disk, the name alone for an upload.
 */
export async function docsFromFile(name: string, bytes: Uint8Array, titleOverride?: string, source = basename(name)): Promise<Doc[]> {
  const ext = extname(name).toLowerCase();
  const fallbackTitle = titleOverride ?? basename(name, extname(name));
  if (!SUPPORTED.includes(ext)) throw new CliError(`unsupported file type: ${source} (supported: ${SUPPORTED.join(", ")})`);
  if (bytes.byteLength > MAX_FILE_BYTES) throw new CliError(`${source} is too large: ${bytes.byteLength} bytes (limit ${MAX_FILE_BYTES})`);
  if (bytes.byteLength === 0) throw new CliError(`${source} is empty`);
  const utf8 = () => {
    const text = decodeText(bytes, { html: ext === ".html" || ext === ".htm" });
    // Control characters other than tab and line breaks: an image or archive with a text name.
    if (/[\u0000-\u0008\u000e-\u001f]/.test(text.slice(0, 4096))) throw new CliError(`${source} is not a text file (it holds binary data)`);
    return text;
  };
  try {
    switch (ext) {
      case ".txt":
        return [textDoc("text", utf8(), fallbackTitle, source, { guessHeadings: true, runInHeadings: true })];
      case ".md":
      case ".markdown": {
        return [markdownDoc("markdown", utf8(), source, titleOverride, fallbackTitle)];
      }
      case ".html":
      case ".htm": {
        const page = htmlToText(utf8());
        return [textDoc("html", page.text, titleOverride ?? page.title ?? fallbackTitle, source)];
      }
      case ".pdf":
        return [textDoc("pdf", pdfLayout(await parseOffThread("pdf", bytes)), fallbackTitle, source, { runInHeadings: true })];
      case ".docx":
        return [textDoc("docx", await parseOffThread("docx", bytes), fallbackTitle, source, { runInHeadings: true })];
      case ".csv":
        return qaDocsFromCsv(utf8(), source);
      default:
        return qaDocsFromJson(utf8(), source);
    }
  } catch (err) {
    if (err instanceof CliError) throw err;
    throw new CliError(`cannot read ${source} as ${ext.slice(1).toUpperCase()}: ${((err as Error).message || String(err)).split("\n")[0]}`);
  }
}

/**
 * A Markdown document (a file, or text given with --text): stored as its rendered text.
 * Its title: the one given, else its first # heading, else its front matter's, else the fallback.
 */
export function markdownDoc(kind: Doc["kind"], raw: string, source: string | null, title: string | undefined, fallbackTitle: string): Doc {
  const { title: declared, body } = frontMatter(raw);
  const text = markdownTables(markdownText(body));
  return textDoc(kind, text, title ?? markdownTitle(text) ?? declared ?? fallbackTitle, source);
}

/** The first top-level Markdown heading, used as the document's title. */
export function markdownTitle(text: string): string | null {
  return /^#\s+(.+)$/m.exec(text)?.[1].trim() ?? null;
}
