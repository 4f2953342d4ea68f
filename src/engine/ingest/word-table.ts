/**
 * The words of passages, looked up without making a string of each occurrence: ingestion
 * reads every word of every passage (a million per 10k passages) to count stems, and
 * slicing and hashing each one in a Map was most of that cost. Words are hashed while the
 * folded text is scanned and compared in place against a pool of the words seen so far;
 * each distinct word gets a small integer id, so callers count in typed arrays rather than
 * objects. Only a word never seen before becomes a string. The words found are exactly
 * those of `words()` in text/terms.ts.
 */
import { foldText, words } from "../text/terms";

/** ASCII letters and digits: the word characters of folded text below 0x80. */
const ASCII_WORD = new Uint8Array(128);
for (let c = 0; c < 128; c++) ASCII_WORD[c] = /[a-z0-9]/.test(String.fromCharCode(c)) ? 1 : 0;

/** A word character outside ASCII: such text takes the general (regex) path. */
const NON_ASCII_WORD = /(?![a-z0-9])[\p{L}\p{N}]/u;
/** Checked first: nearly all text is ASCII, and this is far cheaper than the test above. */
const ALL_ASCII = /^[\x00-\x7f]*$/;

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

function hashOf(s: string, start: number, end: number): number {
  let h = FNV_OFFSET;
  for (let i = start; i < end; i++) h = Math.imul(h ^ s.charCodeAt(i), FNV_PRIME);
  return h;
}

/** A copy of `a` at least `atLeast` long (doubling, so repeated growth stays linear). */
export function grown<T extends Int32Array<ArrayBuffer> | Uint16Array<ArrayBuffer>>(a: T, atLeast: number): T {
  let size = a.length * 2;
  while (size < atLeast) size *= 2;
  const b = new (a.constructor as new (n: number) => T)(size);
  b.set(a);
  return b;
}

/** An open-addressing table from words to dense ids (0, 1, 2, … in order of first sight). */
export class WordTable {
  /** Two entries per slot, side by side so a probe reads one cache line: hash, id + 1 (0: empty). */
  private slots = new Int32Array(2 << 12);
  /** Every distinct word's characters, back to back; `starts`/`lengths`/`hashes` by id. */
  private pool = new Uint16Array(1 << 16);
  private poolUsed = 0;
  private starts = new Int32Array(1 << 12);
  private lengths = new Int32Array(1 << 12);
  private hashes = new Int32Array(1 << 12);
  /** Where `scan` puts its ids (reused from one text to the next). */
  private ids = new Int32Array(1 << 10);
  /** Distinct words seen so far. */
  size = 0;

  /** `added` hears of each new word once, with its id. */
  constructor(private added: (word: string, id: number) => void) {}

  /** The ids of the words of `text`, in order: a view valid until the next scan. */
  scan(text: string): Int32Array {
    const s = foldText(text);
    if (!ALL_ASCII.test(s) && NON_ASCII_WORD.test(s)) {
      const list = words(text);
      if (list.length > this.ids.length) this.ids = grown(this.ids, list.length);
      list.forEach((w, k) => (this.ids[k] = this.find(w, 0, w.length, hashOf(w, 0, w.length))));
      return this.ids.subarray(0, list.length);
    }
    const n = s.length;
    // A word takes at least one character and a separator: n / 2 + 1 bounds the count.
    if (n / 2 + 1 > this.ids.length) this.ids = grown(this.ids, n / 2 + 1);
    const ids = this.ids;
    let count = 0;
    let i = 0;
    while (i < n) {
      let c = s.charCodeAt(i);
      if (c >= 128 || ASCII_WORD[c] === 0) {
        i++;
        continue;
      }
      const start = i;
      let h = FNV_OFFSET;
      do {
        h = Math.imul(h ^ c, FNV_PRIME);
        c = s.charCodeAt(++i);
      } while (i < n && c < 128 && ASCII_WORD[c] === 1);
      ids[count++] = this.find(s, start, i, h);
    }
    return ids.subarray(0, count);
  }

  private find(s: string, start: number, end: number, hash: number): number {
    const slots = this.slots;
    const mask = (slots.length >> 1) - 1;
    const len = end - start;
    for (let at = hash & mask; ; at = (at + 1) & mask) {
      const id = slots[2 * at + 1] - 1;
      if (id < 0) return this.insert(at, s, start, end, hash);
      if (slots[2 * at] !== hash || this.lengths[id] !== len) continue;
      const pool = this.pool;
      let p = this.starts[id];
      let k = start;
      while (k < end && pool[p] === s.charCodeAt(k)) {
        k++;
        p++;
      }
      if (k === end) return id;
    }
  }

  private insert(at: number, s: string, start: number, end: number, hash: number): number {
    const id = this.size++;
    const len = end - start;
    if (id >= this.starts.length) {
      this.starts = grown(this.starts, id + 1);
      this.lengths = grown(this.lengths, id + 1);
      this.hashes = grown(this.hashes, id + 1);
    }
    if (this.poolUsed + len > this.pool.length) this.pool = grown(this.pool, this.poolUsed + len);
    for (let k = 0; k < len; k++) this.pool[this.poolUsed + k] = s.charCodeAt(start + k);
    this.starts[id] = this.poolUsed;
    this.lengths[id] = len;
    this.hashes[id] = hash;
    this.poolUsed += len;
    this.slots[2 * at] = hash;
    this.slots[2 * at + 1] = id + 1;
    this.added(s.slice(start, end), id);
    // At most half full, so probes stay short.
    if (this.size * 4 > this.slots.length) this.grow();
    return id;
  }

  /** Doubles the slots. */
  private grow(): void {
    const slots = new Int32Array(this.slots.length * 2);
    const mask = (slots.length >> 1) - 1;
    for (let id = 0; id < this.size; id++) {
      const h = this.hashes[id];
      let at = h & mask;
      while (slots[2 * at + 1]) at = (at + 1) & mask;
      slots[2 * at] = h;
      slots[2 * at + 1] = id + 1;
    }
    this.slots = slots;
  }
}
