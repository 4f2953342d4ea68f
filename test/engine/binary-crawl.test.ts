/** Adding a URL through the built binary: one page, a same-site crawl with a cap, a sitemap, robots.txt, errors. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { seedWithCli, startServer, zenithJson } from "../support/binary";
import { tempDb } from "../support/tmp";
import { ask, zenithAsync } from "./binary-helpers";

const page = (title: string, body: string, links: string[] = []) =>
  `<!doctype html><html><head><title>${title}</title></head><body><header><nav>${links.map((l) => `<a href="${l}">${l}</a>`).join(" ")} Sign in Basket</nav></header><main><h1>${title}</h1>${body}</main><footer>© Site</footer></body></html>`;

const html = (body: string | Uint8Array<ArrayBuffer>, type = "text/html; charset=utf-8") => new Response(body, { headers: { "content-type": type } });

/** A site on a free loopback port that notes every path asked for in `hits`. */
function localSite(hits: string[], route: (path: string) => Response) {
  return Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch(req) {
      const path = new URL(req.url).pathname;
      hits.push(path);
      return route(path);
    },
  });
}

describe("material add --url through dist/zenith", () => {
  let site: ReturnType<typeof Bun.serve>;
  let base: string;
  const hits: string[] = [];
  beforeAll(() => {
    site = localSite(hits, (path) => {
      switch (path) {
        case "/help/":
          return html(page("Help centre", "<p>Welcome to the help centre of Lumen Lamps. Pick a topic below to learn more about our lamps.</p>", ["/help/shipping", "/help/returns#top", "/help/missing", "/about", "mailto:x@example.com", "https://elsewhere.example/"]));
        case "/help/shipping":
          return html(page("Shipping", "<p>Lamps ship from our workshop in Porto within two business days, and delivery to Germany takes 4 days.</p>", ["/help/"]));
        case "/help/returns":
          return html(page("Returns", "<p>Lamps can be returned within 60 days in their original box for a full refund.</p>", ["/help/"]));
        case "/about":
          return html(page("About", "<p>We were founded by a glassblower in 1999.</p>"));
        case "/sitemap.xml":
          return new Response(`<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${base}/help/shipping</loc></url><url><loc>${base}/help/returns</loc></url><url><loc>https://elsewhere.example/x</loc></url></urlset>`, { headers: { "content-type": "application/xml" } });
        default:
          return new Response("not found", { status: 404 });
      }
    });
    base = `http://127.0.0.1:${site.port}`;
  });
  afterAll(() => site.stop(true));

  test("a page and the same-site pages under it are added; outside links are not followed", async () => {
    const db = tempDb();
    const { agent, key } = seedWithCli(db);
    const r = await zenithAsync(db, ["material", "add", "--agent", agent, "--url", `${base}/help/`, "--json"]);
    expect(r.stderr).toBe("");
    expect(r.json.ids).toHaveLength(3);
    const sources = zenithJson(db, ["material", "list", "--agent", agent]).material.map((m: any) => m.source).sort();
    expect(sources).toEqual([`${base}/help/`, `${base}/help/returns`, `${base}/help/shipping`]);
    expect(hits).not.toContain("/about");
    // Re-adding the unchanged site is a no-op.
    expect((await zenithAsync(db, ["material", "add", "--agent", agent, "--url", `${base}/help/`, "--json"])).json.ids.sort()).toEqual(r.json.ids.sort());
    const server = await startServer({ db });
    try {
      expect((await ask(server.url, key, "How long does delivery to Germany take?")).content).toContain("4 days");
      expect((await ask(server.url, key, "Can I go to the basket to sign in?")).content).toMatch(/not available/);
    } finally {
      await server.stop();
    }
  });

  test("--max-pages caps the crawl", async () => {
    const db = tempDb();
    const { agent } = seedWithCli(db);
    const r = await zenithAsync(db, ["material", "add", "--agent", agent, "--url", `${base}/help/`, "--max-pages", "2", "--json"]);
    expect(r.json.ids).toHaveLength(2);
  });

  test("a sitemap adds the pages it lists on the same site", async () => {
    const db = tempDb();
    const { agent } = seedWithCli(db);
    const r = await zenithAsync(db, ["material", "add", "--agent", agent, "--url", `${base}/sitemap.xml`, "--json"]);
    expect(r.json.ids).toHaveLength(2);
    expect(zenithJson(db, ["material", "list", "--agent", agent]).material.map((m: any) => m.title).sort()).toEqual(["Returns", "Shipping"]);
  });

  test("unreachable, missing and malformed URLs fail with one clear line", async () => {
    const db = tempDb();
    const { agent } = seedWithCli(db);
    const closed = Bun.serve({ port: 0, fetch: () => new Response("") });
    const port = closed.port;
    closed.stop(true);
    const cases: [string, RegExp][] = [
      [`http://127.0.0.1:${port}/`, /cannot fetch http:\/\/127\.0\.0\.1:\d+\/: /],
      [`${base}/help/missing`, /cannot fetch .*\/help\/missing: HTTP 404/],
      ["ftp://example.com/x", /only http and https URLs/],
      ["not a url", /not a valid URL/],
    ];
    for (const [url, message] of cases) {
      const r = await zenithAsync(db, ["material", "add", "--agent", agent, "--url", url, "--json"]);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
      expect(r.code).not.toBe(0);
    }
    expect(zenithJson(db, ["material", "list", "--agent", agent]).material).toHaveLength(0);
  });
});

describe("material add --url honours robots.txt", () => {
  let site: ReturnType<typeof Bun.serve>;
  let base: string;
  let robots: () => Response;
  const hits: string[] = [];
  const pages: Record<string, string> = {
    "/help/": page("Help centre", "<p>Welcome to the help centre of Lumen Lamps. Pick a topic below to learn more about our lamps.</p>", ["/help/shipping", "/help/secret", "/help/secret/public", "/help/secret/other"]),
    "/help/shipping": page("Shipping", "<p>Lamps ship from our workshop in Porto within two business days.</p>"),
    "/help/secret": page("Secret", "<p>The secret index of unreleased lamps and their prices.</p>"),
    "/help/secret/public": page("Public secret", "<p>The public part of the secret pages, about the lamp launch party.</p>"),
    "/help/secret/other": page("Other secret", "<p>Another unreleased lamp that nobody may read about yet.</p>"),
  };
  const ourGroup = ["User-agent: *", "Disallow: /", "", "User-agent: zenith-ingest", "Disallow: /help/secret", "Allow: /help/secret/public$"].join("\n");
  beforeAll(() => {
    site = localSite(hits, (path) => {
      if (path === "/robots.txt") return robots();
      if (path === "/sitemap.xml") return new Response(`<?xml version="1.0"?><urlset>${["/help/shipping", "/help/secret", "/help/secret/other"].map((p) => `<url><loc>${base}${p}</loc></url>`).join("")}</urlset>`, { headers: { "content-type": "application/xml" } });
      return pages[path] ? html(pages[path], "text/html") : new Response("not found", { status: 404 });
    });
    base = `http://127.0.0.1:${site.port}`;
  });
  afterAll(() => site.stop(true));

  const crawl = async (db: string, agent: string, path: string) => {
    hits.length = 0;
    return zenithAsync(db, ["material", "add", "--agent", agent, "--url", `${base}${path}`, "--json"]);
  };
  const sources = (db: string, agent: string) => zenithJson(db, ["material", "list", "--agent", agent]).material.map((m: any) => m.source.slice(base.length)).sort();

  test("disallowed pages are not fetched; allowed ones are added (our group, longest match, $)", async () => {
    robots = () => new Response(ourGroup);
    const db = tempDb();
    const { agent } = seedWithCli(db);
    const r = await crawl(db, agent, "/help/");
    expect(r.stderr).toBe("");
    expect(sources(db, agent)).toEqual(["/help/", "/help/secret/public", "/help/shipping"]);
    expect(hits.filter((h) => h === "/robots.txt")).toHaveLength(1);
    expect(hits).not.toContain("/help/secret");
    expect(hits).not.toContain("/help/secret/other");
  });

  test("without a group for zenith-ingest the * group applies", async () => {
    robots = () => new Response("User-agent: otherbot\nDisallow: /\n\nUser-agent: *\nDisallow: /help/secret/\n");
    const db = tempDb();
    const { agent } = seedWithCli(db);
    await crawl(db, agent, "/help/");
    expect(sources(db, agent)).toEqual(["/help/", "/help/secret", "/help/shipping"]);
  });

  test("a sitemap's disallowed pages are skipped", async () => {
    robots = () => new Response(ourGroup);
    const db = tempDb();
    const { agent } = seedWithCli(db);
    await crawl(db, agent, "/sitemap.xml");
    expect(sources(db, agent)).toEqual(["/help/shipping"]);
    expect(hits).not.toContain("/help/secret");
  });

  test("a disallowed start address, or a robots.txt answering 5xx, is refused in one line; nothing is added", async () => {
    const db = tempDb();
    const { agent } = seedWithCli(db);
    const cases: [() => Response, string, RegExp][] = [
      [() => new Response(ourGroup), "/help/secret", /^Error: cannot crawl http:\/\/127\.0\.0\.1:\d+\/help\/secret: http:\/\/127\.0\.0\.1:\d+\/robots\.txt disallows it for zenith-ingest$/],
      [() => new Response("User-agent: *\nDisallow: /\n"), "/help/", /robots\.txt disallows it/],
      [() => new Response("", { status: 503 }), "/help/", /robots\.txt answered HTTP 503/],
    ];
    for (const [answer, path, message] of cases) {
      robots = answer;
      const r = await crawl(db, agent, path);
      expect(r.stderr.trim()).toMatch(message);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
      expect(r.code).not.toBe(0);
      expect(hits).toEqual(["/robots.txt"]);
    }
    expect(zenithJson(db, ["material", "list", "--agent", agent]).material).toHaveLength(0);
  });

  test("a missing (404) or forbidden (403) robots.txt lets everything be crawled", async () => {
    for (const status of [404, 403]) {
      robots = () => new Response("User-agent: *\nDisallow: /\n", { status });
      const db = tempDb();
      const { agent } = seedWithCli(db);
      await crawl(db, agent, "/help/");
      expect(sources(db, agent)).toEqual(["/help/", "/help/secret", "/help/secret/other", "/help/secret/public", "/help/shipping"]);
    }
  });
});

describe("material add --url vets every redirect", () => {
  let site: ReturnType<typeof Bun.serve>;
  let other: ReturnType<typeof Bun.serve>;
  let base: string;
  const hits: string[] = [];
  const otherHits: string[] = [];
  beforeAll(() => {
    other = localSite(otherHits, () => html(page("Secret", "<p>The private price list of another company.</p>"), "text/html"));
    site = localSite(hits, (path) => {
      const moved = (to: string) => new Response(null, { status: 302, headers: { location: to } });
      switch (path) {
        case "/help":
          return moved("/help/");
        case "/help/":
          return html(page("Help centre", "<p>Welcome to the help centre of Lumen Lamps. Pick a topic below to learn more about our lamps.</p>", ["/help/away", "/help/loop", "/help/care", "/blog/"]));
        case "/help/away":
          return moved(`http://127.0.0.1:${other.port}/private/secret.html`);
        case "/help/loop":
          return moved("/help/loop");
        case "/help/care":
          return html(Uint8Array.from(page("Care", "<p>Clean the lamp's glass with a soft cloth; never use crème polish.</p>"), (c) => c.charCodeAt(0)), "text/html; charset=iso-8859-1");
        case "/blog/":
          return html(page("Blog", "<p>News from the workshop.</p>"));
        default:
          return new Response("not found", { status: 404 });
      }
    });
    base = `http://127.0.0.1:${site.port}`;
  });
  afterAll(() => {
    site.stop(true);
    other.stop(true);
  });

  test("/help redirecting to /help/ crawls /help/ only; another site and loops are not followed; Latin-1 is read as Latin-1", async () => {
    const db = tempDb();
    const { agent, key } = seedWithCli(db);
    const r = await zenithAsync(db, ["material", "add", "--agent", agent, "--url", `${base}/help`, "--json"]);
    expect(r.stderr).toBe("");
    const material = zenithJson(db, ["material", "list", "--agent", agent]).material;
    expect(material.map((m: any) => m.source).sort()).toEqual([`${base}/help/`, `${base}/help/care`]);
    expect(material.map((m: any) => m.title).sort()).toEqual(["Care", "Help centre"]);
    expect(otherHits).toEqual([]);
    expect(hits).not.toContain("/blog/");
    expect(hits.filter((h) => h === "/help/loop")).toHaveLength(1);
    const server = await startServer({ db });
    try {
      expect((await ask(server.url, key, "How do I clean the lamp's glass?")).content).toContain("crème polish");
    } finally {
      await server.stop();
    }
  });
});
