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
