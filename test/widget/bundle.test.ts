/** The widget bundle: within its size budget, and served by the binary with caching headers. */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { startServer, type Server } from "../support/binary";
import { WIDGET_BUNDLE, widgetGzipBytes } from "../bench/widget-size";

const BUDGET_GZIP_BYTES = 15 * 1024;
let server: Server;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

test("the bundle stays under 15 KB gzipped", () => {
  const size = widgetGzipBytes();
  expect(size).toBeGreaterThan(1000); // the real widget, not a placeholder
  expect(size).toBeLessThan(BUDGET_GZIP_BYTES);
});

test("GET /v1/widget.js serves the built bundle, cacheable, with an ETag that revalidates", async () => {
  const res = await fetch(`${server.url}/v1/widget.js`, { headers: { "accept-encoding": "identity" } });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/javascript; charset=utf-8");
  expect(res.headers.get("cache-control")).toContain("max-age");
  const etag = res.headers.get("etag");
  expect(etag).toMatch(/^"[0-9a-f]{16}"$/);
  expect(await res.text()).toBe(readFileSync(WIDGET_BUNDLE, "utf8"));
  const again = await fetch(`${server.url}/v1/widget.js`, { headers: { "accept-encoding": "identity", "if-none-match": etag! } });
  expect(again.status).toBe(304);
  expect(await again.text()).toBe("");
});

test("GET /v1/widget.js is compressed for clients that accept it, with its own ETag", async () => {
  const raw = readFileSync(WIDGET_BUNDLE, "utf8");
  // decompress: false (Bun's fetch) shows the bytes on the wire.
  const res = await fetch(`${server.url}/v1/widget.js`, { headers: { "accept-encoding": "gzip" }, decompress: false } as RequestInit);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-encoding")).toBe("gzip");
  expect(res.headers.get("vary")).toBe("Accept-Encoding");
  const body = new Uint8Array(await res.arrayBuffer());
  expect(body.length).toBe(widgetGzipBytes());
  expect(new TextDecoder().decode(Bun.gunzipSync(body))).toBe(raw);
  const etag = res.headers.get("etag")!;
  expect(etag).toMatch(/^"[0-9a-f]{16}-gzip"$/);
  const again = await fetch(`${server.url}/v1/widget.js`, { headers: { "accept-encoding": "gzip", "if-none-match": etag }, decompress: false } as RequestInit);
  expect(again.status).toBe(304);
  const br = await fetch(`${server.url}/v1/widget.js`, { headers: { "accept-encoding": "gzip, deflate, br" }, decompress: false } as RequestInit);
  expect(br.headers.get("content-encoding")).toBe("br");
  expect((await br.arrayBuffer()).byteLength).toBeLessThan(body.length);
});

test("widget session and message paths answer 405 to other methods and preflight only allowed origins", async () => {
  const put = await fetch(`${server.url}/v1/widget/messages`, { method: "PUT" });
  expect(put.status).toBe(405);
  expect(put.headers.get("allow")).toBe("GET, POST");
  const preflight = await fetch(`${server.url}/v1/widget/messages`, {
    method: "OPTIONS",
    headers: { origin: "https://nobody.example", "access-control-request-method": "POST", "access-control-request-headers": "authorization, x-widget-session" },
  });
  expect(preflight.status).toBe(204);
  expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
});
