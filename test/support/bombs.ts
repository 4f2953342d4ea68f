/**
 * Hostile DOCX and PDF files built in the test (no committed binaries): a valid minimal DOCX
 * whose word/document.xml inflates to hundreds of megabytes, a PDF whose content stream
 * does, and PDFs of many pages or much text. Each is made in milliseconds, without ever
 * holding the inflated data.
 */
import { constants, crc32, deflateRawSync } from "node:zlib";

/**
 * `head`, `copies` × `block`, `tail` as one raw deflate stream: `block` is compressed once
 * with a sync flush (byte-aligned, no back-reference before its own start), so copies of it
 * concatenate into a valid stream, closed by an empty final block.
 */
function repeatedDeflate(head: string, block: Buffer, copies: number, tail: string): Buffer {
  const flushed = (data: Buffer) => deflateRawSync(data, { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  const blockDeflated = flushed(block);
  return Buffer.concat([flushed(Buffer.from(head)), ...Array(copies).fill(blockDeflated), flushed(Buffer.from(tail)), deflateRawSync(Buffer.alloc(0))]);
}

/** A block of about 1 MiB: `unit` repeated. */
const mebiBlock = (unit: string) => Buffer.from(unit.repeat(Math.floor((1 << 20) / unit.length)));

interface Entry {
  name: string;
  /** The raw deflate stream. */
  deflated: Uint8Array;
  crc: number;
  /** Inflated bytes, as the ZIP's headers declare them. */
  size: number;
}

const PARAGRAPH = "<w:p><w:r><w:t>aaaa</w:t></w:r></w:p>";
const DOCUMENT_HEAD = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>`;
const DOCUMENT_TAIL = "</w:body></w:document>";

/**
 * A DOCX whose document.xml holds about `xmlBytes` of repeated paragraphs. `declaredSize`
 * makes its headers lie about that part's inflated size (a bomb that hides from a check of
 * the ZIP directory alone).
 */
export function makeDocxBomb(xmlBytes: number, declaredSize?: number): Uint8Array {
  const block = mebiBlock(PARAGRAPH);
  const copies = Math.max(1, Math.round(xmlBytes / block.length));
  let crc = crc32(DOCUMENT_HEAD);
  for (let i = 0; i < copies; i++) crc = crc32(block, crc);
  const document: Entry = {
    name: "word/document.xml",
    deflated: repeatedDeflate(DOCUMENT_HEAD, block, copies, DOCUMENT_TAIL),
    crc: crc32(DOCUMENT_TAIL, crc),
    size: declaredSize ?? DOCUMENT_HEAD.length + copies * block.length + DOCUMENT_TAIL.length,
  };
  return zip([
    deflatedEntry("[Content_Types].xml", `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`),
    deflatedEntry("_rels/.rels", `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`),
    document,
  ]);
}

function deflatedEntry(name: string, text: string): Entry {
  const data = Buffer.from(text);
  return { name, deflated: deflateRawSync(data), crc: crc32(data), size: data.length };
}

/** A ZIP of deflated entries: local headers and data, then the central directory. */
function zip(entries: Entry[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const local = zipHeader(30, 0x04034b50, entry, name);
    const central = zipHeader(46, 0x02014b50, entry, name);
    central.writeUInt32LE(offset, 42);
    locals.push(local, Buffer.from(entry.deflated));
    centrals.push(central);
    offset += local.length + entry.deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

/** A local (30-byte) or central (46-byte) header: the fields both have sit 2 bytes apart. */
function zipHeader(size: 30 | 46, signature: number, entry: Entry, name: Buffer): Buffer {
  const out = Buffer.alloc(size + name.length);
  const at = size === 46 ? 2 : 0; // the central header has "version made by" first
  out.writeUInt32LE(signature, 0);
  out.writeUInt16LE(20, 4 + at); // version needed: 2.0 (deflate)
  out.writeUInt16LE(8, 8 + at); // method: deflate
  out.writeUInt32LE(entry.crc >>> 0, 14 + at);
  out.writeUInt32LE(entry.deflated.length, 18 + at);
  out.writeUInt32LE(entry.size, 22 + at);
  out.writeUInt16LE(name.length, 26 + at);
  name.copy(out, size);
  return out;
}

/**
 * A PDF of `pages` pages sharing one content stream (`dictionary` and `body`): many pages
 * cost a few hundred bytes each.
 */
function pdf(pages: number, stream: { dictionary: string; body: Buffer }): Uint8Array {
  const objects: (string | Buffer)[] = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${Array.from({ length: pages }, (_, i) => `${i + 5} 0 R`).join(" ")}] /Count ${pages} >>`,
    Buffer.concat([Buffer.from(`<< ${stream.dictionary} /Length ${stream.body.length} >>\nstream\n`), stream.body, Buffer.from("\nendstream")]),
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ...Array<string>(pages).fill("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 3 0 R >>"),
  ];
  const parts: Buffer[] = [Buffer.from("%PDF-1.4\n")];
  const offsets: number[] = [];
  let length = parts[0].length;
  const add = (part: Buffer) => (parts.push(part), (length += part.length));
  objects.forEach((body, i) => {
    offsets.push(length);
    add(Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), Buffer.from(body), Buffer.from("\nendobj\n")]));
  });
  const xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  add(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`));
  return new Uint8Array(Buffer.concat(parts));
}

/**
 * A PDF of `pages` pages, each showing `lines` (plain ASCII) in a 1-point font: up to 600
 * lines of 1,000 characters fit on a page (pdf.js drops text outside it).
 */
export function makePdfPages(pages: number, lines: string[]): Uint8Array {
  const body = Buffer.from(`BT /F1 1 Tf 1.2 TL 10 780 Td ${lines.map((l) => `(${l}) Tj T*`).join(" ")} ET`);
  return pdf(pages, { dictionary: "", body });
}

/**
 * A one-page PDF whose content stream inflates to about `streamBytes` of text operators.
 * The zlib trailer's checksum is left zero: pdf.js does not check it.
 */
export function makePdfBomb(streamBytes: number): Uint8Array {
  const block = mebiBlock("(aaaa aaaa aaaa) Tj T* ");
  const deflated = repeatedDeflate("BT /F1 11 Tf 14 TL 50 780 Td ", block, Math.max(1, Math.round(streamBytes / block.length)), " ET");
  const zlib = Buffer.concat([Buffer.from([0x78, 0xda]), deflated, Buffer.alloc(4)]);
  return pdf(1, { dictionary: "/Filter /FlateDecode", body: zlib });
}
