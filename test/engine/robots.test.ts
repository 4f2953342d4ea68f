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

  test("only the first 500 KiB are read", async () => {
    const filler = `# ${"x".repeat(1000)}\n`.repeat(600);
    answer = () => new Response(`User-agent: *\nDisallow: /early\n${filler}Disallow: /late\n`);
    const rules = await robotsFor(base, UA);
    expect(rules.allows(`${base}/early`)).toBe(false);
    expect(rules.allows(`${base}/late`)).toBe(true);
  });
});
