/**
 * A DOCX's ZIP, checked on the parser thread before mammoth reads it. A few hundred
 * kilobytes of deflated, repetitive XML inflate to gigabytes, and mammoth holds about 1 KB
 * per XML tag it reads (measured: 2 MiB of short paragraphs, 0.34 M tags, took 570 MB;
 * 16 MiB took 3.3 GB): the limits keep what it is given near what a document at the text
 * limit needs.
 */
import JSZip from "jszip";
import { MAX_TEXT_CHARS } from "./document";

/**
 * All entries together, inflated, as the ZIP directory declares them. A DOCX at the text
 * limit holds about 10 MiB of XML (20 for heavily formatted Word output) besides its images.
 */
export const MAX_INFLATED_BYTES = 64 * 1024 * 1024;
/**
 * An entry inflating to more than this many times its packed size is a bomb: Word's XML
 * deflates 10- to 20-fold, a repeated paragraph 300-fold and more (deflate's ceiling is ~1000).
 */
export const MAX_RATIO = 200;
/** Entries smaller than this are not held to MAX_RATIO: a small repetitive part costs nothing. */
const RATIO_FLOOR_BYTES = 1024 * 1024;
/**
 * XML tags (`<`) in the parts mammoth reads, half the text limit: a DOCX at the limit holds
 * about 0.4 M (0.5 GB in mammoth); a bomb under the byte limit may hold 11 M.
 */
export const MAX_XML_TAGS = MAX_TEXT_CHARS / 2;

interface Sizes {
  name: string;
  packed: number;
  inflated: number;
}

/** Throws (one line) when the DOCX would inflate beyond the limits above; reads only the ZIP directory and XML parts. */
export async function checkDocxZip(bytes: Uint8Array): Promise<void> {
  const zip = await JSZip.loadAsync(bytes);
  const entries = Object.values(zip.files).filter((file) => !file.dir);
  const sizes = entries.map(sizesOf);
  checkDeclared(sizes);
  let tags = 0;
  for (const [i, file] of entries.entries()) {
    if (/\.(xml|rels)$/i.test(file.name)) tags += await countTags(file, sizes[i].inflated, MAX_XML_TAGS - tags);
  }
}

/** An entry's sizes from the ZIP directory. JSZip keeps them in `_data`: private (its typings say so), unchanged since 3.0. */
function sizesOf(file: JSZip.JSZipObject): Sizes {
  const data = (file as unknown as { _data?: { compressedSize?: unknown; uncompressedSize?: unknown } })._data;
  const packed = data?.compressedSize;
  const inflated = data?.uncompressedSize;
  // Without its sizes nothing could be checked: refuse rather than inflate blind.
  if (typeof packed !== "number" || typeof inflated !== "number") throw new Error(`cannot find the size of ${file.name} in the ZIP directory`);
  return { name: file.name, packed, inflated };
}

/** The declared sizes: the whole, then each entry's ratio. */
function checkDeclared(sizes: Sizes[]): void {
  const total = sizes.reduce((sum, s) => sum + s.inflated, 0);
  if (total > MAX_INFLATED_BYTES) throw new Error(`too large to read (it inflates to ${mib(total)}; the limit is ${mib(MAX_INFLATED_BYTES)})`);
  for (const { name, packed, inflated } of sizes) {
    const ratio = inflated / Math.max(packed, 1);
    if (inflated > RATIO_FLOOR_BYTES && ratio > MAX_RATIO) throw new Error(`too large to read (${name} inflates ${Math.round(ratio)}-fold; the limit is ${MAX_RATIO})`);
  }
}

/**
 * Inflates one entry chunk by chunk, keeping nothing, and counts its tags. The declared size
 * can lie (JSZip compares only at the end): past it, or past the tag budget, it stops.
 */
function countTags(file: JSZip.JSZipObject, declared: number, budget: number): Promise<number> {
  // JSZip's stream is readable-stream 2 (no async iterator): events, then destroy() to stop.
  const stream = file.nodeStream("nodebuffer") as NodeJS.ReadableStream & { destroy(): void };
  let bytes = 0;
  let tags = 0;
  return new Promise((resolve, reject) => {
    const stop = (message: string) => (stream.destroy(), reject(new Error(message)));
    stream.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > declared) return stop(`${file.name} inflates to more than the ${declared} bytes its ZIP directory declares`);
      for (let at = chunk.indexOf(60); at !== -1; at = chunk.indexOf(60, at + 1)) tags++;
      if (tags > budget) stop(`too large to read (more than ${MAX_XML_TAGS} XML tags)`);
    });
    stream.on("error", reject);
    stream.on("end", () => resolve(tags));
  });
}

const mib = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MiB`;
