/**
 * Property-based: thousands of random and hostile bodies, headers, keys and paths. Never a
 * 5xx, never a body outside the envelope, and the binary still alive afterwards.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import fc from "fast-check";
import { fixture, type Fixture } from "../support/app";
import { startServer, seedWithCli, type Server } from "../support/binary";
import { tempDb } from "../support/tmp";

const FIELDS = ["model", "messages", "stream", "session_id", "stream_options", "temperature", "tools", "n", "user", "metadata", "store", "seed", "__proto__", "constructor", "role", "content", "name", "x"];
const ROLES = ["user", "assistant", "system", "developer", "tool", "function", "", "USER", "robot"];

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 200 }),
  fc.constantFrom("service-zenith", "", " ", "\u0000", "svc_sk_", "svc_pk_0123456789abcdef0123456789abcdef", "a@b.co", "<script>alert(1)</script>", "'; DROP TABLE accounts; --", "x".repeat(70), "\ud800", "null"),
);
const jsonLeaf = fc.oneof(hostileString, fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
const message = fc.oneof(
  fc.record({ role: fc.constantFrom(...ROLES), content: fc.oneof(hostileString, jsonLeaf) }),
  fc.dictionary(fc.constantFrom(...FIELDS), jsonLeaf),
  jsonLeaf,
);
const body = fc.oneof(
  fc.record(
    { model: fc.oneof(fc.constant("service-zenith"), jsonLeaf), messages: fc.oneof(fc.array(message, { maxLength: 5 }), jsonLeaf), stream: jsonLeaf, session_id: jsonLeaf },
    { requiredKeys: [] },
  ),
  fc.dictionary(fc.constantFrom(...FIELDS), fc.oneof(jsonLeaf, fc.array(message, { maxLength: 3 }))),
  fc.anything({ maxDepth: 3 }),
);
const rawBody = fc.oneof(
  body.map((b) => JSON.stringify(b) ?? "null"),
  fc.string({ maxLength: 300 }),
  fc.uint8Array({ maxLength: 300 }).map((a) => new TextDecoder("latin1").decode(a)),
  fc.constantFrom("{", "[", '{"model":"service-zenith","messages":[{"role":"user","content":"hi"}]', "\ufeff{}", "{}".repeat(1000)),
);
const authHeader = (key: string) =>
  fc.oneof(
    fc.constant(`Bearer ${key}`),
    fc.constant(undefined),
    hostileString.map((s) => `Bearer ${s}`),
    fc.stringMatching(/^svc_(sk|pk)_[0-9a-fA-F]{30,34}$/).map((k) => `Bearer ${k}`),
    hostileString,
  );
const headerValue = fc.string({ maxLength: 80 }).filter((s) => /^[\x20-\x7e]*$/.test(s));
const path = fc.constantFrom("/v1/chat/completions", "/v1/models", "/v1/agent/config", "/v1/widget/sessions", "/v1/widget.js", "/v1/chat/completions?api_key=1", "/v1/../v1/models", "/v1/%00", "/", "/v1/models/", "/V1/MODELS");
const method = fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS");

function requestArb(key: string) {
  return fc.record({
    method,
    path,
    auth: authHeader(key),
    contentType: fc.constantFrom("application/json", "application/json; charset=utf-8", "text/plain", undefined, "multipart/form-data"),
    origin: fc.option(fc.constantFrom("null", "https://evil.example", "https://shop.example.com", "http://localhost"), { nil: undefined }),
    session: fc.option(headerValue, { nil: undefined }),
    body: rawBody,
  });
}

type Req = { method: string; path: string; auth?: string; contentType?: string; origin?: string; session?: string; body: string };

function init(r: Req): RequestInit {
  const headers: Record<string, string> = {};
  const safe = (v: string) => /^[\x20-\x7e\t]*$/.test(v);
  if (r.auth !== undefined && safe(r.auth)) headers.authorization = r.auth;
  if (r.contentType) headers["content-type"] = r.contentType;
  if (r.origin) headers.origin = r.origin;
  if (r.session !== undefined) headers["x-service-session"] = r.session;
  return { method: r.method, headers, body: r.method === "GET" || r.method === "HEAD" ? undefined : r.body };
}

async function checkResponse(res: Response) {
  expect(res.status).toBeLessThan(500);
  const text = await res.text();
  if (res.status === 204 || res.status === 304) return;
  if (res.headers.get("content-type")?.includes("javascript")) return;
  const json = JSON.parse(text);
  if (res.status >= 400) {
    expect(Object.keys(json.error).sort()).toEqual(["code", "message", "param", "type"]);
    expect(typeof json.error.message).toBe("string");
    expect(typeof json.error.code).toBe("string");
  }
}

describe("fuzz", () => {
  let f: Fixture;
  beforeAll(() => {
    f = fixture({ rpm: 1_000_000, monthly: 1_000_000, probeLimit: 1_000_000 });
    f.installation(["https://shop.example.com"]);
  });

  test("in-process: 3000 hostile requests, never a 5xx or a body outside the envelope", async () => {
    await fc.assert(
      fc.asyncProperty(requestArb(f.key), async (r) => {
        await checkResponse(await f.request(r.path, init(r)));
      }),
      { numRuns: 3000 },
    );
  });

  test("in-process: 2000 chat bodies with a valid key", async () => {
    await fc.assert(
      fc.asyncProperty(rawBody, async (b) => {
        await checkResponse(await f.chat(b));
      }),
      { numRuns: 2000 },
    );
  });

  test("binary: 500 hostile requests over HTTP, and the server is alive afterwards", async () => {
    const db = tempDb();
    const seed = seedWithCli(db, { rpm: 1_000_000, monthly: 1_000_000 });
    const server: Server = await startServer({ db, args: ["--probe-limit", "1000000"] });
    await fc.assert(
      fc.asyncProperty(requestArb(seed.key), async (r) => {
        await checkResponse(await fetch(`${server.url}${r.path}`, init(r)));
      }),
      { numRuns: 500 },
    );
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect(server.proc.exitCode).toBeNull();
    await server.stop();
  });
});
