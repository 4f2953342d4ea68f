/**
 * Timeouts and cancellation of the built SDK, against a local server that holds requests
 * open until the test lets go. Every wait here is on a condition, never a fixed time.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { until } from "../support/binary";
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIUserAbortError,
  SECRET,
  Zenith,
  envelope,
  ok,
  rejection,
  scriptedServer,
  type Scripted,
} from "./support";

let server: Scripted | undefined;
let release: () => void = () => {};
afterEach(() => {
  release();
  server?.stop();
});

/** A reply that never comes until `release()` (the test's end). */
function held(): () => Promise<Response> {
  const gate = new Promise<void>((r) => (release = r));
  return () => gate.then(ok());
}

describe("timeouts", () => {
  test("an attempt that outlives `timeout` fails with APIConnectionTimeoutError", async () => {
    server = scriptedServer([held()]);
    const client = new Zenith({ apiKey: SECRET, baseURL: server.url, timeout: 50, maxRetries: 0 });
    const err = await rejection(client.models.list());
    expect(err).toBeInstanceOf(APIConnectionTimeoutError);
    expect(err).toBeInstanceOf(APIConnectionError);
    expect(err.timeout).toBe(50);
    expect(server.requests).toHaveLength(1);
  });

  test("the timeout is per attempt, and a timed-out attempt is retried", async () => {
    server = scriptedServer([held()]);
    const delays: number[] = [];
    const client = new Zenith({ apiKey: SECRET, baseURL: server.url, timeout: 50, maxRetries: 1, sleep: async (ms: number) => void delays.push(ms) });
    const err = await rejection(client.models.list());
    expect(err).toBeInstanceOf(APIConnectionTimeoutError);
    expect(server.requests).toHaveLength(2);
    expect(delays).toHaveLength(1);
  });

  test("a per-call timeout overrides the client's", async () => {
    server = scriptedServer([held()]);
    const client = new Zenith({ apiKey: SECRET, baseURL: server.url, maxRetries: 0 });
    const err = await rejection(client.models.list({ timeout: 50 }));
    expect(err).toBeInstanceOf(APIConnectionTimeoutError);
    expect(err.timeout).toBe(50);
  });
});

describe("cancellation with AbortSignal", () => {
  test("aborting a request in flight rejects with APIUserAbortError and schedules no retry", async () => {
    server = scriptedServer([held()]);
    const delays: number[] = [];
    const client = new Zenith({ apiKey: SECRET, baseURL: server.url, maxRetries: 3, sleep: async (ms: number) => void delays.push(ms) });
    const controller = new AbortController();
    const call = rejection(client.chat.completions.create({ model: "service-zenith", messages: [{ role: "user", content: "Hi" }] }, { signal: controller.signal }));
    await until(() => server!.requests.length === 1);
    controller.abort();
    const err = await call;
    expect(err).toBeInstanceOf(APIUserAbortError);
    expect(delays).toEqual([]);
  });

  test("aborting during the wait for Retry-After ends the wait and sends no retry", async () => {
    server = scriptedServer([envelope(429, "tenant_plan_rate_limit_exceeded", { "retry-after": "30" }), ok()]);
    let answered = 0;
    // Counts answers once fully read, so the test knows the client has moved on to its wait.
    const counting = async (input: string, init: RequestInit) => {
      const response = await fetch(input, init);
      const copy = new Response(await response.text(), response);
      answered++;
      return copy;
    };
    const client = new Zenith({ apiKey: SECRET, baseURL: server.url, fetch: counting });
    const controller = new AbortController();
    const call = rejection(client.models.list({ signal: controller.signal }));
    await until(() => answered === 1);
    controller.abort();
    const err = await call;
    expect(err).toBeInstanceOf(APIUserAbortError);
    expect(server.requests).toHaveLength(1);
  });

  test("the caller's abort wins over a timeout", async () => {
    server = scriptedServer([held()]);
    const client = new Zenith({ apiKey: SECRET, baseURL: server.url, timeout: 60_000, maxRetries: 0 });
    const controller = new AbortController();
    const call = rejection(client.agent.config({ signal: controller.signal }));
    await until(() => server!.requests.length === 1);
    controller.abort(new Error("user left the page"));
    expect(await call).toBeInstanceOf(APIUserAbortError);
  });
});
