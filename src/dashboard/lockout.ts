/**
 * Brute-force lockout for sign-in: after `attempts` wrong passwords from one address
 * within `windowMs`, that address is refused for `windowMs` whatever it sends.
 * A guess counts from the moment it starts, not when its (slow, async) password check
 * ends: otherwise any number of parallel guesses all pass the check before the first is
 * recorded. So at most `attempts` guesses per address are in flight or wrong in a window.
 * In memory (bounded): a restart forgets it, which costs an attacker a restart per window.
 */
import { LRUCache } from "lru-cache";

export interface LockoutOptions {
  attempts: number;
  windowMs: number;
}

export const DEFAULT_LOCKOUT: LockoutOptions = { attempts: 5, windowMs: 15 * 60_000 };

/** One password guess from one address, counted from its start. */
export interface Guess {
  readonly address: string;
  readonly at: number;
  /** False while the password is being checked. */
  settled: boolean;
}

export class Lockout {
  private readonly guesses = new LRUCache<string, Guess[]>({ max: 10_000 });
  private readonly locked = new LRUCache<string, number>({ max: 10_000 });
  constructor(
    private readonly opts: LockoutOptions = DEFAULT_LOCKOUT,
    private readonly now: () => number = Date.now,
  ) {}

  /** The address's guesses still inside the window (pending or wrong). */
  private recent(address: string): Guess[] {
    const since = this.now() - this.opts.windowMs;
    return (this.guesses.get(address) ?? []).filter((g) => g.at > since);
  }

  /** Milliseconds until `address` may try again; 0 when it may try now. */
  wait(address: string): number {
    const now = this.now();
    const until = this.locked.get(address) ?? 0;
    if (until > now) return until - now;
    const recent = this.recent(address);
    if (recent.length < this.opts.attempts) return 0;
    // Full of guesses still being checked: the oldest leaves the window first.
    return Math.max(1, recent[0].at + this.opts.windowMs - now);
  }

  /** Counts a guess before its password is checked; null when the address must wait. */
  start(address: string): Guess | null {
    if (this.wait(address) > 0) return null;
    const guess: Guess = { address, at: this.now(), settled: false };
    this.guesses.set(address, [...this.recent(address), guess]);
    return guess;
  }

  /** The guess was wrong: it stays counted, and enough wrong ones lock the address. */
  wrong(guess: Guess): void {
    guess.settled = true;
    const recent = this.recent(guess.address);
    if (recent.filter((g) => g.settled).length >= this.opts.attempts) {
      this.locked.set(guess.address, this.now() + this.opts.windowMs);
      // Guesses still pending keep counting; only the settled ones are replaced by the lock.
      this.guesses.set(guess.address, recent.filter((g) => !g.settled));
    }
  }

  /**
   * The guess was right: it and the wrong guesses before it are forgiven. Guesses still
   * being checked stay counted, so a success cannot reopen the door to parallel guessing.
   */
  right(guess: Guess): void {
    this.guesses.set(guess.address, this.recent(guess.address).filter((g) => g !== guess && !g.settled));
  }
}
