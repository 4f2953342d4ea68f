/** The decided order of checks when several errors hold at once (DESIGN.md). */
import { expect, test } from "bun:test";
import { fixture } from "../support/app";
import type { Clock } from "../../src/limits/clock";

const clock: Clock = { now: () => 1_800_000_000_000 };
const BAD = "Bearer svc_sk_ffffffffffffffffffffffffffffffff";
const big = "x".repeat(110_000);

async function code(res: Response) {
  return [res.status, (await res.json()).error.code];
}

test("413 → key in query → 401 → probe 429 → 403 → plan 429 → parse → unknown → unsupported → streaming → model → invalid → allowance", async () => {
  const f = fixture({ clock, probeLimit: 1, rpm: 1, monthly: 0 });
  const post = (path: string, headers: Record<string, string>, body: string, peer = "127.0.0.1") =>
    f.request(path, { method: "POST", headers: { "content-type": "application/json", ...headers }, body, peer });

  // 413 beats everything, even a key in the URL and no credential.
  expect(await code(await post(`/v1/chat/completions?api_key=${f.key}`, {}, big))).toEqual([413, "request_too_large"]);
  // A key in the query beats the missing credential.
  expect(await code(await post(`/v1/chat/completions?api_key=${f.key}`, {}, "{}"))).toEqual([400, "invalid_request_error"]);
  // Missing credential beats a blocked network.
  expect(await code(await post("/v1/chat/completions", { authorization: BAD }, "{}", "192.0.2.1"))).toEqual([403, "access_denied"]);
  expect(await code(await post("/v1/chat/completions", {}, "{}", "192.0.2.1"))).toEqual([401, "invalid_api_key"]);
  // A blocked network learns nothing, even with a valid key.
  expect(await code(await post("/v1/chat/completions", { authorization: `Bearer ${f.key}` }, "{}", "192.0.2.9"))).toEqual([429, "auth_probe_rate_limit_exceeded"]);
  // 403 beats the plan limit: spend the one request of this minute first.
  expect((await post("/v1/chat/completions", { authorization: `Bearer ${f.key}` }, "{bad json")).status).toBe(400);
  expect(await code(await post("/v1/chat/completions", { authorization: BAD }, "{bad json", "198.51.100.1"))).toEqual([403, "access_denied"]);
  // The plan limit beats parsing.
  expect(await code(await post("/v1/chat/completions", { authorization: `Bearer ${f.key}` }, "{bad json"))).toEqual([429, "tenant_plan_rate_limit_exceeded"]);
});

test("body checks in order: parse → unknown → unsupported → streaming → model → invalid → allowance (200)", async () => {
  const f = fixture({ monthly: 0 });
  const cases: [unknown, number, string][] = [
    ["{bad", 400, "invalid_request_error"],
    [{ wat: 1, temperature: 1, stream: true, model: "x", messages: [] }, 400, "unknown_parameter"],
    [{ temperature: 1, stream: true, model: "x", messages: [] }, 400, "unsupported_parameter"],
    [{ stream: true, model: "x", messages: [] }, 400, "streaming_not_supported"],
    [{ model: "x", messages: [] }, 400, "model_not_found"],
    [{ model: "service-zenith", messages: [] }, 400, "invalid_request_error"],
  ];
  for (const [body, status, c] of cases) expect(await code(await f.chat(body))).toEqual([status, c]);
  const spent = await f.chat({ model: "service-zenith", messages: [{ role: "user", content: "hi" }] });
  expect(spent.status).toBe(200);
  expect((await spent.json()).usage.total_tokens).toBe(0);
});
