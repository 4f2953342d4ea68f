/**
 * Retry policy of the built SDK against a scripted local server: which answers are
 * retried, how many times, and how long it waits (through an injected sleep, so the
 * waits are measured exactly and the tests do not wait them out).
 */
import { afterEach, describe, expect, test } from "bun:test";
import {
  APIConnectionError,
  APIError,
  AuthenticationError,
  BadRequestError,
  InternalServerError,
  PermissionDeniedError,
  RateLimitError,
  SECRET,
  Zenith,
  envelope,
  ok,
  rejection,
  scriptedServer,
  type Scripted,
} from "./support";

let server: Scripted | undefined;
afterEach(() => server?.stop());

/** A client whose waits are recorded instead of slept; jitter fixed by `random`. */
function recording(url: string, opts: { maxRetries?: number; maxRetryDelay?: number; random?: () => number } = {}) {
  const delays: number[] = [];
  const client = new Zenith({ apiKey: SECRET, baseURL: url, sleep: async (ms: number) => void delays.push(ms), ...opts });
  return { client, delays };
}

describe("Retry-After", () => {
  test("429 then 200: one retry, waiting at least Retry-After, at most 10% longer", async () => {
    server = scriptedServer([envelope(429, "tenant_plan_rate_limit_exceeded", { "retry-after": "7" }), ok()]);
    for (const random of [0, 0.999]) {
      server.requests.length = 0;
      const { client, delays } = recording(server.url, { random: () => random });
      const models = await client.models.list();
      expect(models._request_id).toBe("req_ok");
      expect(server.requests).toHaveLength(2);
      expect(delays).toHaveLength(1);
      expect(delays[0]).toBeGreaterThanOrEqual(7000);
      expect(delays[0]).toBeLessThanOrEqual(7700);
    }
  });

  test("jitter spreads clients refused together", async () => {
    server = scriptedServer([envelope(429, "tenant_plan_rate_limit_exceeded", { "retry-after": "2" }), ok()]);
    const low = recording(server.url, { random: () => 0.1 });
    await low.client.models.list();
    server.requests.length = 0;
    const high = recording(server.url, { random: () => 0.9 });
    await high.client.models.list();
    expect(high.delays[0]).toBeGreaterThan(low.delays[0]);
  });

  test("an HTTP-date Retry-After is honoured too", async () => {
    const at = new Date(Date.now() + 30_000).toUTCString();
    server = scriptedServer([envelope(503, "service_unavailable", { "retry-after": at }), ok()]);
    const { client, delays } = recording(server.url, { random: () => 0 });
    await client.models.list();
    expect(delays).toHaveLength(1);
    expect(delays[0]).toBeGreaterThanOrEqual(28_000);
    expect(delays[0]).toBeLessThanOrEqual(30_000);
  });

  test("a Retry-After beyond maxRetryDelay is not waited for: the 429 is thrown at once", async () => {
    server = scriptedServer([envelope(429, "tenant_plan_rate_limit_exceeded", { "retry-after": "120" }), ok()]);
    const { client, delays } = recording(server.url, { maxRetryDelay: 60_000 });
    const err = await rejection(client.models.list());
    expect(err).toBeInstanceOf(RateLimitError);
    expect(err.retryAfter).toBe(120);
    expect(err.requestId).toBe("req_429");
    expect(delays).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  test("x-should-retry: false (the auth-probe 429) is never retried", async () => {
    server = scriptedServer([envelope(429, "auth_probe_rate_limit_exceeded", { "retry-after": "1", "x-should-retry": "false" }), ok()]);
    const { client, delays } = recording(server.url, { maxRetries: 5 });
    const err = await rejection(client.models.list());
    expect(err).toBeInstanceOf(RateLimitError);
    expect(err.code).toBe("auth_probe_rate_limit_exceeded");
    expect(delays).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });
});

describe("bounded attempts with exponential backoff", () => {
  test("5xx without Retry-After: maxRetries + 1 attempts, each wait within its doubling step", async () => {
    server = scriptedServer([envelope(500, "server_error")]);
    const { client, delays } = recording(server.url, { maxRetries: 4, random: () => 0.5 });
    const err = await rejection(client.models.list());
    expect(err).toBeInstanceOf(InternalServerError);
    expect(err.status).toBe(500);
    expect(err.code).toBe("server_error");
    expect(server.requests).toHaveLength(5);
    expect(delays).toHaveLength(4);
    delays.forEach((d, i) => {
      const step = 500 * 2 ** i;
      expect(d).toBeGreaterThanOrEqual(step / 2);
      expect(d).toBeLessThanOrEqual(step);
    });
  });

  test("the default is two retries", async () => {
    server = scriptedServer([envelope(502, "server_error")]);
    const { client } = recording(server.url);
    await rejection(client.models.list());
    expect(server.requests).toHaveLength(3);
  });

  test("maxRetries: 0 per call makes one attempt", async () => {
    server = scriptedServer([envelope(503, "service_unavailable"), ok()]);
    const { client } = recording(server.url);
    const err = await rejection(client.models.list({ maxRetries: 0 }));
    expect(err.status).toBe(503);
    expect(server.requests).toHaveLength(1);
  });

  test("a 5xx answered without an envelope (a gateway) is still an InternalServerError", async () => {
    server = scriptedServer([() => new Response("<html>Bad gateway</html>", { status: 502 }), ok()]);
    const { client } = recording(server.url, { maxRetries: 0 });
    const err = await rejection(client.models.list());
    expect(err).toBeInstanceOf(InternalServerError);
    expect(err.code).toBe("server_error");
    expect(err.requestId).toBeNull();
  });

  test("a 2xx that is not JSON is an APIError, not retried", async () => {
    server = scriptedServer([() => new Response("<html>portal</html>", { status: 200 }), ok()]);
    const { client, delays } = recording(server.url);
    const err = await rejection(client.models.list());
    expect(err).toBeInstanceOf(APIError);
    expect(err.code).toBe("invalid_response");
    expect(server.requests).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  test("a connection failure is retried, then thrown as APIConnectionError", async () => {
    const gone = scriptedServer([ok()]);
    const url = gone.url;
    gone.stop();
    const { client, delays } = recording(url, { maxRetries: 2 });
    const err = await rejection(client.models.list());
    expect(err).toBeInstanceOf(APIConnectionError);
    expect(delays).toHaveLength(2);
  });
});

describe("never retried", () => {
  const cases: Array<[number, string, new (...a: any[]) => Error]> = [
    [400, "invalid_request_error", BadRequestError],
    [401, "invalid_api_key", AuthenticationError],
    [403, "access_denied", PermissionDeniedError],
  ];
  for (const [status, code, cls] of cases)
    test(`${status} ${code}`, async () => {
      server = scriptedServer([envelope(status, code, { "retry-after": "1" }), ok()]);
      const { client, delays } = recording(server.url, { maxRetries: 5 });
      const err = await rejection(client.models.list());
      expect(err).toBeInstanceOf(cls);
      expect(err.status).toBe(status);
      expect(err.code).toBe(code);
      expect(err.requestId).toBe(`req_${status}`);
      expect(server.requests).toHaveLength(1);
      expect(delays).toEqual([]);
    });
});

describe("what goes on the wire", () => {
  test("the key only in the Authorization header; chat as JSON", async () => {
    server = scriptedServer([ok({ id: "chatcmpl-1", object: "chat.completion" })]);
    const client = new Zenith({ apiKey: SECRET, baseURL: server.url });
    await client.chat.completions.create({ model: "service-zenith", messages: [{ role: "user", content: "Hi" }] });
    const [request] = server.requests;
    expect(request.method).toBe("POST");
    expect(request.url.pathname).toBe("/v1/chat/completions");
    expect(request.url.search).toBe("");
    expect(request.headers.get("authorization")).toBe(`Bearer ${SECRET}`);
    expect(request.headers.get("content-type")).toBe("application/json");
    expect(JSON.parse(request.body)).toEqual({ model: "service-zenith", messages: [{ role: "user", content: "Hi" }] });
    const otherHeaders = [...request.headers].filter(([name]) => name !== "authorization").map(([, v]) => v);
    expect(otherHeaders.join(" ")).not.toContain(SECRET);
  });

  test("a redirect is not followed (it could carry the key elsewhere)", async () => {
    const elsewhere = scriptedServer([ok()]);
    server = scriptedServer([() => Response.redirect(`${elsewhere.url}/v1/models`, 307)]);
    const err = await rejection(new Zenith({ apiKey: SECRET, baseURL: server.url, maxRetries: 0 }).models.list());
    expect(err).toBeInstanceOf(APIConnectionError);
    expect(elsewhere.requests).toHaveLength(0);
    elsewhere.stop();
  });
});
