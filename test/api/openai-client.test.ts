/** The official `openai` npm client as a real caller against the built binary. */
import { beforeAll, describe, expect, test } from "bun:test";
import OpenAI from "openai";
import { startServer, seedWithCli, zenithJson } from "../support/binary";
import { tempDb } from "../support/tmp";

function client(key: string, url: string, extra: Record<string, unknown> = {}) {
  return new OpenAI({ apiKey: key, baseURL: `${url}/v1`, maxRetries: 0, ...extra });
}

describe("official OpenAI client", () => {
  let url: string;
  let key: string;
  let db: string;
  let agent: string;
  beforeAll(async () => {
    db = tempDb();
    const seed = seedWithCli(db, { rpm: 1000 });
    key = seed.key;
    agent = seed.agent;
    zenithJson(db, ["material", "add", "--agent", seed.agent, "--text", "Parcels to Canada arrive in 5 to 8 business days. Express delivery costs $12.", "--title", "Shipping"]);
    url = (await startServer({ db })).url;
  });

  test("models.list()", async () => {
    const page = await client(key, url).models.list();
    expect(page.data.map((m) => m.id)).toEqual(["service-zenith"]);
    expect(page.data[0].owned_by).toBe("service");
  });

  test("models.retrieve(): the one model, and a clear 404 for any other", async () => {
    const c = client(key, url);
    expect(await c.models.retrieve("service-zenith")).toMatchObject({ id: "service-zenith", object: "model", owned_by: "service" });
    const err = await c.models.retrieve("gpt-4o").catch((e) => e);
    expect(err).toBeInstanceOf(OpenAI.NotFoundError);
    expect(err.code).toBe("not_found");
    expect(err.message).toContain("the only model is 'service-zenith'");
  });

  test("chat.completions.create()", async () => {
    const res = await client(key, url).chat.completions.create({ model: "service-zenith", messages: [{ role: "user", content: "How long does shipping to Canada take?" }] });
    expect(res.object).toBe("chat.completion");
    expect(res.choices).toHaveLength(1);
    expect(res.choices[0].finish_reason).toBe("stop");
    expect(res.choices[0].message.role).toBe("assistant");
    expect(res.choices[0].message.content).toContain("5 to 8 business days");
    expect(res.usage!.total_tokens).toBe(res.usage!.prompt_tokens + res.usage!.completion_tokens);
  });

  test("session grouping through the client's extra body and headers", async () => {
    const c = client(key, url);
    await c.chat.completions.create({ model: "service-zenith", messages: [{ role: "user", content: "Canada?" }], session_id: "oa-1" } as never);
    await c.chat.completions.create({ model: "service-zenith", messages: [{ role: "user", content: "Express?" }] }, { headers: { "x-service-session": "oa-1" } });
    const log = zenithJson(db, ["log", "--agent", agent, "--session", "oa-1"]);
    expect(log.sessions[0].turns.map((x: { question: string }) => x.question)).toEqual(["Canada?", "Express?"]);
  });

  test("400 errors carry .status, .code, .param and .type", async () => {
    const c = client(key, url);
    const cases: [Record<string, unknown>, string, string | null][] = [
      [{ model: "service-zenith", messages: [{ role: "user", content: "x" }], temperature: 0.2 }, "unsupported_parameter", "temperature"],
      [{ model: "gpt-4o", messages: [{ role: "user", content: "x" }] }, "model_not_found", "model"],
      [{ model: "service-zenith", messages: [{ role: "system", content: "x" }, { role: "user", content: "y" }] }, "unsupported_parameter", "messages[0].role"],
      [{ model: "service-zenith", messages: [{ role: "user", content: "x" }], stream_options: { include_usage: true } }, "streaming_not_supported", "stream_options"],
      [{ model: "service-zenith", messages: [{ role: "user", content: "" }] }, "invalid_request_error", "messages[0].content"],
    ];
    for (const [body, code, param] of cases) {
      const err = await c.chat.completions.create(body as never).catch((e) => e);
      expect(err).toBeInstanceOf(OpenAI.BadRequestError);
      expect(err.status).toBe(400);
      expect(err.code).toBe(code);
      expect(err.param).toBe(param);
      expect(err.type).toBe("invalid_request_error");
    }
  });

  test("stream: true is refused as a 400, not hung", async () => {
    const err = await client(key, url).chat.completions.create({ model: "service-zenith", messages: [{ role: "user", content: "x" }], stream: true }).catch((e) => e);
    expect(err).toBeInstanceOf(OpenAI.BadRequestError);
    expect(err.code).toBe("streaming_not_supported");
  });

  test("401 without a key and 403 with a bad one", async () => {
    const noKey = await fetch(`${url}/v1/models`);
    expect(noKey.status).toBe(401);
    const err = await client("svc_sk_00000000000000000000000000000000", url).models.list().catch((e) => e);
    expect(err).toBeInstanceOf(OpenAI.PermissionDeniedError);
    expect(err.code).toBe("access_denied");
    const unauth = await client("", url, { apiKey: "x", defaultHeaders: { authorization: null } }).models.list().catch((e) => e);
    expect(unauth).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(unauth.code).toBe("invalid_api_key");
  });

  test("429 plan limit: RateLimitError with .code and a Retry-After", async () => {
    const db2 = tempDb();
    const seed = seedWithCli(db2, { rpm: 1 });
    const s = await startServer({ db: db2 });
    const c = client(seed.key, s.url);
    await c.chat.completions.create({ model: "service-zenith", messages: [{ role: "user", content: "x" }] });
    const err = await c.chat.completions.create({ model: "service-zenith", messages: [{ role: "user", content: "x" }] }).catch((e) => e);
    expect(err).toBeInstanceOf(OpenAI.RateLimitError);
    expect(err.code).toBe("tenant_plan_rate_limit_exceeded");
    expect(Number(err.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  test("429 probe limit is not retried by the client (x-should-retry: false)", async () => {
    const db3 = tempDb();
    const seed = seedWithCli(db3);
    const s = await startServer({ db: db3, args: ["--probe-limit", "1"] });
    let calls = 0;
    const counting = (input: RequestInfo | URL, init?: RequestInit) => {
      calls++;
      return fetch(input, init);
    };
    await client("svc_sk_00000000000000000000000000000000", s.url).models.list().catch(() => {});
    calls = 0;
    const err = await new OpenAI({ apiKey: seed.key, baseURL: `${s.url}/v1`, maxRetries: 3, fetch: counting as never }).models.list().catch((e) => e);
    expect(err).toBeInstanceOf(OpenAI.RateLimitError);
    expect(err.code).toBe("auth_probe_rate_limit_exceeded");
    expect(calls).toBe(1);
  });
});
