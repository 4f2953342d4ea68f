/**
 * When to retry and how long to wait. 429 and 5xx answers, connection failures and timeouts
 * are retried a bounded number of times; everything else (400, 401, 403, 404, 413, …) never is.
 * A `Retry-After` is honoured as a floor; without one the wait backs off exponentially.
 * Both get jitter, so many clients refused together do not come back together.
 */
import { retryAfterSeconds } from "./errors.js";

export interface RetryPolicy {
  /** Retries after the first attempt. */
  maxRetries: number;
  /** First backoff step in ms; doubles per retry. */
  baseDelay: number;
  /** Ceiling of one exponential backoff step in ms. */
  maxBackoff: number;
  /** A Retry-After longer than this (ms) is not waited for: the error is thrown at once. */
  maxRetryDelay: number;
  /** Uniform in [0, 1); injectable so tests are deterministic. */
  random: () => number;
}

export const DEFAULT_POLICY: Omit<RetryPolicy, "random"> = {
  maxRetries: 2,
  baseDelay: 500,
  maxBackoff: 8_000,
  maxRetryDelay: 60_000,
};

/** Whether an HTTP answer may be retried. The service's `x-should-retry` has the last word. */
export function retryableStatus(status: number, headers: Headers): boolean {
  const hint = headers.get("x-should-retry");
  if (hint === "false") return false;
  if (hint === "true") return true;
  return status === 429 || status >= 500;
}

/**
 * Milliseconds to wait before retry number `retry` (0-based), or null when the service asked
 * for a wait longer than the policy allows.
 */
export function retryDelay(retry: number, headers: Headers | null, policy: RetryPolicy): number | null {
  const seconds = headers ? retryAfterSeconds(headers.get("retry-after")) : null;
  if (seconds !== null) {
    const floor = seconds * 1000;
    if (floor > policy.maxRetryDelay) return null;
    // Never earlier than asked; spread up to 10% (at most 1 s) later.
    return floor + Math.round(policy.random() * Math.min(1_000, floor * 0.1));
  }
  const step = Math.min(policy.maxBackoff, policy.baseDelay * 2 ** retry);
  // Equal jitter: half the step is fixed, half is random.
  return Math.round(step / 2 + policy.random() * (step / 2));
}
