/**
 * The o200k vocabulary as one compact binary (built by scripts/build-tokenizer.ts) and the
 * byte-sequence → rank lookup over it. An open-addressing hash table over a single byte array
 * costs a few MiB and a few milliseconds to build, where gpt-tokenizer's JS array literal
 * costs hundreds of milliseconds to parse and tens of MiB.
 *
 * Layout: "O2K1", u32 LE token count, one u8 length per token (in rank order), then every
 * token's bytes concatenated in rank order. A token's rank is its index.
 */
const MAGIC = "O2K1";
const HEADER = 8;

/** Serialises tokens given in rank order; lengths must be 1..255 and contents distinct. */
export function encodeVocabulary(tokens: Uint8Array[]): Uint8Array {
  const total = tokens.reduce((sum, t) => sum + t.length, 0);
  const out = new Uint8Array(HEADER + tokens.length + total);
  out.set(new TextEncoder().encode(MAGIC), 0);
  new DataView(out.buffer).setUint32(4, tokens.length, true);
  let at = HEADER + tokens.length;
  tokens.forEach((token, rank) => {
    if (token.length < 1 || token.length > 255) throw new Error(`token ${rank} has ${token.length} bytes`);
    out[HEADER + rank] = token.length;
    out.set(token, at);
    at += token.length;
  });
  return out;
}

function hash(bytes: Uint8Array, start: number, end: number): number {
  // FNV-1a, then a final avalanche so the low bits used for the slot are well mixed.
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ bytes[i], 0x01000193);
  h ^= h >>> 16;
  h = Math.imul(h, 0x45d9f3b);
  return h ^ (h >>> 16);
}

export class Vocabulary {
  /** Every token's bytes, concatenated in rank order. */
  private readonly bytes: Uint8Array;
  /** starts[rank]..starts[rank + 1] is the token's span in `bytes`. */
  private readonly starts: Uint32Array;
  /** rank + 1 per occupied slot, 0 when empty. */
  private readonly slots: Int32Array;
  private readonly mask: number;
  readonly size: number;

  constructor(file: Uint8Array) {
    if (file.length < HEADER || new TextDecoder().decode(file.subarray(0, 4)) !== MAGIC) throw new Error("not an o200k vocabulary file");
    const count = new DataView(file.buffer, file.byteOffset).getUint32(4, true);
    this.size = count;
    this.bytes = file.subarray(HEADER + count);
    this.starts = new Uint32Array(count + 1);
    for (let rank = 0, at = 0; rank < count; rank++) {
      at += file[HEADER + rank];
      this.starts[rank + 1] = at;
    }
    if (this.starts[count] !== this.bytes.length) throw new Error("truncated o200k vocabulary file");
    let capacity = 1;
    while (capacity < count * 2) capacity <<= 1;
    this.slots = new Int32Array(capacity);
    this.mask = capacity - 1;
    for (let rank = 0; rank < count; rank++) {
      let slot = hash(this.bytes, this.starts[rank], this.starts[rank + 1]) & this.mask;
      while (this.slots[slot] !== 0) slot = (slot + 1) & this.mask;
      this.slots[slot] = rank + 1;
    }
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
