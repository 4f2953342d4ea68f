/**
 * The words of passages, looked up without making a string of each occurrence: ingestion
 * reads every word of every passage (a million per 10k passages) to count stems, and
 * slicing and hashing each one in a Map was most of that cost. Words are hashed while the
 * folded text is scanned and compared in place; only a word never seen before becomes a
 * string. The words found are exactly those of `words()` in text/terms.ts.
 */
import { foldText, words } from "../text/terms";

/** ASCII letters and digits: the word characters of folded text below 0x80. */
const ASCII_WORD = new Uint8Array(128);
for (let c = 0; c < 128; c++) ASCII_WORD[c] = /[a-z0-9]/.test(String.fromCharCode(c)) ? 1 : 0;

/** A word character outside ASCII: such text takes the general (regex) path. */
const NON_ASCII_WORD = /(?![a-z0-9])[\p{L}\p{N}]/u;

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

function hashOf(s: string, start: number, end: number): number {
  let h = FNV_OFFSET;
  for (let i = start; i < end; i++) h = Math.imul(h ^ s.charCodeAt(i), FNV_PRIME);
  return h;
}

/** An open-addressing table from words to values (`V` made once per new word). */
export class WordTable<V> {
  private slots = new Int32Array(1 << 12);
  private hashes: number[] = [];
  private keys: string[] = [];
  private values: V[] = [];

  constructor(private make: (word: string) => V) {}

  /** Calls `visit` with the value of every word of `text`, in order. */
  forEachWord(text: string, visit: (value: V) => void): void {
    const s = foldText(text);
    if (NON_ASCII_WORD.test(s)) {
      for (const w of words(text)) visit(this.find(w, 0, w.length, hashOf(w, 0, w.length)));
      return;
    }
    const n = s.length;
    let i = 0;
    while (i < n) {
      let c = s.charCodeAt(i);
      if (c >= 128 || !ASCII_WORD[c]) {
        i++;
        continue;
      }
      const start = i;
      let h = FNV_OFFSET;
      do {
        h = Math.imul(h ^ c, FNV_PRIME);
        c = s.charCodeAt(++i);
      } while (i < n && c < 128 && ASCII_WORD[c] === 1);
      visit(this.find(s, start, i, h));
    }
  }

  private find(s: string, start: number, end: number, hash: number): V {
    const mask = this.slots.length - 1;
    const len = end - start;
    for (let at = hash & mask; ; at = (at + 1) & mask) {
      const entry = this.slots[at] - 1;
      if (entry < 0) return this.insert(at, s.slice(start, end), hash);
      if (this.hashes[entry] !== hash) continue;
      const key = this.keys[entry];
      if (key.length !== len) continue;
      let k = 0;
      while (k < len && key.charCodeAt(k) === s.charCodeAt(start + k)) k++;
      if (k === len) return this.values[entry];
    }
  }

  private insert(at: number, word: string, hash: number): V {
    const value = this.make(word);
    this.hashes.push(hash);
    this.keys.push(word);
    this.values.push(value);
    this.slots[at] = this.keys.length;
    if (this.keys.length * 2 > this.slots.length) this.grow();
    return value;
  }

  /** Doubles the slots (kept at most half full, so probes stay short). */
  private grow(): void {
    const slots = new Int32Array(this.slots.length * 2);
    const mask = slots.length - 1;
    this.hashes.forEach((h, entry) => {
      let at = h & mask;
      while (slots[at]) at = (at + 1) & mask;
      slots[at] = entry + 1;
    });
    this.slots = slots;
  }
}
