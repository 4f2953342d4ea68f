/**
 * The constructor's rules outside a browser: which keys and options it refuses, with
 * clear messages that never echo the value. (The browser rule runs in Chromium: browser.test.ts.)
 */
import { describe, expect, test } from "bun:test";
import { PUBLISHABLE, SECRET, Zenith, ZenithConfigError, ZenithError, rejection, thrown } from "./support";

const BASE = "http://127.0.0.1:9";

describe("keys", () => {
  test("a secret key and a publishable key are accepted on a server, and classified", () => {
    expect(new Zenith({ apiKey: SECRET, baseURL: BASE }).keyKind).toBe("secret");
    expect(new Zenith({ apiKey: PUBLISHABLE, baseURL: BASE }).keyKind).toBe("publishable");
  });

  test("a missing key is refused", () => {
    for (const apiKey of [undefined, null, ""]) {
      const err = thrown(() => new Zenith({ apiKey: apiKey as any, baseURL: BASE }));
      expect(err).toBeInstanceOf(ZenithConfigError);
      expect(err).toBeInstanceOf(ZenithError);
      expect(err.code).toBe("missing_api_key");
    }
  });

  const malformed = [
    `svc_sk_${"A".repeat(32)}`, // uppercase hex
    `svc_sk_${"0".repeat(31)}`, // too short
    `svc_pk_${"0".repeat(33)}`, // too long
    `svc_xk_${"0".repeat(32)}`, // unknown class
    `sk-proj-${"0".repeat(40)}`, // another vendor's key
    `Bearer ${SECRET}`,
    `${SECRET}\n`,
  ];
  test("a value of neither format is refused, without echoing it", () => {
    for (const apiKey of malformed) {
      const err = thrown(() => new Zenith({ apiKey, baseURL: BASE }));
      expect(err).toBeInstanceOf(ZenithConfigError);
      expect(err.code).toBe("invalid_api_key_format");
      expect(err.message).toContain("svc_sk_");
      expect(err.message).not.toContain(apiKey.trim());
    }
    expect(thrown(() => new Zenith({ apiKey: 42 as any, baseURL: BASE })).code).toBe("invalid_api_key_format");
  });

  test("a key with whitespace gets a hint", () => {
    expect(thrown(() => new Zenith({ apiKey: `Bearer ${SECRET}`, baseURL: BASE })).message).toContain("whitespace");
  });

  test("serialising the client never shows the key", () => {
    const client = new Zenith({ apiKey: SECRET, baseURL: BASE });
    expect(JSON.stringify(client)).not.toContain(SECRET);
    expect(Bun.inspect(client)).not.toContain(SECRET);
  });
});

describe("options", () => {
  test("baseURL must be an absolute http(s) URL without query, fragment or credentials", () => {
    for (const baseURL of [undefined, "", "localhost:8787", "ftp://x.example", `${BASE}?key=${SECRET}`, `${BASE}/#x`, "http://u:p@x.example", `${BASE}/${SECRET}`]) {
      const err = thrown(() => new Zenith({ apiKey: SECRET, baseURL: baseURL as any }));
      expect(err).toBeInstanceOf(ZenithConfigError);
      expect(err.code).toBe("invalid_option");
    }
  });

  test("numeric options must be non-negative and finite", () => {
    for (const bad of [{ timeout: -1 }, { timeout: 0 }, { timeout: 2 ** 31 }, { maxRetries: Number.NaN }, { maxRetryDelay: Infinity }, { timeout: "5" }])
      expect(thrown(() => new Zenith({ apiKey: SECRET, baseURL: BASE, ...(bad as any) })).code).toBe("invalid_option");
  });

  test("per-call options are checked the same way", async () => {
    const client = new Zenith({ apiKey: SECRET, baseURL: BASE });
    for (const bad of [{ timeout: -5 }, { maxRetries: -1 }]) {
      const err = await rejection(client.models.list(bad));
      expect(err).toBeInstanceOf(ZenithConfigError);
      expect(err.code).toBe("invalid_option");
    }
  });
});
