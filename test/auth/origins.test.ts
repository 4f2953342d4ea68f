/** Origin entries and matching: exact scheme, host and port; wildcards for subdomains only. */
import { expect, test } from "bun:test";
import { checkOriginEntry, normalizeOriginEntry, originAllowed } from "../../src/auth/origins";
import { generateKey, keyKind, redactKeys } from "../../src/auth/key-format";
import { parseOrigins } from "../../src/admin/keys";

test.each([
  ["https://Shop.Example.com", "https://shop.example.com"],
  ["https://shop.example.com:443", "https://shop.example.com"],
  ["http://localhost:8787", "http://localhost:8787"],
  ["https://*.example.com", "https://*.example.com"],
  ["https://*.example.com:8443", "https://*.example.com:8443"],
  ["example.com", null],
  ["https://example.com/", null],
  ["https://example.com/x", null],
  ["https://user@example.com", null],
  ["ftp://example.com", null],
  ["javascript:alert(1)", null],
  ["https://example.com?x=1", null],
  ["https://*.shop.example.co.uk", "https://*.shop.example.co.uk"],
  ["https://*.example.co.uk", "https://*.example.co.uk"],
  ["https://*.Example.com:443", "https://*.example.com"],
  ["http://*.example.com:80", "http://*.example.com"],
  ["https://*.bücher.de", "https://*.xn--bcher-kva.de"],
  ["http://[::1]:8080", "http://[::1]:8080"],
])("entry %s → %s", (raw, normalized) => expect(normalizeOriginEntry(raw)).toBe(normalized));

// A wildcard is the whole leftmost label, over a registered domain: never a public suffix
// (any .com or .co.uk site could use the key), never a literal star (matches only a forged Origin).
test.each([
  ["https://*.com", "public suffix"],
  ["https://*.co.uk", "public suffix"],
  ["https://*.com.au", "public suffix"],
  ["https://*.co.jp", "public suffix"],
  ["https://*.org.uk", "public suffix"],
  ["https://*.ac.uk", "public suffix"],
  ["https://*.gov.uk", "public suffix"],
  ["https://*.com.br", "public suffix"],
  ["https://*.github.io", "public suffix"],
  ["https://*.localhost", "public suffix"],
  ["https://*", "leftmost label"],
  ["https://*.*.example.com", "leftmost label"],
  ["https://a*.example.com", "leftmost label"],
  ["https://*a.example.com", "leftmost label"],
  ["https://shop.*.example.com", "leftmost label"],
  ["https://*.1.2.3", "not a valid host"],
  ["https://a!b.example.com", "not a valid host"],
  ["https://example.com.", "not a valid host"],
])("entry %s is refused: %s", (raw, reason) => {
  expect(normalizeOriginEntry(raw)).toBeNull();
  expect(checkOriginEntry(raw).error).toContain(reason);
});

test("the CLI and dashboard validation (parseOrigins) names the entry and the reason", () => {
  expect(() => parseOrigins(["https://shop.example.com", "https://*.com"])).toThrow(/invalid origin "https:\/\/\*\.com": \*\.com would allow every site under the public suffix "com"/);
  expect(() => parseOrigins(["https://*"])).toThrow(/whole leftmost label/);
  expect(parseOrigins(["https://*.example.com", "https://shop.example.com:443", "https://shop.example.com"])).toEqual(["https://*.example.com", "https://shop.example.com"]);
});

test("an entry stored before these rules that they refuse matches nothing", () => {
  expect(originAllowed("https://evil.com", ["https://*.com"])).toBe(false);
  expect(originAllowed("https://evil.co.uk", ["https://*.co.uk"])).toBe(false);
  expect(originAllowed("https://*", ["https://*"])).toBe(false);
  expect(originAllowed("https://a*.example.com", ["https://a*.example.com"])).toBe(false);
});

const ALLOWED = ["https://shop.example.com", "https://*.example.org", "http://localhost:8787"];
test.each([
  ["https://shop.example.com", true],
  ["https://a.example.org", true],
  ["https://deep.a.example.org", true],
  ["http://localhost:8787", true],
  ["https://example.org", false],
  ["https://shop.example.com.evil.net", false],
  ["https://evilexample.org", false],
  ["http://shop.example.com", false],
  ["https://shop.example.com:444", false],
  ["http://localhost:8788", false],
  ["null", false],
  ["", false],
  ["https://shop.example.com/path", false],
  // Default ports are folded on the request's side…
  ["https://shop.example.com:443", true],
  ["https://a.example.org:443", true],
  ["http://localhost:80", false],
  ["https://shop.example.com:80", false],
  ["http://shop.example.com:443", false],
])("origin %s allowed: %s", (origin, allowed) => expect(originAllowed(origin || null, ALLOWED)).toBe(allowed));

test("…and on the stored side", () => {
  expect(originAllowed("https://shop.example.com", ["https://shop.example.com:443"])).toBe(true);
  expect(originAllowed("http://a.example.com", ["http://*.example.com:80"])).toBe(true);
  expect(originAllowed("https://shop.example.com:443", ["https://shop.example.com:443"])).toBe(true);
  expect(originAllowed("https://shop.example.com:8443", ["https://shop.example.com:443"])).toBe(false);
});

test("keys: 32 lowercase hex from a cryptographic source, class from the prefix", () => {
  const keys = new Set(Array.from({ length: 1000 }, () => generateKey("secret")));
  expect(keys.size).toBe(1000);
  for (const k of keys) expect(k).toMatch(/^svc_sk_[0-9a-f]{32}$/);
  expect(keyKind(generateKey("publishable"))).toBe("publishable");
  expect(keyKind("svc_sk_" + "A".repeat(32))).toBeNull();
  expect(keyKind("svc_sk_" + "a".repeat(31))).toBeNull();
  expect(redactKeys("use svc_sk_0123456789abcdef0123456789abcdef now")).toBe("use [redacted key] now");
});

test("widget session tokens are redacted like keys; widget session ids (ws_) are not", () => {
  const token = `wst_${Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString("base64url")}`;
  expect(redactKeys(`my token is ${token}.`)).toBe("my token is [redacted token].");
  expect(redactKeys("session ws_0123456789abcdef")).toBe("session ws_0123456789abcdef");
});
