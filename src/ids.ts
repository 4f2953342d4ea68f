/** Opaque ids: a readable prefix and 16 random hex characters. */
export function newId(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return `${prefix}_${Buffer.from(bytes).toString("hex")}`;
}

/** Unix time in whole seconds. */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
