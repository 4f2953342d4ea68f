/** Authentication: 401, the uniform 403 for every cause, keys never in URLs, origins and CORS. */
import { beforeAll, describe, expect, test } from "bun:test";
import { TARGETS, type Target } from "../support/target";

const CHAT = { model: "service-zenith", messages: [{ role: "user", content: "When do you open?" }] };

/** Status, body and headers minus the per-request id: what a caller can compare. */
async function observable(res: Response) {
  const headers = Object.fromEntries([...res.headers].filter(([k]) => !["x-request-id", "date", "content-length"].includes(k)));
  return { status: res.status, headers, body: await res.text() };
}

for (const [label, make] of TARGETS) {
  describe(`authentication (${label})`, () => {
    let t: Target;
    let pk: string;
    beforeAll(async () => {
      t = await make();
      pk = (await t.installation(["https://shop.example.com", "https://*.example.org"])).publishable_key;
    });

    test("a missing Authorization header is 401 invalid_api_key with WWW-Authenticate", async () => {
      for (const path of ["/v1/models", "/v1/agent/config"]) {
        const res = await t.send(path);
        expect(res.status).toBe(401);
        expect(res.headers.get("www-authenticate")).toStartWith("Bearer");
        expect((await res.json()).error).toMatchObject({ code: "invalid_api_key", type: "authentication_error", param: null });
      }
      const chat = await t.send("/v1/chat/completions", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(CHAT) });
      expect(chat.status).toBe(401);
    });

    test("every refusal cause answers the same 403: status, body and headers", async () => {
      const revoked = await t.installation(["https://gone.example.com"]);
      const causes: [string, string, RequestInit][] = [
        ["malformed key", "/v1/models", { headers: { authorization: "Bearer not-a-key" } }],
        ["wrong scheme", "/v1/models", { headers: { authorization: `Basic ${t.key}` } }],
        ["uppercase hex", "/v1/models", { headers: { authorization: `Bearer ${t.key.toUpperCase()}` } }],
        ["unknown key", "/v1/models", { headers: { authorization: "Bearer svc_sk_0123456789abcdef0123456789abcdef" } }],
        ["publishable key on chat", "/v1/chat/completions", { method: "POST", headers: { authorization: `Bearer ${pk}`, origin: "https://shop.example.com", "content-type": "application/json" }, body: JSON.stringify(CHAT) }],
        ["publishable key, no origin", "/v1/agent/config", { headers: { authorization: `Bearer ${pk}` } }],
        ["publishable key, Origin null", "/v1/agent/config", { headers: { authorization: `Bearer ${pk}`, origin: "null" } }],
        ["suffix attack", "/v1/agent/config", { headers: { authorization: `Bearer ${pk}`, origin: "https://shop.example.com.evil.net" } }],
        ["other scheme", "/v1/agent/config", { headers: { authorization: `Bearer ${pk}`, origin: "http://shop.example.com" } }],
        ["other port", "/v1/agent/config", { headers: { authorization: `Bearer ${pk}`, origin: "https://shop.example.com:8443" } }],
        ["apex of a wildcard", "/v1/agent/config", { headers: { authorization: `Bearer ${pk}`, origin: "https://example.org" } }],
        ["secret key on widget sessions", "/v1/widget/sessions", { method: "POST", headers: { authorization: `Bearer ${t.key}`, origin: "https://shop.example.com", "content-type": "application/json" }, body: "{}" }],
        ["publishable key with a path in Origin", "/v1/agent/config", { headers: { authorization: `Bearer ${pk}`, origin: "https://shop.example.com/x" } }],
        ["revoked publishable key", "/v1/agent/config", { headers: { authorization: `Bearer ${revoked.publishable_key}`, origin: "https://gone.example.com" } }],
      ];
      // Revoking goes through the store the target uses.
      await t.revokeInstallation(revoked.id);
      const seen = [];
      for (const [, path, init] of causes) seen.push(await observable(await t.send(path, init)));
      const first = seen[0];
      expect(first.status).toBe(403);
      expect(JSON.parse(first.body).error).toEqual({ message: expect.any(String), type: "authentication_error", param: null, code: "access_denied" });
      seen.forEach((s, i) => expect({ cause: causes[i][0], ...s }).toEqual({ cause: causes[i][0], ...first }));
      expect(Object.keys(first.headers).filter((h) => h.startsWith("access-control"))).toEqual([]);
    });

    test("allowed origins get CORS with Vary: Origin; subdomains match a wildcard", async () => {
      for (const origin of ["https://shop.example.com", "https://a.example.org", "https://b.c.example.org"]) {
        const res = await t.send("/v1/agent/config", { headers: { authorization: `Bearer ${pk}`, origin } });
        expect(res.status).toBe(200);
        expect(res.headers.get("access-control-allow-origin")).toBe(origin);
        expect(res.headers.get("vary")).toContain("Origin");
      }
      const models = await t.send("/v1/models", { headers: { authorization: `Bearer ${pk}`, origin: "https://shop.example.com" } });
      expect(models.status).toBe(200);
    });

    test("an Origin that spells out the default port is the allowed origin", async () => {
      for (const [origin, canonical] of [["https://shop.example.com:443", "https://shop.example.com"], ["https://a.example.org:443", "https://a.example.org"]]) {
        const res = await t.send("/v1/agent/config", { headers: { authorization: `Bearer ${pk}`, origin } });
        expect(res.status).toBe(200);
        expect(res.headers.get("access-control-allow-origin")).toBe(canonical);
      }
      const session = await t.send("/v1/widget/sessions", { method: "POST", headers: { authorization: `Bearer ${pk}`, origin: "https://shop.example.com:443" } });
      expect(session.status).toBe(201);
    });

    test("a wildcard over a public suffix, or a star that is not the leftmost label, is refused at creation", async () => {
      await expect(t.installation(["https://*.com"])).rejects.toThrow(/public suffix "com"/);
      await expect(t.installation(["https://*.co.uk"])).rejects.toThrow(/public suffix "co.uk"/);
      for (const entry of ["https://*", "https://*.*.example.com", "https://a*.example.com"])
        await expect(t.installation([entry])).rejects.toThrow(/whole leftmost label/);
      const ok = await t.installation(["https://*.shop.example.co.uk"]);
      const res = await t.send("/v1/widget/sessions", { method: "POST", headers: { authorization: `Bearer ${ok.publishable_key}`, origin: "https://evil.co.uk" } });
      expect(res.status).toBe(403);
    });

    test("preflight: granted for allowed origins only; never for chat", async () => {
      const ok = await t.send("/v1/agent/config", { method: "OPTIONS", headers: { origin: "https://shop.example.com", "access-control-request-method": "GET" } });
      expect(ok.headers.get("access-control-allow-origin")).toBe("https://shop.example.com");
      expect(ok.headers.get("access-control-allow-headers")).toContain("authorization");
      const evil = await t.send("/v1/agent/config", { method: "OPTIONS", headers: { origin: "https://evil.example.net" } });
      expect(evil.headers.get("access-control-allow-origin")).toBeNull();
      const chat = await t.send("/v1/chat/completions", { method: "OPTIONS", headers: { origin: "https://shop.example.com" } });
      expect(chat.headers.get("access-control-allow-origin")).toBeNull();
    });

    test("a secret key needs no origin and is never given CORS headers", async () => {
      const res = await t.send("/v1/agent/config", { headers: { authorization: `Bearer ${t.key}`, origin: "https://anything.example" } });
      expect(res.status).toBe(200);
      expect(res.headers.get("access-control-allow-origin")).toBeNull();
      expect(await res.json()).toEqual({ object: "agent.config", display_name: "Acme Help", cosmetics: expect.any(Object) });
    });

    test("a key in the query string is refused, even with a valid header", async () => {
      for (const q of [`api_key=${t.key}`, `key=${t.key}`, `x=${pk}`, "token=abc"]) {
        const res = await t.send(`/v1/models?${q}`, { headers: { authorization: `Bearer ${t.key}` } });
        expect(res.status).toBe(400);
        expect((await res.json()).error.code).toBe("invalid_request_error");
      }
      const harmless = await t.send("/v1/models?page=2", { headers: { authorization: `Bearer ${t.key}` } });
      expect(harmless.status).toBe(200);
    });

    test("models: exactly one entry", async () => {
      const res = await t.send("/v1/models", { headers: { authorization: `Bearer ${t.key}` } });
      expect(await res.json()).toEqual({ object: "list", data: [{ id: "service-zenith", object: "model", created: expect.any(Number), owned_by: "service" }] });
    });

    test("widget.js needs no key", async () => {
      const res = await t.send("/v1/widget.js");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("javascript");
      const etag = res.headers.get("etag")!;
      expect((await t.send("/v1/widget.js", { headers: { "if-none-match": etag } })).status).toBe(304);
    });
  });
}

