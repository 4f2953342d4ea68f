/**
 * The optional generator through the built binary, against a local OpenAI-compatible test
 * server that checks what is sent and can answer, fail, stall, talk nonsense or decline.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { seedWithCli, startServer, zenithJson, type Server } from "../support/binary";
import { tempDb } from "../support/tmp";
import { ask } from "./binary-helpers";
import { SHIPPING_MD } from "./engine-fixture";

type Mode = "answer" | "fail" | "stall" | "garbage" | "decline";

describe("generator (ZENITH_LLM_BASE_URL) through dist/zenith", () => {
  let mode: Mode = "answer";
  const received: any[] = [];
  let release: () => void = () => {};
  const stalled = new Promise<void>((r) => (release = r));
  let upstream: ReturnType<typeof Bun.serve>;
  let server: Server;
  let seed: ReturnType<typeof seedWithCli>;

  beforeAll(async () => {
    upstream = Bun.serve({
      port: 0,
      hostname: "127.0.0.1",
      async fetch(req) {
        const url = new URL(req.url);
        if (req.method !== "POST" || url.pathname !== "/v1/chat/completions") return new Response("no such route", { status: 404 });
        received.push({ auth: req.headers.get("authorization"), body: await req.json() });
        if (mode === "fail") return Response.json({ error: { message: "overloaded" } }, { status: 503 });
        if (mode === "stall") {
          await stalled;
          return new Response("too late");
        }
        if (mode === "garbage") return new Response("<html>proxy error</html>", { headers: { "content-type": "text/html" } });
        const content = mode === "decline" ? "NOT_COVERED" : "Express shipping is $12 and takes 1 to 2 business days [1].\n\nSources:\n- Shipping › Delivery times";
        return Response.json({ id: "x", object: "chat.completion", choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }] });
      },
    });
    const db = tempDb();
    seed = seedWithCli(db);
    zenithJson(db, ["agent", "update", seed.agent, "--persona", "Cheerful Northwind helper.", "--instructions", "Always answer in one sentence."]);
    zenithJson(db, ["material", "add", "--agent", seed.agent, "--text", SHIPPING_MD, "--title", "Shipping"]);
    server = await startServer({
      db,
      env: { ZENITH_LLM_BASE_URL: `http://127.0.0.1:${upstream.port}/v1`, ZENITH_LLM_MODEL: "test-model", ZENITH_LLM_API_KEY: "sk-upstream-test", ZENITH_LLM_TIMEOUT_MS: "400" },
    });
  });
  afterAll(async () => {
    release();
    await server?.stop();
    upstream?.stop(true);
  });

  test("sends persona, instructions, history and passages; strips citations from the reply", async () => {
    mode = "answer";
    const reply = await ask(server.url, seed.key, "Where do you ship?", "We ship to the US, Canada and Europe.", "How much does express shipping cost?");
    expect(reply.content).toBe("Express shipping is $12 and takes 1 to 2 business days.");
    const sent = received.at(-1);
    expect(sent.auth).toBe("Bearer sk-upstream-test");
    expect(sent.body.model).toBe("test-model");
    const [system, ...rest] = sent.body.messages;
    expect(system.role).toBe("system");
    expect(system.content).toContain("Cheerful Northwind helper.");
    expect(system.content).toContain("Always answer in one sentence.");
    expect(system.content).toContain("costs $12");
    expect(rest).toEqual([
      { role: "user", content: "Where do you ship?" },
      { role: "assistant", content: "We ship to the US, Canada and Europe." },
      { role: "user", content: "How much does express shipping cost?" },
    ]);
  });

  test("an upstream failure, a stall past the timeout, or a malformed reply falls back to the extract", async () => {
    const cases: [Mode, string][] = [
      ["fail", "What does express shipping cost?"],
      ["stall", "How much is express shipping?"],
      ["garbage", "Express shipping price?"],
    ];
    for (const [m, q] of cases) {
      mode = m;
      const before = received.length;
      const reply = await ask(server.url, seed.key, q);
      expect({ m, q, asked: received.length - before, reply: reply.content }).toMatchObject({ asked: 1, reply: expect.stringContaining("costs $12") });
    }
  });

  test("the upstream's own 'not covered' becomes the not-available reply", async () => {
    mode = "decline";
    const before = received.length;
    expect((await ask(server.url, seed.key, "How long does express shipping take?")).content).toMatch(/not available/);
    expect(received.length).toBe(before + 1);
  });

  test("a question the material does not cover never reaches the upstream", async () => {
    mode = "answer";
    const before = received.length;
    expect((await ask(server.url, seed.key, "Do you sell bicycles?")).content).toMatch(/not available/);
    expect(received.length).toBe(before);
  });
});
