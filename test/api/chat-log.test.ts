/** Session grouping into the chat log, token counts, and key redaction. */
import { beforeAll, describe, expect, test } from "bun:test";
import { TARGETS, type Target } from "../support/target";

const ask = (content: string, extra: Record<string, unknown> = {}) => ({ model: "service-zenith", messages: [{ role: "user", content }], ...extra });

for (const [label, make] of TARGETS) {
  describe(`chat log (${label})`, () => {
    let t: Target;
    beforeAll(async () => {
      t = await make();
      await t.addText("Parcels to Canada arrive in 5 to 8 business days.", "Shipping");
    });

    test("session_id groups turns; the header wins over the body", async () => {
      expect((await t.chat(ask("How long to Canada?", { session_id: "body-1" }))).status).toBe(200);
      expect((await t.chat(ask("And express?", { session_id: "body-1" }))).status).toBe(200);
      expect((await t.chat(ask("Header turn", { session_id: "body-1" }), { "x-service-session": "head-1" })).status).toBe(200);
      const body = await t.log("body-1");
      expect(body.sessions).toHaveLength(1);
      expect(body.sessions[0].turns.map((x: { question: string }) => x.question)).toEqual(["How long to Canada?", "And express?"]);
      const header = await t.log("head-1");
      expect(header.sessions[0].turns.map((x: { question: string }) => x.question)).toEqual(["Header turn"]);
    });

    test("a non-ASCII header session is the same session as that value in the body", async () => {
      const session = "é".repeat(40);
      // On the wire a header holds UTF-8 bytes; a header string holds one character per byte.
      const wire = Buffer.from(session, "utf8").toString("latin1");
      expect((await t.chat(ask("Body turn", { session_id: session }))).status).toBe(200);
      expect((await t.chat(ask("Header turn"), { "x-service-session": wire })).status).toBe(200);
      const log = await t.log(session);
      expect(log.sessions).toHaveLength(1);
      expect(log.sessions[0].turns.map((x: { question: string }) => x.question)).toEqual(["Body turn", "Header turn"]);
      const bad = await t.chat(ask("Bad bytes"), { "x-service-session": "caf\u00e9" });
      expect(bad.status).toBe(400);
      expect((await bad.json()).error.param).toBe("x-service-session");
    });

    test("each turn carries its token counts, equal to the response's usage", async () => {
      const res = await (await t.chat(ask("How long does shipping to Canada take?", { session_id: "tokens-1" }))).json();
      const turn = (await t.log("tokens-1")).sessions[0].turns[0];
      expect(turn.prompt_tokens).toBe(res.usage.prompt_tokens);
      expect(turn.completion_tokens).toBe(res.usage.completion_tokens);
      // o200k: "How long does shipping to Canada take?" is 8 tokens.
      expect(res.usage.prompt_tokens).toBe(8);
    });

    test("a key pasted into a message is redacted before the exchange is logged", async () => {
      const pasted = `my key is ${t.key}, does it work?`;
      expect((await t.chat(ask(pasted, { session_id: "redact-1" }))).status).toBe(200);
      const turn = (await t.log("redact-1")).sessions[0].turns[0];
      expect(turn.question).not.toContain(t.key.slice(7));
      expect(turn.question).toContain("[redacted key]");
    });

    test("exchanges without a session id are logged each in their own session", async () => {
      const before = (await t.log()).sessions.length;
      await t.chat(ask("One-off question about Canada"));
      await t.chat(ask("Another one-off about Canada"));
      expect((await t.log()).sessions.length).toBe(before + 2);
    });
  });
}
