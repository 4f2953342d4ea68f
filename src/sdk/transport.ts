/**
 * One call to the service: attempts with a per-attempt timeout, retries per the policy,
 * cancellation through the caller's AbortSignal (also during the wait between attempts).
 * The key only ever travels in the Authorization header.
 */
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError, makeAPIError } from "./errors.js";
import { retryableStatus, retryDelay, type RetryPolicy } from "./retry.js";

export type Fetch = (input: string, init: RequestInit) => Promise<Response>;
/** Waits `ms`; must reject (or resolve early) when `signal` aborts. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface TransportConfig {
  baseURL: string;
  apiKey: string;
  /** Sent as the Origin header outside browsers (browsers send their own). */
  origin: string | null;
  fetch: Fetch;
  sleep: Sleep;
  timeout: number;
  policy: RetryPolicy;
}

export interface Call {
  method: "GET" | "POST";
  path: string;
  body?: string;
  signal?: AbortSignal;
  timeout?: number;
  maxRetries?: number;
}

export interface Answer {
  data: unknown;
  requestId: string | null;
}

/** The default sleep: a timer that an abort cuts short. */
export const timerSleep: Sleep = (ms, signal) =>
  new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const onAbort = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });

/** A failed attempt: either an HTTP answer or no answer at all. */
type Failure = { error: APIError; headers: Headers } | { error: APIConnectionError; headers: null };

function headersFor(config: TransportConfig, call: Call): Record<string, string> {
  const headers: Record<string, string> = { authorization: `Bearer ${config.apiKey}`, accept: "application/json" };
  if (call.body !== undefined) headers["content-type"] = "application/json";
  if (config.origin) headers.origin = config.origin;
  return headers;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** One attempt, bounded by `timeout` and the caller's signal. */
async function attempt(config: TransportConfig, call: Call, timeout: number): Promise<Answer | Failure> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeout);
  const onAbort = () => controller.abort();
  call.signal?.addEventListener("abort", onAbort, { once: true });
  try {
    const response = await config.fetch(config.baseURL + call.path, {
      method: call.method,
      headers: headersFor(config, call),
      body: call.body,
      signal: controller.signal,
      // The key is in a header; never let a redirect carry it elsewhere.
      redirect: "error",
    });
    const text = await response.text();
    const requestId = response.headers.get("x-request-id");
    const parsed = parseJson(text);
    if (!response.ok) return { error: makeAPIError(response.status, parsed, requestId, response.headers), headers: response.headers };
    if (parsed !== undefined) return { data: parsed, requestId };
    // A 2xx that is not JSON came from something other than the service (a proxy, a portal).
    const body = { message: "The service answered with a body that is not JSON.", type: "server_error", code: "invalid_response", param: null };
    return { error: new APIError(response.status, body, requestId, response.headers), headers: response.headers };
  } catch (cause) {
    if (call.signal?.aborted) throw new APIUserAbortError({ cause });
    if (timedOut) return { error: new APIConnectionTimeoutError(timeout), headers: null };
    return { error: new APIConnectionError(undefined, { cause }), headers: null };
  } finally {
    clearTimeout(timer);
    call.signal?.removeEventListener("abort", onAbort);
  }
}

/** Runs a call to completion: the answer's JSON body, or the last error. */
export async function send(config: TransportConfig, call: Call): Promise<Answer> {
  const maxRetries = call.maxRetries ?? config.policy.maxRetries;
  const timeout = call.timeout ?? config.timeout;
  for (let retry = 0; ; retry++) {
    if (call.signal?.aborted) throw new APIUserAbortError({ cause: call.signal.reason });
    const result = await attempt(config, call, timeout);
    if (!("error" in result)) return result;
    const { error, headers } = result;
    const retryable = headers === null || retryableStatus((error as APIError).status, headers);
    const wait = retryable && retry < maxRetries ? retryDelay(retry, headers, config.policy) : null;
    if (wait === null) throw error;
    await config.sleep(wait, call.signal);
  }
}
