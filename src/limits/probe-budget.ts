/**
 * Failed-credential budget per network: the first `limit` refusals in a window get their
 * 403; after that every request from the network gets 429 until the window passes.
 * Bounded by an LRU so a flood of distinct networks cannot grow memory.
 */
import { LRUCache } from "lru-cache";
import { systemClock, type Clock } from "./clock";
import { upTo } from "./lazy-lru";

interface Window {
  start: number;
  failures: number;
}

export class ProbeBudget {
  private readonly windows: LRUCache<string, Window>;
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly clock: Clock = systemClock,
    maxNetworks = 100_000,
  ) {
    this.windows = new LRUCache(upTo(maxNetworks));
  }

  /** Seconds the network must still wait, or 0 when it may try. */
  blockedFor(network: string): number {
    const w = this.windows.get(network);
    if (!w || w.failures < this.limit) return 0;
    const left = w.start + this.windowMs - this.clock.now();
    if (left <= 0) {
      this.windows.delete(network);
      return 0;
    }
    return Math.max(1, Math.ceil(left / 1000));
  }

  recordFailure(network: string): void {
    const now = this.clock.now();
    const w = this.windows.get(network);
    if (!w || now >= w.start + this.windowMs) this.windows.set(network, { start: now, failures: 1 });
    else w.failures++;
  }

  get size(): number {
    return this.windows.size;
  }
}
