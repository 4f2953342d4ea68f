/**
 * The URL crawl in-process, against local sites: redirects vetted hop by hop (other sites,
 * robots.txt, loops), the scope taken from where the start address lands, declared charsets,
 * and PDF/DOCX files linked from pages.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { docsFromUrl } from "../../src/engine/ingest/crawl";
import { makeDocx, makePdf } from "../support/documents";
import { tempDir } from "../support/tmp";

type Route = () => Response;

/** A local site answering from `routes` (by path and query, else by path); it records every request. */
function site(tls?: { cert: string; key: string }) {
  const s = { routes: {} as Record<string, Route>, hits: [] as string[], base: "" };
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    tls,
    fetch(req) {
      const url = new URL(req.url);
      s.hits.push(url.pathname + url.search);
      const route = s.routes[url.pathname + url.search] ?? s.routes[url.pathname];
      return route ? route() : new Response("not found", { status: 404 });
    },
  });
  s.base = `${tls ? "https" : "http"}://127.0.0.1:${server.port}`;
  servers.push(server);
  return s;
}
const servers: ReturnType<typeof Bun.serve>[] = [];
afterAll(() => servers.forEach((s) => s.stop(true)));

const page = (title: string, links: string[] = [], text = `The ${title} page of Lumen Lamps, with enough words to be a passage of its own.`) =>
  `<!doctype html><html><head><title>${title}</title></head><body><nav>${links.map((l) => `<a href="${l}">${l}</a>`).join(" ")}</nav><main><h1>${title}</h1><p>${text}</p></main></body></html>`;
/** A route answering `body` as `type` (bytes are copied into an ArrayBuffer of their own, as Response's types ask). */
const html = (body: string | Uint8Array, type = "text/html; charset=utf-8") => () => new Response(typeof body === "string" ? body : body.slice(), { headers: { "content-type": type } });
const redirect = (to: string, status = 302) => () => new Response(null, { status, headers: { location: to } });
const robots = (rules: string) => () => new Response(rules, { headers: { "content-type": "text/plain" } });
const sources = async (url: string, maxPages?: number) => (await docsFromUrl(url, maxPages)).map((d) => d.source).sort();

describe("pages found on the way stay on the start site", () => {
  test("a link redirecting to another site is not followed there, whatever that site's robots.txt says", async () => {
    const a = site();
    const b = site();
    b.routes = { "/robots.txt": robots("User-agent: *\nDisallow: /private\n"), "/private/secret.html": html(page("Secret")), "/public.html": html(page("Public")) };
    a.routes = { "/help/": html(page("Help", ["/help/away", "/help/moved", "/help/shipping"])), "/help/away": redirect(`${b.base}/private/secret.html`), "/help/moved": redirect(`${b.base}/public.html`, 301), "/help/shipping": html(page("Shipping")) };
    expect(await sources(`${a.base}/help/`)).toEqual([`${a.base}/help/`, `${a.base}/help/shipping`]);
    expect(b.hits).toEqual([]);
  });

  test("a sitemap entry whose user part names the start site is on its real host, and is left out", async () => {
    const a = site();
    const b = site();
    b.routes = { "/private/secret.html": html(page("Secret")) };
    const trick = `http://127.0.0.1:${new URL(a.base).port}@127.0.0.1:${new URL(b.base).port}/private/secret.html`;
    a.routes = { "/sitemap.xml": html(`<?xml version="1.0"?><urlset><url><loc>${trick}</loc></url><url><loc>${a.base}/help/shipping</loc></url></urlset>`, "application/xml"), "/help/shipping": html(page("Shipping")) };
    expect(await sources(`${a.base}/sitemap.xml`)).toEqual([`${a.base}/help/shipping`]);
    expect(b.hits).toEqual([]);
  });

  test("a redirect to a page robots.txt disallows is not followed", async () => {
    const a = site();
    a.routes = { "/robots.txt": robots("User-agent: *\nDisallow: /help/secret\n"), "/help/": html(page("Help", ["/help/old"])), "/help/old": redirect("/help/secret"), "/help/secret": html(page("Secret")) };
    await expect(docsFromUrl(`${a.base}/help/`)).resolves.toHaveLength(1);
    expect(a.hits).not.toContain("/help/secret");
  });

  test("redirects that loop or run long are cut short, and no address is fetched twice", async () => {
    const a = site();
    const chain = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`/help/chain/${i}`, redirect(`/help/chain/${i + 1}`)]));
    a.routes = {
      ...chain,
      "/help/": html(page("Help", ["/help/self", "/help/ping", "/help/chain/0", "/help/back", "/help/ok", "/help/page"])),
      "/help/self": redirect("/help/self"),
      "/help/ping": redirect("/help/pong"),
      "/help/pong": redirect("/help/ping"),
      "/help/back": redirect("/help/"),
      "/help/ok": redirect("/help/page"),
      "/help/page": html(page("Page", ["/help/self", "/help/ping", "/help/ok"])),
    };
    expect(await sources(`${a.base}/help/`)).toEqual([`${a.base}/help/`, `${a.base}/help/page`]);
    const count = (path: string) => a.hits.filter((h) => h === path).length;
    for (const path of ["/help/", "/help/self", "/help/ping", "/help/pong", "/help/back", "/help/ok", "/help/page"]) expect([path, count(path)]).toEqual([path, 1]);
    expect(a.hits.filter((h) => h.startsWith("/help/chain/"))).toHaveLength(6);
  });
});

describe("the crawl's scope comes from where the start address lands", () => {
  test("/help redirecting to /help/ crawls /help/, not the site", async () => {
    const a = site();
    a.routes = { "/help": redirect("/help/", 301), "/help/": html(page("Help", ["/help/a", "/blog/", "/"])), "/help/a": html(page("A")), "/blog/": html(page("Blog")), "/": html(page("Home")) };
    expect(await sources(`${a.base}/help`)).toEqual([`${a.base}/help/`, `${a.base}/help/a`]);
    expect(a.hits).not.toContain("/blog/");
  });

  test("/guide served as a page stands for its folder; /docs/page.html for /docs/", async () => {
    const a = site();
    a.routes = {
      "/guide": html(page("Guide", ["/guide/a", "/guide", "/guidelines", "/blog/"])),
      "/guide/a": html(page("Guide A")),
      "/guidelines": html(page("Guidelines")),
      "/blog/": html(page("Blog")),
      "/docs/page.html": html(page("Docs", ["/docs/other.html", "/blog/"])),
      "/docs/other.html": html(page("Other")),
    };
    expect(await sources(`${a.base}/guide`)).toEqual([`${a.base}/guide`, `${a.base}/guide/a`]);
    expect(await sources(`${a.base}/docs/page.html`)).toEqual([`${a.base}/docs/other.html`, `${a.base}/docs/page.html`]);
    expect(a.hits).not.toContain("/blog/");
  });
});

describe("the start address", () => {
  test("a redirect to another site, in a loop, too long, or to a disallowed page is refused in one line", async () => {
    const a = site();
    const b = site();
    b.routes = { "/help/": html(page("Elsewhere")) };
    a.routes = {
      "/robots.txt": robots("User-agent: *\nDisallow: /secret\n"),
      "/away": redirect(`${b.base}/help/`),
      "/ping": redirect("/pong"),
      "/pong": redirect("/ping"),
      ...Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`/c${i}`, redirect(`/c${i + 1}`)])),
      "/hidden": redirect("/secret"),
      "/secret": html(page("Secret")),
    };
    const cases: [string, string][] = [
      ["/away", `it redirects to ${b.base}/help/, which is another site (add that address instead)`],
      ["/ping", `it redirects in a loop (back to ${a.base}/ping)`],
      ["/c0", "it redirects more than 5 times"],
      ["/hidden", `it redirects to ${a.base}/secret, and ${a.base}/robots.txt disallows it for zenith-ingest`],
    ];
    for (const [path, reason] of cases) await expect(docsFromUrl(`${a.base}${path}`)).rejects.toThrow(`cannot crawl ${a.base}${path}: ${reason}`);
    expect(b.hits).toEqual([]);
    expect(a.hits).not.toContain("/secret");
    expect(a.hits.filter((h) => /^\/c\d$/.test(h))).toHaveLength(6);
  });

  const openssl = Bun.which("openssl");
  test.skipIf(!openssl)("http moving to https of the same host moves the crawl there, under that origin's robots.txt", async () => {
    const dir = tempDir();
    const [cert, key] = [join(dir, "cert.pem"), join(dir, "key.pem")];
    const made = Bun.spawnSync([openssl!, "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1", "-keyout", key, "-out", cert]);
    expect(made.exitCode).toBe(0);
    const secure = site({ cert: await Bun.file(cert).text(), key: await Bun.file(key).text() });
    const plain = site();
    plain.routes = { "/robots.txt": robots("User-agent: *\nDisallow: /help/a\n"), "/help": redirect(`${secure.base}/help/`, 301) };
    secure.routes = { "/robots.txt": robots("User-agent: *\nDisallow: /help/secret\n"), "/help/": html(page("Help", ["/help/a", "/help/secret", `${plain.base}/help/b`])), "/help/a": html(page("A")), "/help/secret": html(page("Secret")) };
    process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0"; // the certificate is made up for this test
    try {
      expect(await sources(`${plain.base}/help`)).toEqual([`${secure.base}/help/`, `${secure.base}/help/a`]);
    } finally {
      delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    }
    expect(secure.hits).toContain("/robots.txt");
    expect(secure.hits).not.toContain("/help/secret");
    expect(plain.hits).toEqual(["/robots.txt", "/help"]);
  });
});

test("a page's declared charset decodes it (a Latin-1 page is not read as UTF-8)", async () => {
  const a = site();
  const latin1 = Uint8Array.from(page("Café", [], "Our crème brûlée lamp costs 40 € at the café.").replace("€", "EUR"), (c) => c.charCodeAt(0));
  a.routes = { "/menu/": html(latin1, "text/html; charset=ISO-8859-1") };
  const [doc] = await docsFromUrl(`${a.base}/menu/`);
  expect(doc.title).toBe("Café");
  expect(doc.passages.map((p) => p.body).join(" ")).toContain("Our crème brûlée lamp costs 40 EUR at the café.");
});

describe("documents linked from pages", () => {
  const docxType = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
  test("PDF and DOCX files are kept, within the page cap; other files are not", async () => {
    const a = site();
    const pdf = makePdf(["Warranty", "Every lamp has a two-year warranty from the date of purchase."]);
    const docx = await makeDocx([{ heading: "Care" }, "Wipe the glass with a dry cloth once a month."]);
    a.routes = {
      "/help/": html(page("Help", ["/help/warranty.pdf", "/help/care", "/help/archive", "/help/data.json"])),
      "/help/warranty.pdf": html(pdf, "application/pdf"),
      "/help/care": html(docx, docxType),
      "/help/archive": html(new Uint8Array([0x50, 0x4b, 3, 4]), "application/zip"),
      "/help/data.json": html('{"question":"q","answer":"a"}', "application/json"),
    };
    const docs = await docsFromUrl(`${a.base}/help/`);
    expect(docs.map((d) => [d.kind, d.source])).toEqual([
      ["url", `${a.base}/help/`],
      ["pdf", `${a.base}/help/warranty.pdf`],
      ["docx", `${a.base}/help/care`],
    ]);
    expect(docs[1].passages.map((p) => p.body).join(" ")).toContain("two-year warranty");
    expect(await sources(`${a.base}/help/`, 2)).toEqual([`${a.base}/help/`, `${a.base}/help/warranty.pdf`]);
  });
});
