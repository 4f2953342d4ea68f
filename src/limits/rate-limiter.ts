/**
 * Per-account per-minute plan limit: a fixed one-minute window per account. JavaScript
 * runs one handler at a time, so check-and-count is atomic: exactly `limit` are admitted.
 */
import { LRUCache } from "lru-cache";
import { systemClock, type Clock } from "./clock";
import { upTo } from "./lazy-lru";

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Milliseconds until the window resets. */
  resetMs: number;
}

export interface RateLimiter {
  take(key: string, limit: number): RateDecision;
}

const WINDOW_MS = 60_000;

export class MinuteWindowLimiter implements RateLimiter {
  private readonly windows = new LRUCache<string, { start: number; count: number }>(upTo(100_000));
  constructor(private readonly clock: Clock = systemClock) {}

  take(key: string, limit: number): RateDecision {
    const now = this.clock.now();
    let w = this.windows.get(key);
    if (!w || now >= w.start + WINDOW_MS) {
      w = { start: now, count: 0 };
      this.windows.set(key, w);
    }
    const resetMs = w.start + WINDOW_MS - now;
    if (w.count >= limit) return { allowed: false, limit, remaining: 0, resetMs };
    w.count++;
    return { allowed: true, limit, remaining: limit - w.count, resetMs };
  }
}

/** The compatible format's rate-limit headers, plus Retry-After when refused. */
export function rateHeaders(d: RateDecision): Record<string, string> {
  const headers: Record<string, string> = {
    "x-ratelimit-limit-requests": String(d.limit),
    "x-ratelimit-remaining-requests": String(d.remaining),
    "x-ratelimit-reset-requests": `${Math.max(1, Math.ceil(d.resetMs / 1000))}s`,
  };
  if (!d.allowed) headers["retry-after"] = String(Math.max(1, Math.ceil(d.resetMs / 1000)));
  return headers;
}
