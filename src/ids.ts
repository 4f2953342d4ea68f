/** Opaque ids: a readable prefix and 16 random hex characters. */
export function newId(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return `${prefix}_${Buffer.from(bytes).toString("hex")}`;
}

/**
 * An id that sorts by creation time (12 hex of milliseconds, then 16 random hex), for
 * high-volume rows: new keys land at the end of the index instead of at random pages.
 */
export function newSortableId(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return `${prefix}_${Date.now().toString(16).padStart(12, "0")}${Buffer.from(bytes).toString("hex")}`;
}

/**
 * Ids for per-request values (request ids, completion ids): unique, not secret. A random
 * 16-hex prefix drawn once per process, then a counter: no random draw on every request.
 */
export function requestIdSource(prefix: string): () => string {
  const base = `${prefix}${Buffer.from(crypto.getRandomValues(new Uint8Array(8))).toString("hex")}`;
  let n = 0;
  return () => `${base}${(++n).toString(16).padStart(8, "0")}`;
}
