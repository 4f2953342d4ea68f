/** GET /v1/widget.js in process: compressed variants, each with its own ETag, and 304s. */
import { describe, expect, test } from "bun:test";
import { brotliDecompressSync } from "node:zlib";
import { fixture } from "../support/app";
import { widgetScript } from "../../src/embedded";
import { chooseCoding } from "../../src/widget/script";

const f = fixture();
const get = (headers: Record<string, string> = {}) => f.request("/v1/widget.js", { headers });
const bytes = async (res: Response) => new Uint8Array(await res.arrayBuffer());
const source = widgetScript().body;

describe("GET /v1/widget.js", () => {
  test("gzip when the client accepts it: smaller, labelled, and the same script once inflated", async () => {
    const res = await get({ "accept-encoding": "gzip, deflate" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("vary")).toBe("Accept-Encoding");
    expect(res.headers.get("content-type")).toBe("application/javascript; charset=utf-8");
    const body = await bytes(res);
    expect(body.length).toBeLessThan(source.length / 2);
    expect(new TextDecoder().decode(Bun.gunzipSync(body))).toBe(source);
  });

  test("brotli when the client prefers or accepts it", async () => {
    const res = await get({ "accept-encoding": "gzip, deflate, br, zstd" });
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(brotliDecompressSync(await bytes(res)).toString("utf8")).toBe(source);
  });

  test("uncompressed for a client that accepts neither", async () => {
    for (const accept of [undefined, "identity", "deflate", "gzip;q=0, br;q=0"]) {
      const res = await get(accept ? { "accept-encoding": accept } : {});
      expect(res.headers.get("content-encoding")).toBeNull();
      expect(res.headers.get("vary")).toBe("Accept-Encoding");
      expect(await res.text()).toBe(source);
    }
  });

  test("each variant has its own ETag, and 304 answers only the variant that was asked for", async () => {
    const etags = new Map<string, string>();
    for (const accept of ["identity", "gzip", "br"]) etags.set(accept, (await get({ "accept-encoding": accept })).headers.get("etag")!);
    expect(new Set(etags.values()).size).toBe(3);
    expect(etags.get("identity")).toBe(widgetScript().etag);
    for (const [accept, etag] of etags) {
      const again = await get({ "accept-encoding": accept, "if-none-match": etag });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe("");
      expect(again.headers.get("etag")).toBe(etag);
      expect(again.headers.get("vary")).toBe("Accept-Encoding");
      expect(again.headers.get("content-encoding")).toBeNull();
    }
    // A cached plain copy does not revalidate a gzip answer (the bytes differ).
    const other = await get({ "accept-encoding": "gzip", "if-none-match": etags.get("identity")! });
    expect(other.status).toBe(200);
    expect(other.headers.get("content-encoding")).toBe("gzip");
    // Lists and weak tags (a proxy may weaken them) still match.
    expect((await get({ "accept-encoding": "gzip", "if-none-match": `"x", W/${etags.get("gzip")}` })).status).toBe(304);
  });
});

test.each([
  [null, "identity"],
  ["", "identity"],
  ["gzip", "gzip"],
  ["br", "br"],
  ["gzip, br", "br"],
  ["br;q=0.5, gzip", "gzip"],
  ["br;q=0, gzip;q=0.1", "gzip"],
  ["*", "br"],
  ["*, br;q=0", "gzip"],
  ["GZIP", "gzip"],
  ["deflate, identity", "identity"],
] as const)("Accept-Encoding %p → %s", (header, coding) => expect(chooseCoding(header)).toBe(coding));
