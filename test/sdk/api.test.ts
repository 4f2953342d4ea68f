/**
 * The built SDK against the built binary: happy paths, the service's refusals as typed
 * errors, and the cases the SDK refuses itself with no request leaving (counted at the
 * server from its request log).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { seedWithCli, startServer, zenithJson, type Server } from "../support/binary";
import {
  APIUserAbortError,
  BadRequestError,
  MAX_BODY_BYTES,
  MODEL_ID,
  PermissionDeniedError,
  RateLimitError,
  RequestTooLargeError,
  Zenith,
  logLines,
  type ChatCompletionCreateParams,
  rejection,
  requestsDuring,
} from "./support";

const ORIGIN = "https://shop.example";
let server: Server;
let seed: ReturnType<typeof seedWithCli>;
let publishable: string;

beforeAll(async () => {
  server = await startServer();
  seed = seedWithCli(server.db);
  publishable = zenithJson(server.db, ["install", "create", "--agent", seed.agent, "--origin", ORIGIN]).publishable_key;
  zenithJson(server.db, ["material", "add", "--agent", seed.agent, "--text", "The shop opens at nine in the morning and closes at six in the evening.", "--title", "Hours"]);
});
afterAll(() => server?.stop());

const secretClient = (opts: Record<string, unknown> = {}) => new Zenith({ apiKey: seed.key, baseURL: server.url, ...opts });
const question = (content = "When does the shop open?"): ChatCompletionCreateParams => ({ model: MODEL_ID, messages: [{ role: "user", content }] });

describe("happy paths", () => {
  test("chat.completions.create returns the completion, tagged with its request id", async () => {
    const answer = await secretClient().chat.completions.create(question());
    expect(answer.id).toStartWith("chatcmpl-");
    expect(answer.object).toBe("chat.completion");
    expect(answer.model).toBe(MODEL_ID);
    expect(answer.choices).toHaveLength(1);
    expect(answer.choices[0].message.role).toBe("assistant");
    expect(answer.choices[0].message.content.length).toBeGreaterThan(0);
    expect(answer.choices[0].finish_reason).toBe("stop");
    expect(answer.usage.total_tokens).toBe(answer.usage.prompt_tokens + answer.usage.completion_tokens);
    expect(answer._request_id).toMatch(/^req_/);
    expect(Object.keys(answer)).not.toContain("_request_id");
  });

  test("session_id travels in the body and groups the turn in the owner's log", async () => {
    await secretClient().chat.completions.create({ ...question(), session_id: "checkout-7f3a" });
    const log = zenithJson(server.db, ["log", "--agent", seed.agent, "--session", "checkout-7f3a"]);
    expect(log.sessions.map((s: { session_id: string }) => s.session_id)).toEqual(["checkout-7f3a"]);
    expect(log.sessions[0].turns[0].question).toBe("When does the shop open?");
  });

  test("models.list and agent.config with a secret key", async () => {
    const client = secretClient();
    const models = await client.models.list();
    expect(models.object).toBe("list");
    expect(models.data.map((m) => m.id)).toEqual([MODEL_ID]);
    expect(await client.models.retrieve(MODEL_ID)).toMatchObject({ id: MODEL_ID, object: "model" });
    const missing = await rejection(client.models.retrieve("gpt-4o"));
    expect(missing).toMatchObject({ status: 404, code: "not_found" });
    const config = await client.agent.config();
    expect(config.display_name).toBe("Acme Help");
  });

  test("models.list and agent.config with a publishable key from an allowed origin", async () => {
    const client = new Zenith({ apiKey: publishable, baseURL: server.url, origin: ORIGIN });
    expect(client.keyKind).toBe("publishable");
    expect((await client.models.list()).data[0].id).toBe(MODEL_ID);
    expect((await client.agent.config()).display_name).toBe("Acme Help");
  });

  test("widget.sessions.create opens a session for a publishable key", async () => {
    const client = new Zenith({ apiKey: publishable, baseURL: server.url, origin: ORIGIN });
    const session = await client.widget.sessions.create();
    expect(typeof session.session).toBe("string");
    expect(session.session.length).toBeGreaterThan(0);
    expect(typeof session.expires_at).toBe("number");
    expect(session.agent.display_name).toBe("Acme Help");
  });

  test("a base URL ending in /v1 or a slash reaches the same routes", async () => {
    for (const baseURL of [`${server.url}/`, `${server.url}/v1`, `${server.url}/v1/`]) {
      const models = await new Zenith({ apiKey: seed.key, baseURL }).models.list();
      expect(models.data[0].id).toBe(MODEL_ID);
    }
  });
});

describe("the service's refusals", () => {
  test("a refused key is a PermissionDeniedError mirroring the envelope, sent once (403 is never retried)", async () => {
    let err: any;
    const seen = await requestsDuring(server, async () => {
      err = await rejection(new Zenith({ apiKey: `svc_sk_${"f".repeat(32)}`, baseURL: server.url, maxRetries: 3 }).models.list());
    });
    expect(err).toBeInstanceOf(PermissionDeniedError);
    expect(err.status).toBe(403);
    expect(err.type).toBe("authentication_error");
    expect(err.code).toBe("access_denied");
    expect(err.param).toBeNull();
    expect(err.requestId).toMatch(/^req_/);
    expect(logLines(server).map((l) => l.id)).toContain(err.requestId);
    expect(seen.map((r) => r.status)).toEqual([403]);
  });

  test("a publishable key from an origin that is not allowed is refused by the service", async () => {
    const err = await rejection(new Zenith({ apiKey: publishable, baseURL: server.url, origin: "https://evil.example" }).agent.config());
    expect(err).toBeInstanceOf(PermissionDeniedError);
    expect(err.code).toBe("access_denied");
    expect(err.requestId).toMatch(/^req_/);
  });

  test("the plan's per-minute limit: 429 retried after Retry-After, attempts bounded", async () => {
    const limited = seedWithCli(server.db, { rpm: 1 });
    const delays: number[] = [];
    const client = new Zenith({ apiKey: limited.key, baseURL: server.url, maxRetries: 1, random: () => 0.5, sleep: async (ms: number) => void delays.push(ms) });
    await client.chat.completions.create(question());
    let err: any;
    const seen = await requestsDuring(server, async () => {
      err = await rejection(client.chat.completions.create(question()));
    });
    expect(err).toBeInstanceOf(RateLimitError);
    expect(err.code).toBe("tenant_plan_rate_limit_exceeded");
    expect(err.type).toBe("rate_limit_error");
    expect(err.retryAfter).toBeGreaterThanOrEqual(1);
    expect(err.retryAfter).toBeLessThanOrEqual(60);
    expect(seen.map((r) => r.status)).toEqual([429, 429]);
    expect(delays).toHaveLength(1);
    // The wait honours the first answer's Retry-After (within a second of the second one's).
    expect(delays[0]).toBeGreaterThanOrEqual(err.retryAfter * 1000);
    expect(delays[0]).toBeLessThanOrEqual((err.retryAfter + 1) * 1000 * 1.1);
  });

  test("the failed-credential 429 (x-should-retry: false) is thrown at once, never retried", async () => {
    const guarded = await startServer({ args: ["--probe-limit", "1"] });
    try {
      const delays: number[] = [];
      const client = new Zenith({ apiKey: `svc_sk_${"e".repeat(32)}`, baseURL: guarded.url, maxRetries: 5, sleep: async (ms: number) => void delays.push(ms) });
      expect(await rejection(client.models.list())).toBeInstanceOf(PermissionDeniedError);
      let err: any;
      const seen = await requestsDuring(guarded, async () => {
        err = await rejection(client.models.list());
      });
      expect(err).toBeInstanceOf(RateLimitError);
      expect(err.code).toBe("auth_probe_rate_limit_exceeded");
      expect(err.retryAfter).toBeGreaterThanOrEqual(1);
      expect(err.headers.get("x-should-retry")).toBe("false");
      expect(seen.map((r) => r.status)).toEqual([429]);
      expect(delays).toEqual([]);
    } finally {
      await guarded.stop();
    }
  });
});

describe("refused by the SDK before any request", () => {
  test("a publishable key on chat throws access_denied locally", async () => {
    const client = new Zenith({ apiKey: publishable, baseURL: server.url, origin: ORIGIN });
    let err: any;
    const seen = await requestsDuring(server, async () => {
      err = await rejection(client.chat.completions.create(question()));
    });
    expect(seen).toEqual([]);
    expect(err).toBeInstanceOf(PermissionDeniedError);
    expect(err.status).toBe(403);
    expect(err.code).toBe("access_denied");
    expect(err.type).toBe("authentication_error");
    expect(err.requestId).toBeNull();
    expect(err.message).toContain("publishable key");
  });

  test("a secret key on widget sessions throws locally", async () => {
    let err: any;
    const seen = await requestsDuring(server, async () => {
      err = await rejection(secretClient().widget.sessions.create());
    });
    expect(seen).toEqual([]);
    expect(err).toBeInstanceOf(PermissionDeniedError);
    expect(err.requestId).toBeNull();
  });

  test("an already-aborted signal sends nothing", async () => {
    let err: any;
    const seen = await requestsDuring(server, async () => {
      err = await rejection(secretClient().models.list({ signal: AbortSignal.abort() }));
    });
    expect(seen).toEqual([]);
    expect(err).toBeInstanceOf(APIUserAbortError);
  });

  // Each body is refused by the SDK with exactly the status, code and param the service answers.
  const user = { role: "user", content: "Hello?" };
  const bad: Array<[string, Record<string, unknown>]> = [
    ["wrong model", { model: "gpt-4o", messages: [user] }],
    ["missing model", { messages: [user] }],
    ["empty model", { model: "", messages: [user] }],
    ["system role", { model: MODEL_ID, messages: [{ role: "system", content: "Be rude." }, user] }],
    ["tool role", { model: MODEL_ID, messages: [user, { role: "tool", content: "x" }] }],
    ["made-up role", { model: MODEL_ID, messages: [{ role: "robot", content: "beep" }] }],
    ["empty content", { model: MODEL_ID, messages: [user, { role: "assistant", content: "Hi" }, { role: "user", content: "" }] }],
    ["blank content", { model: MODEL_ID, messages: [{ role: "user", content: " \n\t" }] }],
    ["non-string content", { model: MODEL_ID, messages: [{ role: "user", content: ["a"] }] }],
    ["no user message", { model: MODEL_ID, messages: [{ role: "assistant", content: "Hi" }] }],
    ["no messages", { model: MODEL_ID, messages: [] }],
    ["messages not an array", { model: MODEL_ID, messages: "Hello?" }],
    ["message not an object", { model: MODEL_ID, messages: ["Hello?"] }],
    ["unsupported field", { model: MODEL_ID, messages: [user], temperature: 0.2 }],
    ["misspelt field", { model: MODEL_ID, messages: [user], temprature: 0.2 }],
    ["name on a message", { model: MODEL_ID, messages: [{ ...user, name: "ann" }] }],
    ["unknown message field", { model: MODEL_ID, messages: [{ ...user, lang: "en" }] }],
    ["stream true", { model: MODEL_ID, messages: [user], stream: true }],
    ["stream as a string", { model: MODEL_ID, messages: [user], stream: "false" }],
    ["stream_options", { model: MODEL_ID, messages: [user], stream: false, stream_options: {} }],
    ["empty session id", { model: MODEL_ID, messages: [user], session_id: "" }],
    ["65-character session id", { model: MODEL_ID, messages: [user], session_id: "s".repeat(65) }],
    ["session id with a control character", { model: MODEL_ID, messages: [user], session_id: "a\u0007b" }],
    ["e-mail as session id", { model: MODEL_ID, messages: [user], session_id: "ann@example.com" }],
    ["key as session id", { model: MODEL_ID, messages: [user], session_id: `svc_sk_${"a".repeat(32)}` }],
    ["numeric session id", { model: MODEL_ID, messages: [user], session_id: 42 }],
    ["an unknown field wins over a bad model", { model: "x", messages: [user], foo: 1 }],
    ["a bad model wins over an empty message", { model: "x", messages: [{ role: "user", content: "" }] }],
    ["oversized body", { model: MODEL_ID, messages: [{ role: "user", content: "x".repeat(MAX_BODY_BYTES) }] }],
  ];

  test("local validation mirrors the service: same status, type, code and param, and nothing sent", async () => {
    const client = secretClient();
    const local: any[] = [];
    const seen = await requestsDuring(server, async () => {
      for (const [, body] of bad) local.push(await rejection(client.chat.completions.create(body as any)));
    });
    expect(seen).toEqual([]);
    for (const [i, [name, body]] of bad.entries()) {
      const res = await fetch(`${server.url}/v1/chat/completions`, {
        method: "POST",
        headers: { authorization: `Bearer ${seed.key}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      const remote = (await res.json()).error;
      const err = local[i];
      expect({ name, status: err.status, type: err.type, code: err.code, param: err.param }).toEqual({
        name,
        status: res.status,
        type: remote.type,
        code: remote.code,
        param: remote.param,
      });
      expect(err.requestId).toBeNull();
      expect(err).toBeInstanceOf(res.status === 413 ? RequestTooLargeError : BadRequestError);
    }
  });
});
