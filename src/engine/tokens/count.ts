/**
 * Counting o200k tokens without producing them: gpt-tokenizer's pre-tokenization, then the
 * standard byte-pair merge by rank over each piece's UTF-8 bytes. Kept exactly equal to
 * gpt-tokenizer's countTokens with special-token strings treated as plain text
 * (test/engine/tokens.test.ts compares them).
 */
import type { Vocabulary } from "./vocab";

// gpt-tokenizer's O200K_TOKEN_SPLIT_PATTERN, verbatim (the test asserts it is identical).
const CONTRACTION = String.raw`(?:'(?:[sS]|[dD]|[mM]|[tT]|[lL][lL]|[vV][eE]|[rR][eE]))?`;
export const O200K_SPLIT_PATTERN = String.raw`[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+${CONTRACTION}|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*${CONTRACTION}|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+`;

const NO_PAIR = 0x7fffffff;
/** Pieces longer than this merge with a heap, so a huge word costs n log n, not n². */
const HEAP_FROM = 64;
/** Counts of recently merged pieces: most text repeats its words. */
const CACHE_SIZE = 4096;

export class TokenCounter {
  private readonly split = new RegExp(O200K_SPLIT_PATTERN, "gu");
  private readonly cache = new Map<string, number>();
  private bytes = new Uint8Array(1024);
  /** Linear merge: part boundaries and the rank of each adjacent pair. */
  private bounds = new Int32Array(HEAP_FROM + 1);
  private pairs = new Int32Array(HEAP_FROM + 1);
  /** Whether the last encoded piece had no lone surrogate. */
  private wellFormed = true;

  constructor(private readonly vocab: Vocabulary) {}

  count(text: string): number {
    const split = this.split;
    split.lastIndex = 0;
    let total = 0;
    for (let m = split.exec(text); m !== null; m = split.exec(text)) total += this.countPiece(m[0]);
    return total;
  }

  private countPiece(piece: string): number {
    if (piece.length === 1 && piece.charCodeAt(0) < 0x80) return 1;
    const cached = this.cache.get(piece);
    if (cached !== undefined) {
      this.cache.delete(piece);
      this.cache.set(piece, cached);
      return cached;
    }
    const n = this.encode(piece);
    // Like gpt-tokenizer, a whole-piece match is looked up as text, so a piece with a lone
    // surrogate (encoded as U+FFFD) always goes through the merge.
    if (this.wellFormed && this.vocab.rank(this.bytes, 0, n) >= 0) return 1;
    const count = n <= HEAP_FROM ? this.mergeLinear(n) : this.mergeHeap(n);
    if (this.cache.size >= CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(piece, count);
    return count;
  }

  /**
   * UTF-8 bytes of the piece into this.bytes (lone surrogates as U+FFFD, as TextEncoder does).
   * Returns the byte length.
   */
  private encode(piece: string): number {
    if (this.bytes.length < piece.length * 3) this.bytes = new Uint8Array(piece.length * 3);
    const out = this.bytes;
    let n = 0;
    let wellFormed = true;
    for (let i = 0; i < piece.length; i++) {
      let c = piece.charCodeAt(i);
      if (c < 0x80) {
        out[n++] = c;
        continue;
      }
      if (c < 0x800) {
        out[n++] = 0xc0 | (c >> 6);
        out[n++] = 0x80 | (c & 0x3f);
        continue;
      }
      if (c >= 0xd800 && c < 0xe000) {
        const low = piece.charCodeAt(i + 1);
        if (c < 0xdc00 && low >= 0xdc00 && low < 0xe000) {
          c = 0x10000 + ((c - 0xd800) << 10) + (low - 0xdc00);
          i++;
          out[n++] = 0xf0 | (c >> 18);
          out[n++] = 0x80 | ((c >> 12) & 0x3f);
          out[n++] = 0x80 | ((c >> 6) & 0x3f);
          out[n++] = 0x80 | (c & 0x3f);
          continue;
        }
        c = 0xfffd;
        wellFormed = false;
      }
      out[n++] = 0xe0 | (c >> 12);
      out[n++] = 0x80 | ((c >> 6) & 0x3f);
      out[n++] = 0x80 | (c & 0x3f);
    }
    this.wellFormed = wellFormed;
    return n;
  }

  private pairRank(start: number, end: number): number {
    const rank = this.vocab.rank(this.bytes, start, end);
    return rank < 0 ? NO_PAIR : rank;
  }

  /** The merge as gpt-tokenizer does it: repeatedly join the lowest-ranked, leftmost pair. */
  private mergeLinear(n: number): number {
    const { bounds, pairs } = this;
    // parts parts; part i is bytes bounds[i]..bounds[i + 1]; pairs[i] joins parts i and i + 1.
    let parts = n;
    for (let i = 0; i <= n; i++) bounds[i] = i;
    for (let i = 0; i < n - 1; i++) pairs[i] = this.pairRank(i, i + 2);
    while (parts > 1) {
      let best = NO_PAIR;
      let at = -1;
      for (let i = 0; i < parts - 1; i++) {
        if (pairs[i] < best) {
          best = pairs[i];
          at = i;
        }
      }
      if (at < 0) break;
      for (let i = at + 1; i < parts; i++) bounds[i] = bounds[i + 1];
      for (let i = at + 1; i < parts - 2; i++) pairs[i] = pairs[i + 1];
      parts--;
      pairs[at] = at + 1 < parts ? this.pairRank(bounds[at], bounds[at + 2]) : NO_PAIR;
      if (at > 0) pairs[at - 1] = this.pairRank(bounds[at - 1], bounds[at + 1]);
    }
    return parts;
  }

  /**
   * The same merge for long pieces: a heap keyed by (rank, start) yields the same lowest,
   * leftmost pair each step; entries made stale by earlier merges are skipped.
   */
  private mergeHeap(n: number): number {
    const next = new Int32Array(n); // start of the following part (n after the last)
    const prev = new Int32Array(n); // start of the preceding part (-1 before the first)
    const rankAt = new Int32Array(n); // rank of joining the part starting here with the next
    const alive = new Uint8Array(n);
    const heap = new MinHeap(n);
    const SHIFT = 2 ** 32; // ranks < 2^18 and starts < 2^32 pack exactly into one double
    const update = (start: number) => {
      const after = next[start] < n ? next[next[start]] : n + 1;
      rankAt[start] = after <= n ? this.pairRank(start, after) : NO_PAIR;
      if (rankAt[start] !== NO_PAIR) heap.push(rankAt[start] * SHIFT + start);
    };
    for (let i = 0; i < n; i++) {
      next[i] = i + 1;
      prev[i] = i - 1;
      alive[i] = 1;
    }
    for (let i = 0; i < n; i++) update(i);
    let parts = n;
    while (heap.size > 0) {
      const key = heap.pop();
      const rank = Math.floor(key / SHIFT);
      const start = key - rank * SHIFT;
      if (!alive[start] || rankAt[start] !== rank) continue;
      const joined = next[start];
      alive[joined] = 0;
      next[start] = next[joined];
      if (next[start] < n) prev[next[start]] = start;
      parts--;
      update(start);
      if (prev[start] >= 0) update(prev[start]);
    }
    return parts;
  }
}

/** A binary min-heap of doubles. */
class MinHeap {
  private items: Float64Array;
  size = 0;
  constructor(capacity: number) {
    this.items = new Float64Array(Math.max(capacity, 16));
  }

  push(value: number): void {
    if (this.size === this.items.length) {
      const grown = new Float64Array(this.size * 2);
      grown.set(this.items);
      this.items = grown;
    }
    const items = this.items;
    let i = this.size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (items[parent] <= value) break;
      items[i] = items[parent];
      i = parent;
    }
    items[i] = value;
  }

  pop(): number {
    const items = this.items;
    const top = items[0];
    const last = items[--this.size];
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= this.size) break;
      if (child + 1 < this.size && items[child + 1] < items[child]) child++;
      if (items[child] >= last) break;
      items[i] = items[child];
      i = child;
    }
    items[i] = last;
    return top;
  }
}
