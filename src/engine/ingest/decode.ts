/**
 * Text bytes to a string. A byte-order mark wins, then a declared charset (an HTTP
 * Content-Type, an HTML <meta charset>), then UTF-8 — and bytes that are not valid UTF-8
 * are read as Windows-1252, which is what "Latin-1" files from older editors and servers
 * are, instead of being stored with replacement characters. UTF-16 without a mark is
 * recognised by its zero bytes.
 */

/** The charset a Content-Type header names ("text/html; charset=ISO-8859-1" → "iso-8859-1"). */
export function charsetOf(contentType: string | null | undefined): string | undefined {
  return /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType ?? "")?.[1].toLowerCase();
}

/** The charset an HTML page declares in its first kilobyte (<meta charset> or http-equiv). */
function metaCharset(bytes: Uint8Array): string | undefined {
  const head = new TextDecoder("windows-1252").decode(bytes.subarray(0, 1024));
  return /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1].toLowerCase();
}

function decoderFor(label: string | undefined): TextDecoder | null {
  if (!label) return null;
  try {
    return new TextDecoder(label);
  } catch {
    return null; // an unknown label is ignored, as browsers do
  }
}

function bomEncoding(bytes: Uint8Array): { encoding: string; skip: number } | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: "utf-8", skip: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: "utf-16le", skip: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: "utf-16be", skip: 2 };
  return null;
}

/** UTF-16 without a mark: most characters of Latin-script text have a zero high byte. */
function unmarkedUtf16(bytes: Uint8Array): string | null {
  const n = Math.min(bytes.length, 2048) & ~1;
  if (n < 4) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  const pairs = n / 2;
  if (oddZeros > pairs * 0.3 && evenZeros < pairs * 0.05) return "utf-16le";
  if (evenZeros > pairs * 0.3 && oddZeros < pairs * 0.05) return "utf-16be";
  return null;
}

export function decodeText(bytes: Uint8Array, opts: { declared?: string; html?: boolean } = {}): string {
  const bom = bomEncoding(bytes);
  if (bom) return new TextDecoder(bom.encoding).decode(bytes.subarray(bom.skip));
  const utf16 = unmarkedUtf16(bytes);
  if (utf16) return new TextDecoder(utf16).decode(bytes);
  const declared = decoderFor(opts.declared ?? (opts.html ? metaCharset(bytes) : undefined));
  // A page that says UTF-8 but is not is still better read as Windows-1252 than garbled.
  if (declared && declared.encoding !== "utf-8") return declared.decode(bytes);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}
