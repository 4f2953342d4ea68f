/**
 * The browser rules in a real browser: Debian's Chromium driven by playwright-core loads
 * the built bundle into a page (and a web worker) served from a local origin that is
 * allowed on a widget installation, and talks to the built binary across origins.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { seedWithCli, startServer, zenithJson, type Server } from "../support/binary";
import { tempDir } from "../support/tmp";
import { SDK_BUNDLE, requestsDuring } from "./support";

const CHROMIUM = "/usr/bin/chromium";
if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run \`make browser\` first`);

const ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

const WORKER = `
import { Zenith } from "/sdk/index.js";
onmessage = (e) => {
  try {
    new Zenith({ apiKey: e.data.secret, baseURL: e.data.api });
    postMessage({ constructed: true });
  } catch (err) {
    postMessage({ name: err.name, code: err.code });
  }
};`;

let server: Server;
let seed: ReturnType<typeof seedWithCli>;
let publishable: string;
let site: ReturnType<typeof Bun.serve>;
let context: BrowserContext;
let page: Page;
/** Every request the page made to the service, preflights included. */
const toService: string[] = [];

beforeAll(async () => {
  const bundle = readFileSync(SDK_BUNDLE, "utf8");
  site = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch(request) {
      const path = new URL(request.url).pathname;
      if (path === "/sdk/index.js") return new Response(bundle, { headers: { "content-type": "text/javascript" } });
      if (path === "/worker.js") return new Response(WORKER, { headers: { "content-type": "text/javascript" } });
      return new Response("<!doctype html><title>shop</title><p>shop</p>", { headers: { "content-type": "text/html" } });
    },
  });
  server = await startServer();
  seed = seedWithCli(server.db);
  publishable = zenithJson(server.db, ["install", "create", "--agent", seed.agent, "--origin", `http://127.0.0.1:${site.port}`]).publishable_key;
  context = await chromium.launchPersistentContext(tempDir("zenith-chromium-"), { executablePath: CHROMIUM, headless: true, args: ARGS });
  page = await context.newPage();
  page.on("request", (r) => {
    if (r.url().startsWith(server.url)) toService.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });
  await page.goto(`http://127.0.0.1:${site.port}/`);
}, 60_000);

afterAll(async () => {
  await context?.close();
  site?.stop(true);
  await server?.stop();
});

describe("in Chromium", () => {
  test("a secret key is refused at construction, in a page and in a web worker, with no request", async () => {
    toService.length = 0;
    let result: any;
    const seen = await requestsDuring(server, async () => {
      result = await page.evaluate(
        async ({ secret, api }) => {
          const sdk = await import("/sdk/index.js" as string);
          let inPage: unknown;
          try {
            new sdk.Zenith({ apiKey: secret, baseURL: api });
            inPage = { constructed: true };
          } catch (err: any) {
            inPage = { name: err.name, code: err.code, config: err instanceof sdk.ZenithConfigError, message: err.message };
          }
          const worker = new Worker("/worker.js", { type: "module" });
          const inWorker = await new Promise((resolve) => {
            worker.onmessage = (e) => resolve(e.data);
            worker.postMessage({ secret, api });
          });
          return { inPage, inWorker };
        },
        { secret: seed.key, api: server.url },
      );
    });
    expect(result.inPage).toMatchObject({ name: "ZenithConfigError", code: "secret_key_in_browser", config: true });
    expect(result.inPage.message).toContain("publishable key");
    expect(result.inWorker).toEqual({ name: "ZenithConfigError", code: "secret_key_in_browser" });
    expect(seen).toEqual([]);
    expect(toService).toEqual([]);
  });

  test("a publishable key on chat is refused before any request", async () => {
    toService.length = 0;
    let result: any;
    const seen = await requestsDuring(server, async () => {
      result = await page.evaluate(
        async ({ key, api }) => {
          const sdk = await import("/sdk/index.js" as string);
          const client = new sdk.Zenith({ apiKey: key, baseURL: api });
          try {
            await client.chat.completions.create({ model: "service-zenith", messages: [{ role: "user", content: "Hi" }] });
            return { sent: true };
          } catch (err: any) {
            return { denied: err instanceof sdk.PermissionDeniedError, status: err.status, code: err.code, requestId: err.requestId };
          }
        },
        { key: publishable, api: server.url },
      );
    });
    expect(result).toEqual({ denied: true, status: 403, code: "access_denied", requestId: null });
    expect(seen).toEqual([]);
    expect(toService).toEqual([]);
  });

  test("a publishable key reads models and agent config and starts a widget session across origins", async () => {
    const result = await page.evaluate(
      async ({ key, api }) => {
        const sdk = await import("/sdk/index.js" as string);
        const client = new sdk.Zenith({ apiKey: key, baseURL: api });
        const models = await client.models.list();
        const config = await client.agent.config();
        const session = await client.widget.sessions.create();
        return { model: models.data[0].id, name: config.display_name, session: typeof session.session, agent: session.agent.display_name };
      },
      { key: publishable, api: server.url },
    );
    expect(result).toEqual({ model: "service-zenith", name: "Acme Help", session: "string", agent: "Acme Help" });
  });
});
