/** Origin entries and matching: exact scheme, host and port; wildcards for subdomains only. */
import { expect, test } from "bun:test";
import { normalizeOriginEntry, originAllowed } from "../../src/auth/origins";
import { generateKey, keyKind, redactKeys } from "../../src/auth/key-format";

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
])("entry %s → %s", (raw, normalized) => expect(normalizeOriginEntry(raw)).toBe(normalized));

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
])("origin %s allowed: %s", (origin, allowed) => expect(originAllowed(origin || null, ALLOWED)).toBe(allowed));

test("keys: 32 lowercase hex from a cryptographic source, class from the prefix", () => {
  const keys = new Set(Array.from({ length: 1000 }, () => generateKey("secret")));
  expect(keys.size).toBe(1000);
  for (const k of keys) expect(k).toMatch(/^svc_sk_[0-9a-f]{32}$/);
  expect(keyKind(generateKey("publishable"))).toBe("publishable");
  expect(keyKind("svc_sk_" + "A".repeat(32))).toBeNull();
  expect(keyKind("svc_sk_" + "a".repeat(31))).toBeNull();
  expect(redactKeys("use svc_sk_0123456789abcdef0123456789abcdef now")).toBe("use [redacted key] now");
});
