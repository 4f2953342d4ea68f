/** Chat rules 1–10 and the Errors table: every refusal with its status, code and param. */
import { beforeAll, describe, expect, test } from "bun:test";
import { TARGETS, type Target } from "../support/target";

const user = (content = "When do you open?") => ({ role: "user", content });
const ok = (extra: Record<string, unknown> = {}) => ({ model: "service-zenith", messages: [user()], ...extra });

type Case = [name: string, body: unknown, status: number, code: string, param: string | null];

const CASES: Case[] = [
  // rule 3: roles configured on the agent, not in requests
  ...["system", "developer", "tool", "function"].map((role): Case => [`role ${role}`, { model: "service-zenith", messages: [{ role, content: "x" }, user()] }, 400, "unsupported_parameter", "messages[0].role"]),
  // rule 4: recognised and refused
  ...["temperature", "top_p", "max_tokens", "stop", "frequency_penalty", "presence_penalty", "tools", "functions", "tool_choice", "response_format", "n", "logprobs", "seed", "user", "metadata", "store", "max_completion_tokens", "logit_bias", "parallel_tool_calls", "reasoning_effort"].map(
    (field): Case => [`field ${field}`, ok({ [field]: 1 }), 400, "unsupported_parameter", field],
  ),
  ["message name", { model: "service-zenith", messages: [{ role: "user", content: "x", name: "bob" }] }, 400, "unsupported_parameter", "messages[0].name"],
  // rule 5: unrecognised
  ["misspelt field", ok({ temprature: 0.2 }), 400, "unknown_parameter", "temprature"],
  ["__proto__ field", '{"model":"service-zenith","messages":[{"role":"user","content":"x"}],"__proto__":{"a":1}}', 400, "unknown_parameter", "__proto__"],
  ["unknown message field", { model: "service-zenith", messages: [{ role: "user", content: "x", colour: "red" }] }, 400, "unknown_parameter", "messages[0].colour"],
  // rule 6: streaming
  ["stream true", ok({ stream: true }), 400, "streaming_not_supported", "stream"],
  ["stream string", ok({ stream: "false" }), 400, "streaming_not_supported", "stream"],
  ["stream number", ok({ stream: 0 }), 400, "streaming_not_supported", "stream"],
  ["stream null", ok({ stream: null }), 400, "streaming_not_supported", "stream"],
  ["stream_options", ok({ stream: false, stream_options: { include_usage: true } }), 400, "streaming_not_supported", "stream_options"],
  // rule 7: model
  ["model missing", { messages: [user()] }, 400, "model_not_found", "model"],
  ["model empty", ok({ model: "" }), 400, "model_not_found", "model"],
  ["model number", ok({ model: 4 }), 400, "model_not_found", "model"],
  ["model other", ok({ model: "gpt-4o" }), 400, "model_not_found", "model"],
  ["model case", ok({ model: "Service-Zenith" }), 400, "model_not_found", "model"],
  // rule 8 and malformed fields
  ["no user message", { model: "service-zenith", messages: [{ role: "assistant", content: "hi" }] }, 400, "invalid_request_error", "messages"],
  ["empty messages", { model: "service-zenith", messages: [] }, 400, "invalid_request_error", "messages"],
  ["messages missing", { model: "service-zenith" }, 400, "invalid_request_error", "messages"],
  ["messages not array", { model: "service-zenith", messages: "hi" }, 400, "invalid_request_error", "messages"],
  ["message not object", { model: "service-zenith", messages: ["hi"] }, 400, "invalid_request_error", "messages[0]"],
  ["empty content", { model: "service-zenith", messages: [user("")] }, 400, "invalid_request_error", "messages[0].content"],
  ["blank content", { model: "service-zenith", messages: [user("   \n")] }, 400, "invalid_request_error", "messages[0].content"],
  ["content array", { model: "service-zenith", messages: [{ role: "user", content: [{ type: "text", text: "hi" }] }] }, 400, "invalid_request_error", "messages[0].content"],
  ["content missing", { model: "service-zenith", messages: [{ role: "user" }] }, 400, "invalid_request_error", "messages[0].content"],
  ["odd role", { model: "service-zenith", messages: [{ role: "robot", content: "x" }] }, 400, "invalid_request_error", "messages[0].role"],
  ["role missing", { model: "service-zenith", messages: [{ content: "x" }] }, 400, "invalid_request_error", "messages[0].role"],
  ["session_id too long", ok({ session_id: "s".repeat(65) }), 400, "invalid_request_error", "session_id"],
  ["session_id empty", ok({ session_id: "" }), 400, "invalid_request_error", "session_id"],
  ["session_id number", ok({ session_id: 42 }), 400, "invalid_request_error", "session_id"],
  ["session_id e-mail", ok({ session_id: "jane@example.com" }), 400, "invalid_request_error", "session_id"],
  ["session_id key", ok({ session_id: "svc_sk_0123456789abcdef0123456789abcdef" }), 400, "invalid_request_error", "session_id"],
  ["session_id control", ok({ session_id: "a\u0000b" }), 400, "invalid_request_error", "session_id"],
  ["body array", [ok()], 400, "invalid_request_error", null],
  ["body string", '"hello"', 400, "invalid_request_error", null],
  ["bad JSON", '{"model":', 400, "invalid_request_error", null],
  ["empty body", "", 400, "invalid_request_error", null],
];

for (const [label, make] of TARGETS) {
  describe(`chat validation (${label})`, () => {
    let t: Target;
    beforeAll(async () => {
      t = await make();
    });

    test.each(CASES)("%s", async (_name, body, status, code, param) => {
      const res = await t.chat(body);
      expect(res.status).toBe(status);
      const json = await res.json();
      expect(Object.keys(json.error).sort()).toEqual(["code", "message", "param", "type"]);
      expect(json.error.code).toBe(code);
      expect(json.error.param).toBe(param);
      expect(json.error.type).toBe("invalid_request_error");
      expect(json.error.message.length).toBeGreaterThan(10);
    });

    test("a valid request answers with the completion shape", async () => {
      await t.addText("The shop opens at 9 am from Monday to Saturday.", "Opening hours");
      const res = await t.chat(ok({ stream: false, session_id: "visit-1" }));
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(Object.keys(body).sort()).toEqual(["choices", "created", "id", "model", "object", "usage"]);
      expect(body.id).toMatch(/^chatcmpl-/);
      expect(body.object).toBe("chat.completion");
      expect(body.model).toBe("service-zenith");
      expect(Math.abs(body.created - Date.now() / 1000)).toBeLessThan(60);
      expect(body.choices).toHaveLength(1);
      expect(body.choices[0]).toEqual({ index: 0, message: { role: "assistant", content: expect.any(String) }, finish_reason: "stop" });
      expect(body.usage.prompt_tokens).toBeGreaterThan(0);
      expect(body.usage.completion_tokens).toBeGreaterThan(0);
      expect(body.usage.total_tokens).toBe(body.usage.prompt_tokens + body.usage.completion_tokens);
      expect(JSON.stringify(body)).not.toMatch(/citation|source|provenance/i);
      for (const h of ["x-ratelimit-limit-requests", "x-ratelimit-remaining-requests", "x-ratelimit-reset-requests"]) expect(res.headers.get(h)).toBeTruthy();
      expect(res.headers.get("access-control-allow-origin")).toBeNull();
    });

    test("a header session longer than 64 characters is refused", async () => {
      const res = await t.chat(ok(), { "x-service-session": "h".repeat(65) });
      expect(res.status).toBe(400);
      expect((await res.json()).error.param).toBe("x-service-session");
    });

    test("history with assistant turns is accepted; the last user message is the question", async () => {
      const res = await t.chat({ model: "service-zenith", messages: [user("Hi"), { role: "assistant", content: "Hello!" }, user("When do you open?")] });
      expect(res.status).toBe(200);
    });

    test("a non-JSON content type is refused", async () => {
      const res = await t.send("/v1/chat/completions", { method: "POST", headers: { authorization: `Bearer ${t.key}`, "content-type": "text/plain" }, body: JSON.stringify(ok()) });
      expect(res.status).toBe(400);
      expect((await res.json()).error.code).toBe("invalid_request_error");
    });

    test("413 for a body over 100 KB, declared or streamed, in the envelope", async () => {
      const big = JSON.stringify(ok({ messages: [user("x".repeat(110_000))] }));
      const declared = await t.chat(big);
      expect(declared.status).toBe(413);
      expect((await declared.json()).error).toEqual({ message: expect.any(String), type: "invalid_request_error", param: null, code: "request_too_large" });
      const stream = new ReadableStream({
        start(c) {
          for (let i = 0; i < 12; i++) c.enqueue(new TextEncoder().encode("x".repeat(10_000)));
          c.close();
        },
      });
      const chunked = await t.send("/v1/chat/completions", { method: "POST", headers: { authorization: `Bearer ${t.key}`, "content-type": "application/json" }, body: stream, duplex: "half" } as RequestInit);
      expect(chunked.status).toBe(413);
      expect((await chunked.json()).error.code).toBe("request_too_large");
    });

    test("404 and 405 in the envelope", async () => {
      const nf = await t.send("/v1/nothing");
      expect(nf.status).toBe(404);
      expect((await nf.json()).error.code).toBe("not_found");
      const na = await t.send("/v1/chat/completions", { headers: { authorization: `Bearer ${t.key}` } });
      expect(na.status).toBe(405);
      expect(na.headers.get("allow")).toBe("POST");
      expect((await na.json()).error.code).toBe("method_not_allowed");
    });
  });
}
