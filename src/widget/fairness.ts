/**
 * Per-visitor fairness: limits on one widget session and on one network (per account), so
 * a single visitor cannot spend the account's per-minute or monthly allowance. Every rule
 * is checked before any is counted, so a refused message costs the visitor nothing.
 * Counters are in memory, in an LRU, like the other limiters.
 */
import { LRUCache } from "lru-cache";
import { systemClock, type Clock } from "../limits/clock";
import { upTo } from "../limits/lazy-lru";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** One limit: at most `limit` events per fixed window of `windowMs` for a key. */
export interface Rule {
  key: string;
  limit: number;
  windowMs: number;
}

export interface FairnessDecision {
  allowed: boolean;
  /** Milliseconds until the refusing rule's window resets (0 when allowed). */
  waitMs: number;
}

export class FairnessLimiter {
  private readonly windows = new LRUCache<string, { start: number; count: number }>(upTo(200_000));
  constructor(private readonly clock: Clock = systemClock) {}

  private current(rule: Rule, now: number) {
    const id = `${rule.windowMs}\0${rule.key}`;
    let w = this.windows.get(id);
    if (!w || now >= w.start + rule.windowMs) {
      w = { start: now, count: 0 };
      this.windows.set(id, w);
    }
    return w;
  }

  /** Counts one event against every rule, or none if any rule is already at its limit. */
  take(rules: Rule[]): FairnessDecision {
    const now = this.clock.now();
    const windows = rules.map((rule) => ({ rule, w: this.current(rule, now) }));
    const full = windows.filter(({ rule, w }) => w.count >= rule.limit);
    if (full.length) return { allowed: false, waitMs: Math.max(...full.map(({ rule, w }) => w.start + rule.windowMs - now)) };
    for (const { w } of windows) w.count++;
    return { allowed: true, waitMs: 0 };
  }
}

/** A share of an account limit, never below `floor` and never above `cap`. */
function share(total: number, fraction: number, floor: number, cap: number): number {
  return Math.min(cap, Math.max(floor, Math.ceil(total * fraction)));
}

export interface Visitor {
  accountId: string;
  network: string;
  sessionId: string;
  rpm: number;
  monthly: number;
}

/**
 * The rules for one widget message. A session may send a quarter of the account's
 * per-minute limit (at most 10 a minute, 200 in its life); a network may send half of it
 * (at most 30 a minute) and 1% of the monthly allowance a day (at least 20).
 */
export function messageRules(v: Visitor): Rule[] {
  return [
    { key: `s:${v.sessionId}`, limit: share(v.rpm, 0.25, 1, 10), windowMs: MINUTE },
    { key: `s:${v.sessionId}`, limit: 200, windowMs: DAY },
    { key: `n:${v.accountId}:${v.network}`, limit: share(v.rpm, 0.5, 1, 30), windowMs: MINUTE },
    { key: `n:${v.accountId}:${v.network}`, limit: share(v.monthly, 0.01, 20, Number.MAX_SAFE_INTEGER), windowMs: DAY },
  ];
}

/** Opening sessions costs no allowance but writes rows: a network may open 20 a minute. */
export function sessionRules(accountId: string, network: string): Rule[] {
  return [{ key: `o:${accountId}:${network}`, limit: 20, windowMs: MINUTE }];
}
