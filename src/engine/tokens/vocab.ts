/**
 * The o200k vocabulary as one compact binary (built by scripts/build-tokenizer.ts) and the
 * byte-sequence → rank lookup over it: an open-addressing hash table over a single byte
 * array. The table is built at build time too, so loading is only taking typed-array views
 * of the file: a few MiB and well under a millisecond, where gpt-tokenizer's JS array literal
 * costs hundreds of milliseconds to parse and tens of MiB.
 *
 * Layout (little-endian, every section 4-byte aligned):
 *   "O2K2", u32 token count, u32 table capacity (a power of two), u32 total token bytes,
 *   u32 starts[count + 1]   token `rank` is bytes[starts[rank]..starts[rank + 1])
 *   i32 slots[capacity]     rank + 1 of the token hashed to that slot, 0 when empty
 *   u8  bytes[]             every token's bytes, concatenated in rank order
 */
const MAGIC = "O2K2";
const HEADER = 16;

function hash(bytes: Uint8Array, start: number, end: number): number {
  // FNV-1a, then a final avalanche so the low bits used for the slot are well mixed.
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ bytes[i], 0x01000193);
  h ^= h >>> 16;
  h = Math.imul(h, 0x45d9f3b);
  return h ^ (h >>> 16);
}

/** Typed arrays are read in the machine's byte order; the file is little-endian. */
function assertLittleEndian(): void {
  if (new Uint8Array(new Uint32Array([1]).buffer)[0] !== 1) throw new Error("the o200k vocabulary needs a little-endian machine");
}

/** Serialises tokens given in rank order (distinct, non-empty) with their lookup table. */
export function encodeVocabulary(tokens: Uint8Array[]): Uint8Array {
  assertLittleEndian();
  const count = tokens.length;
  let capacity = 1;
  while (capacity < count * 2) capacity <<= 1;
  const total = tokens.reduce((sum, t) => sum + t.length, 0);
  const out = new Uint8Array(HEADER + 4 * (count + 1) + 4 * capacity + total);
  out.set(new TextEncoder().encode(MAGIC), 0);
  const header = new DataView(out.buffer);
  header.setUint32(4, count, true);
  header.setUint32(8, capacity, true);
  header.setUint32(12, total, true);
  const { starts, slots, bytes } = sections(out, count, capacity, total);
  let at = 0;
  tokens.forEach((token, rank) => {
    if (token.length === 0) throw new Error(`token ${rank} is empty`);
    starts[rank] = at;
    bytes.set(token, at);
    at += token.length;
  });
  starts[count] = at;
  const mask = capacity - 1;
  for (let rank = 0; rank < count; rank++) {
    let slot = hash(bytes, starts[rank], starts[rank + 1]) & mask;
    while (slots[slot] !== 0) slot = (slot + 1) & mask;
    slots[slot] = rank + 1;
  }
  return out;
}

function sections(file: Uint8Array, count: number, capacity: number, total: number) {
  const { buffer, byteOffset } = file;
  const slotsAt = byteOffset + HEADER + 4 * (count + 1);
  const bytesAt = slotsAt + 4 * capacity;
  return {
    starts: new Uint32Array(buffer, byteOffset + HEADER, count + 1),
    slots: new Int32Array(buffer, slotsAt, capacity),
    bytes: new Uint8Array(buffer, bytesAt, total),
  };
}

export class Vocabulary {
  /** starts[rank]..starts[rank + 1] is the token's span in `bytes`. */
  private readonly starts: Uint32Array;
  /** rank + 1 per occupied slot, 0 when empty. */
  private readonly slots: Int32Array;
  /** Every token's bytes, concatenated in rank order. */
  private readonly bytes: Uint8Array;
  private readonly mask: number;
  readonly size: number;

  constructor(file: Uint8Array) {
    assertLittleEndian();
    if (file.length < HEADER || new TextDecoder().decode(file.subarray(0, 4)) !== MAGIC) throw new Error("not an o200k vocabulary file");
    if (file.byteOffset % 4 !== 0) file = file.slice();
    const header = new DataView(file.buffer, file.byteOffset, HEADER);
    const count = header.getUint32(4, true);
    const capacity = header.getUint32(8, true);
    const total = header.getUint32(12, true);
    if (file.length !== HEADER + 4 * (count + 1) + 4 * capacity + total) throw new Error("truncated o200k vocabulary file");
    ({ starts: this.starts, slots: this.slots, bytes: this.bytes } = sections(file, count, capacity, total));
    this.size = count;
    this.mask = capacity - 1;
  }

  /** The rank of bytes[start..end), or -1 when that sequence is not a token. */
  rank(bytes: Uint8Array, start: number, end: number): number {
    const length = end - start;
    const { slots, starts, mask } = this;
    const vocab = this.bytes;
    for (let slot = hash(bytes, start, end) & mask; ; slot = (slot + 1) & mask) {
      const entry = slots[slot];
      if (entry === 0) return -1;
      const from = starts[entry - 1];
      if (starts[entry] - from !== length) continue;
      let i = 0;
      while (i < length && vocab[from + i] === bytes[start + i]) i++;
      if (i === length) return entry - 1;
    }
  }
}
