/** robots.txt rules for the crawler: groups and matching, and what each way of failing to get the file means. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { robotsFor } from "../../src/engine/ingest/robots";

const UA = "zenith-ingest/1";

describe("robotsFor", () => {
  let site: ReturnType<typeof Bun.serve>;
  let base: string;
  let answer: () => Response;
  const agents: string[] = [];
  beforeAll(() => {
    site = Bun.serve({
      port: 0,
      hostname: "127.0.0.1",
      fetch(req) {
        agents.push(req.headers.get("user-agent") ?? "");
        return new URL(req.url).pathname === "/robots.txt" ? answer() : new Response("not found", { status: 404 });
      },
    });
    base = `http://127.0.0.1:${site.port}`;
  });
  afterAll(() => site.stop(true));

  test("our product token's group wins over *; longest match decides; * and $ match", async () => {
    answer = () =>
      new Response(["User-agent: *", "Disallow: /", "", "User-agent: Zenith-Ingest", "Disallow: /docs/", "Allow: /docs/public", "Disallow: /*.pdf$", "Sitemap: /s.xml"].join("\n"));
    const rules = await robotsFor(base, UA);
    expect(agents.at(-1)).toBe(UA);
    expect(rules.allows(`${base}/`)).toBe(true);
    expect(rules.allows(`${base}/docs/private`)).toBe(false);
    expect(rules.allows(`${base}/docs/public/page`)).toBe(true);
    expect(rules.allows(`${base}/guide.pdf`)).toBe(false);
    expect(rules.allows(`${base}/guide.pdf?x=1`)).toBe(true);
    expect(rules.refusal).toBe(`${base}/robots.txt disallows it for zenith-ingest`);
  });

  test("without a group of ours the * group applies", async () => {
    answer = () => new Response("User-agent: otherbot\nDisallow: /\n\nUser-agent: *\nDisallow: /private\n");
    const rules = await robotsFor(base, UA);
    expect(rules.allows(`${base}/private/x`)).toBe(false);
    expect(rules.allows(`${base}/public`)).toBe(true);
  });

  test("4xx allows everything; 5xx allows nothing and says why", async () => {
    for (const status of [401, 403, 404, 410]) {
      answer = () => new Response("User-agent: *\nDisallow: /\n", { status });
      expect((await robotsFor(base, UA)).allows(`${base}/x`)).toBe(true);
    }
    answer = () => new Response("User-agent: *\nAllow: /\n", { status: 503 });
    const down = await robotsFor(base, UA);
    expect(down.allows(`${base}/x`)).toBe(false);
    expect(down.refusal).toContain("answered HTTP 503");
  });

  test("no answer at all allows everything (the page fetch reports the failure)", async () => {
    const closed = Bun.serve({ port: 0, fetch: () => new Response("") });
    const port = closed.port;
    closed.stop(true);
    expect((await robotsFor(`http://127.0.0.1:${port}`, UA)).allows(`http://127.0.0.1:${port}/x`)).toBe(true);
  });

  test("rules say no to another site's URLs, however they were read", async () => {
    const port = Number(new URL(base).port);
    const other = `http://127.0.0.1:${port + 1}`;
    const answers: (() => Response)[] = [() => new Response("User-agent: *\nDisallow: /private\n"), () => new Response("", { status: 404 })];
    for (const a of answers) {
      answer = a;
      const rules = await robotsFor(base, UA);
      expect(rules.allows(`${base}/x`)).toBe(true);
      expect(rules.allows(`${other}/x`)).toBe(false);
      expect(rules.allows(`http://127.0.0.1:${port}@127.0.0.1:${port + 1}/x`)).toBe(false);
      expect(rules.allows("not a url")).toBe(false);
    }
  });

  test("the file is decoded by its declared charset", async () => {
    answer = () => new Response(Uint8Array.from("User-agent: *\nDisallow: /caf\u00e9\n", (c) => c.charCodeAt(0)), { headers: { "content-type": "text/plain; charset=iso-8859-1" } });
    const rules = await robotsFor(base, UA);
    expect(rules.allows(`${base}/caf\u00e9`)).toBe(false);
    expect(rules.allows(`${base}/cafe`)).toBe(true);
  });

  test("only the first 500 KiB are read", async () => {
    const filler = `# ${"x".repeat(1000)}\n`.repeat(600);
    answer = () => new Response(`User-agent: *\nDisallow: /early\n${filler}Disallow: /late\n`);
    const rules = await robotsFor(base, UA);
    expect(rules.allows(`${base}/early`)).toBe(false);
    expect(rules.allows(`${base}/late`)).toBe(true);
    // The 500 KiB mark falls inside an "é" here: the cut must not turn the whole file into Windows-1252.
    const wide = `# ${"é".repeat(1000)}\n`.repeat(300);
    answer = () => new Response(`User-agent: *\nDisallow: /cafés\n${wide}`, { headers: { "content-type": "text/plain; charset=utf-8" } });
    expect((await robotsFor(base, UA)).allows(`${base}/cafés`)).toBe(false);
  });
});
