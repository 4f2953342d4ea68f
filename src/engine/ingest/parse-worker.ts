/**
 * The PDF and DOCX parsers, on a thread of their own (parse-off-thread.ts starts it for one
 * file and stops it after). pdf.js and mammoth are most of the binary's code: kept out of
 * the main bundle, a server that is not reading such a file never holds them (measured at
 * ~3 MiB of resident memory), and a long parse never stalls the answers on the main thread.
 */
import { extractText, getDocumentProxy } from "unpdf";
import mammoth from "mammoth";

declare const self: Worker;

export interface ParseRequest {
  kind: "pdf" | "docx";
  bytes: Uint8Array;
}

/** A PDF's text (pages apart), or a DOCX's HTML. */
export type ParseReply = { text: string } | { error: string };

async function parse({ kind, bytes }: ParseRequest): Promise<string> {
  if (kind === "docx") return (await mammoth.convertToHtml({ buffer: Buffer.from(bytes) })).value;
  // verbosity 0: pdf.js would otherwise print recoverable-damage warnings on stdout.
  const pdf = await getDocumentProxy(bytes, { verbosity: 0 });
  const { text } = await extractText(pdf, { mergePages: false });
  return (text as string[]).join("\n\n");
}

self.onmessage = async (event: MessageEvent<ParseRequest>) => {
  let reply: ParseReply;
  try {
    reply = { text: await parse(event.data) };
  } catch (err) {
    reply = { error: (err as Error)?.message || String(err) };
  }
  self.postMessage(reply);
};
