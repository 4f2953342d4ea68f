/**
 * The PDF and DOCX parsers, on a thread of their own (parse-off-thread.ts starts it for one
 * file and stops it after). pdf.js and mammoth are most of the binary's code: kept out of
 * the main bundle, a server that is not reading such a file never holds them (measured at
 * ~3 MiB of resident memory), and a long parse never stalls the answers on the main thread.
 * A DOCX is turned into text here too (for a large file that took ~300 ms of the main thread).
 * Files whose text would be refused anyway are refused here, before the text is copied back.
 */
import { getDocumentProxy } from "unpdf";
import mammoth from "mammoth";
import { MAX_PARSED_CHARS, MAX_PDF_PAGES } from "./document";
import { checkDocxZip } from "./zip-limits";
import { htmlToText } from "./html";

declare const self: Worker;

export interface ParseRequest {
  kind: "pdf" | "docx";
  bytes: Uint8Array;
}

/** A PDF's text (pages apart), or a DOCX's text. */
export type ParseReply = { text: string } | { error: string };

const tooManyChars = () => new Error(`too large to read (more than ${MAX_PARSED_CHARS} characters of text)`);

/** Images are never inflated: the text has no use for them, and inline they made the HTML megabytes long. */
const noImages = mammoth.images.imgElement(async () => ({ src: "" }));

/** A DOCX's text, through its HTML (headings, lists and tables keep their structure); read here, not on the main thread. */
async function docxText(bytes: Uint8Array): Promise<string> {
  await checkDocxZip(bytes);
  const html = (await mammoth.convertToHtml({ buffer: Buffer.from(bytes) }, { convertImage: noImages })).value;
  if (html.length > MAX_PARSED_CHARS && html.replace(/<[^>]*>/g, "").length > MAX_PARSED_CHARS) throw tooManyChars();
  return htmlToText(html, { mainContent: false }).text;
}

/** Page by page (unpdf's extractText reads all pages at once), stopping once the text is too long. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  // verbosity 0: pdf.js would otherwise print recoverable-damage warnings on stdout.
  const pdf = await getDocumentProxy(bytes, { verbosity: 0 });
  if (pdf.numPages > MAX_PDF_PAGES) throw new Error(`too large to read (${pdf.numPages} pages; the limit is ${MAX_PDF_PAGES})`);
  const pages: string[] = [];
  let chars = 0;
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number);
    pages.push(lineText((await page.getTextContent()).items));
    page.cleanup();
    chars += pages[pages.length - 1].length + 2;
    if (chars > MAX_PARSED_CHARS) throw tooManyChars();
  }
  return pages.join("\n\n");
}

/** A page's text items as unpdf joins them: each item's string, a line break where the item ends a line. */
function lineText(items: object[]): string {
  return (items as { str?: string; hasEOL?: boolean }[])
    .filter((item) => item.str != null)
    .map((item) => item.str + (item.hasEOL ? "\n" : ""))
    .join("");
}

self.onmessage = async ({ data }: MessageEvent<ParseRequest>) => {
  let reply: ParseReply;
  try {
    reply = { text: data.kind === "docx" ? await docxText(data.bytes) : await pdfText(data.bytes) };
  } catch (err) {
    reply = { error: (err as Error)?.message || String(err) };
  }
  self.postMessage(reply);
};
