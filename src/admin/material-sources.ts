/**
 * Turns what the dashboard receives (an uploaded file, a URL) into engine input.
 * Plain text and Markdown go in as they are; PDF, DOCX and HTML are converted to text with
 * real parsers first. When the engine grows its own file and URL ingestion, this adapter
 * is the one place to hand over to it.
 */
import type { IngestInput } from "../engine";
import { CliError } from "../errors";

export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 15_000;
export const SUPPORTED_FILES = [".md", ".markdown", ".txt", ".pdf", ".docx", ".html", ".htm"];

function titleFrom(name: string): string {
  return name.replace(/\.[^.]+$/, "").replace(/[-_]+/g, " ").trim() || "Untitled";
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { extractText, getDocumentProxy } = await import("unpdf");
  const pdf = await getDocumentProxy(bytes);
  const { text } = await extractText(pdf, { mergePages: false });
  return (text as string[]).join("\n\n");
}

async function docxText(bytes: Uint8Array): Promise<string> {
  const mammoth = await import("mammoth");
  const { value } = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
  return value;
}

/** The page's main content (Readability), falling back to the body's text. */
export async function htmlText(html: string): Promise<{ title: string | null; text: string }> {
  const { parseHTML } = await import("linkedom");
  const { Readability } = await import("@mozilla/readability");
  const { document } = parseHTML(html);
  const title = document.querySelector("title")?.textContent?.trim() || null;
  const article = new Readability(document as unknown as Document).parse();
  const text = article?.textContent?.trim() || document.body?.textContent?.trim() || "";
  return { title: article?.title?.trim() || title, text: text.replace(/\n{3,}/g, "\n\n") };
}

/** One uploaded file as engine input; throws a readable error for what cannot be read. */
export async function fromUpload(name: string, bytes: Uint8Array): Promise<IngestInput> {
  const ext = (/\.[^.]+$/.exec(name.toLowerCase()) ?? [""])[0];
  if (!SUPPORTED_FILES.includes(ext)) throw new CliError(`${name}: unsupported file type (supported: ${SUPPORTED_FILES.join(", ")})`);
  if (bytes.byteLength === 0) throw new CliError(`${name}: the file is empty`);
  if (bytes.byteLength > MAX_UPLOAD_BYTES) throw new CliError(`${name}: the file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MiB`);
  let text: string;
  let title = titleFrom(name);
  try {
    if (ext === ".pdf") text = await pdfText(bytes);
    else if (ext === ".docx") text = await docxText(bytes);
    else if (ext === ".html" || ext === ".htm") {
      const page = await htmlText(new TextDecoder().decode(bytes));
      text = page.text;
      title = page.title ?? title;
    } else text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new CliError(`${name}: the file could not be read as ${ext.slice(1).toUpperCase()}`);
  }
  if (!text.trim()) throw new CliError(`${name}: no text found in the file`);
  return { kind: "text", text, title, source: name };
}

/** A web page as engine input: fetched with a timeout and a size cap, main content kept. */
export async function fromUrl(raw: string): Promise<IngestInput> {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new CliError("enter a full address starting with http:// or https://");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new CliError("only http:// and https:// addresses can be added");
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: "follow", headers: { accept: "text/html, text/plain;q=0.9" } });
  } catch {
    throw new CliError(`${url.href} could not be reached`);
  }
  if (!res.ok) throw new CliError(`${url.href} answered ${res.status}`);
  const body = await res.arrayBuffer();
  if (body.byteLength > MAX_UPLOAD_BYTES) throw new CliError(`${url.href} is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MiB`);
  const type = res.headers.get("content-type") ?? "";
  const decoded = new TextDecoder().decode(body);
  const page = /html/i.test(type) || /^\s*</.test(decoded) ? await htmlText(decoded) : { title: null, text: decoded };
  if (!page.text.trim()) throw new CliError(`${url.href} has no readable text`);
  return { kind: "text", text: page.text, title: page.title ?? url.hostname + url.pathname, source: url.href };
}
