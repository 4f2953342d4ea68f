/**
 * Reading a JSON body with the size limit enforced before parsing: from Content-Length when
 * sent, otherwise while the bytes arrive (a chunked body stops being read at the limit).
 */
import { ApiError } from "../errors";

export const MAX_BODY_BYTES = 102_400;

/** Fatal: bytes that are not UTF-8 are a 400, never replaced silently. */
const UTF8 = new TextDecoder("utf-8", { fatal: true });

/** Bodies the request wrapper had to read early (no Content-Length) to enforce the limit. */
export const preRead = new WeakMap<Request, Uint8Array>();

export function tooLarge(): ApiError {
  return new ApiError("request_too_large", `The request body exceeds the limit of ${MAX_BODY_BYTES} bytes.`);
}

/**
 * The body's bytes, or null once they pass `limit` (read no further than that). A declared
 * length is checked up front; a chunked body is counted as it arrives.
 */
export async function bytesWithin(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > limit) return null;
  if (!request.body) return new Uint8Array();
  // A declared length is enforced by the HTTP framing itself, so the body can be taken whole.
  if (declared !== null) return new Uint8Array(await request.arrayBuffer());
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

export async function readLimited(request: Request, limit = MAX_BODY_BYTES): Promise<Uint8Array> {
  const bytes = await bytesWithin(request, limit);
  if (!bytes) throw tooLarge();
  return bytes;
}

/** Parses a JSON body; the content type must be JSON and the bytes valid UTF-8 JSON. */
export async function readJson(request: Request): Promise<unknown> {
  const bytes = preRead.get(request) ?? (await readLimited(request));
  const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "application/json")
    throw new ApiError("invalid_request_error", "The request body must be JSON, sent with 'Content-Type: application/json'.", null);
  try {
    return JSON.parse(UTF8.decode(bytes));
  } catch {
    throw new ApiError("invalid_request_error", "The request body is not valid JSON.", null);
  }
}
