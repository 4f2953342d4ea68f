/**
 * GET /v1/widget.js: the embedded bundle, served brotli- or gzip-compressed when the client
 * accepts it (about a third of the size). Each variant is compressed once, on first use, and
 * has an ETag of its own: a cache must never answer a gzip-less client with gzip bytes.
 */
import { brotliCompressSync, constants } from "node:zlib";
import type { Asset } from "../embedded";

export type Coding = "br" | "gzip" | "identity";

interface Variant {
  body: Uint8Array<ArrayBuffer> | string;
  etag: string;
}

/** The tag of a compressed variant: the bundle's own tag with the coding inside the quotes. */
function variantTag(etag: string, coding: Coding): string {
  return coding === "identity" ? etag : etag.replace(/"$/, `-${coding}"`);
}

function compress(body: string, coding: Coding): Uint8Array<ArrayBuffer> | string {
  if (coding === "gzip") return Bun.gzipSync(body, { level: 9 });
  if (coding === "br") return new Uint8Array(brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  return body;
}

/** The coding to send for an `Accept-Encoding` header: br, then gzip, by the client's q-values. */
export function chooseCoding(header: string | null): Coding {
  const q = new Map<string, number>();
  for (const part of (header ?? "").toLowerCase().split(",")) {
    const [name, ...params] = part.split(";").map((s) => s.trim());
    if (!name) continue;
    const qParam = params.find((p) => p.startsWith("q="));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const weight = (coding: string) => q.get(coding) ?? q.get("*") ?? 0;
  const best = (["br", "gzip"] as const).filter((c) => weight(c) > 0).sort((a, b) => weight(b) - weight(a))[0];
  return best ?? "identity";
}

/** True when `If-None-Match` names the tag (weak comparison, as RFC 9110 asks for GET). */
function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/** A handler for the loader script; compression happens once per coding, on first request. */
export function scriptHandler(script: Asset): (request: Request) => Response {
  const variants = new Map<Coding, Variant>();
  const variant = (coding: Coding): Variant => {
    let v = variants.get(coding);
    if (!v) variants.set(coding, (v = { body: compress(script.body, coding), etag: variantTag(script.etag, coding) }));
    return v;
  };
  return (request) => {
    const coding = chooseCoding(request.headers.get("accept-encoding"));
    const { body, etag } = variant(coding);
    const headers: Record<string, string> = {
      "cache-control": "public, max-age=300",
      etag,
      vary: "Accept-Encoding",
      "access-control-allow-origin": "*",
    };
    if (matches(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
    headers["content-type"] = "application/javascript; charset=utf-8";
    if (coding !== "identity") headers["content-encoding"] = coding;
    return new Response(body, { headers });
  };
}
