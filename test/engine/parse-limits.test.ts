/**
 * Hostile PDF and DOCX files in-process: each is refused on the parser thread, in one line,
 * before it can inflate to gigabytes or hand gigabytes of text back to the main thread.
 */
import { describe, expect, test } from "bun:test";
import JSZip from "jszip";
import { docsFromFile } from "../../src/engine/ingest/formats";
import { parseOffThread } from "../../src/engine/ingest/parse-off-thread";
import { MAX_PARSED_CHARS, MAX_PDF_PAGES } from "../../src/engine/ingest/document";
import { MAX_XML_TAGS } from "../../src/engine/ingest/zip-limits";
import { makeDocxBomb, makePdfBomb, makePdfPages } from "../support/bombs";
import { makeDocx } from "../support/documents";

const MiB = 1024 * 1024;
const refusal = (name: string, bytes: Uint8Array) => docsFromFile(name, bytes).then(() => "accepted", (err: Error) => err.message);

describe("DOCX zip bombs", () => {
  test("300 MiB of XML in under 1 MiB is refused from the ZIP directory, before anything is inflated", async () => {
    const bomb = makeDocxBomb(300 * MiB);
    expect(bomb.byteLength).toBeLessThan(MiB);
    expect(await refusal("bomb.docx", bomb)).toBe("cannot read bomb.docx as DOCX: too large to read (it inflates to 300 MiB; the limit is 64 MiB)");
  });

  test("a part that inflates hundreds of times its packed size is refused, even under the size limit", async () => {
    expect(await refusal("dense.docx", makeDocxBomb(8 * MiB))).toMatch(/^cannot read dense\.docx as DOCX: too large to read \(word\/document\.xml inflates \d+-fold; the limit is 200\)$/);
  });

  test("a part inflating past the size its ZIP directory declares is stopped there", async () => {
    const liar = makeDocxBomb(300 * MiB, 10_000);
    expect(await refusal("liar.docx", liar)).toBe("cannot read liar.docx as DOCX: word/document.xml inflates to more than the 10000 bytes its ZIP directory declares");
  });

  test("XML with more tags than mammoth should hold is refused, however well it packs", async () => {
    // Stored, not deflated: no ratio to catch it; 6 tags a paragraph.
    const paragraphs = Math.ceil(MAX_XML_TAGS / 6) + 10;
    const docx = await makeDocx(Array(paragraphs).fill("a"));
    expect(await refusal("tags.docx", docx)).toBe(`cannot read tags.docx as DOCX: too large to read (more than ${MAX_XML_TAGS} XML tags)`);
  });

  test("images are not inflated or inlined: the text is the document's text alone", async () => {
    const text = await parseOffThread("docx", await docxWithImage());
    expect(text).toContain("Our shop front.");
    expect(text).not.toMatch(/base64|<img/);
  });
});

describe("PDF limits", () => {
  test("text past twice the text limit is refused on the parser thread, page by page", async () => {
    const lines = Array(500).fill("x".repeat(1000));
    const pages = Math.ceil(MAX_PARSED_CHARS / 500_000) + 1;
    expect(await refusal("long.pdf", makePdfPages(pages, lines))).toBe(`cannot read long.pdf as PDF: too large to read (more than ${MAX_PARSED_CHARS} characters of text)`);
  });

  test("more pages than the limit are refused before any is read", async () => {
    expect(await refusal("pages.pdf", makePdfPages(MAX_PDF_PAGES + 1, ["Hello."]))).toBe(`cannot read pages.pdf as PDF: too large to read (${MAX_PDF_PAGES + 1} pages; the limit is ${MAX_PDF_PAGES})`);
  });

  test("a parse that takes more memory than allowed is stopped (Bun's workers have no heap limit)", async () => {
    await expect(parseOffThread("pdf", makePdfBomb(400 * MiB), { memoryBytes: 32 * MiB })).rejects.toThrow("too large to read (it took more than 32 MiB of memory)");
  });
});

/** A DOCX with one paragraph and one VML image of 1 MiB of (incompressible) bytes. */
async function docxWithImage(): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(await makeDocx(["Our shop front."]));
  const image = `<w:p><w:r><w:pict><v:shape><v:imagedata r:id="rIdImage" o:title="shop"/></v:shape></w:pict></w:r></w:p>`;
  const ns = `xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"`;
  const document = (await zip.file("word/document.xml")!.async("string")).replace("<w:document ", `<w:document ${ns} `).replace("</w:body>", `${image}</w:body>`);
  zip.file("word/document.xml", document);
  const rels = (await zip.file("word/_rels/document.xml.rels")!.async("string")).replace(
    "</Relationships>",
    `<Relationship Id="rIdImage" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/shop.png"/></Relationships>`,
  );
  zip.file("word/_rels/document.xml.rels", rels);
  zip.file("word/media/shop.png", crypto.getRandomValues(new Uint8Array(65536)));
  return zip.generateAsync({ type: "uint8array" });
}
