/**
 * Brute-force lockout for sign-in: after `attempts` wrong passwords from one address
 * within `windowMs`, that address is refused for `windowMs` whatever it sends.
 * In memory (bounded): a restart forgets it, which costs an attacker a restart per window.
 */
import { LRUCache } from "lru-cache";

export interface LockoutOptions {
  attempts: number;
  windowMs: number;
}

export const DEFAULT_LOCKOUT: LockoutOptions = { attempts: 5, windowMs: 15 * 60_000 };

export class Lockout {
  private readonly failures = new LRUCache<string, number[]>({ max: 10_000 });
  private readonly locked = new LRUCache<string, number>({ max: 10_000 });
  constructor(
    private readonly opts: LockoutOptions = DEFAULT_LOCKOUT,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until `address` may try again; 0 when it may try now. */
  wait(address: string): number {
    const until = this.locked.get(address) ?? 0;
    return Math.max(0, until - this.now());
  }

  fail(address: string): void {
    const now = this.now();
    const recent = (this.failures.get(address) ?? []).filter((t) => t > now - this.opts.windowMs);
    recent.push(now);
    this.failures.set(address, recent);
    if (recent.length >= this.opts.attempts) {
      this.locked.set(address, now + this.opts.windowMs);
      this.failures.delete(address);
    }
  }

  succeed(address: string): void {
    this.failures.delete(address);
  }
}
