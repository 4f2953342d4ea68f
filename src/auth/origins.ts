/**
 * Origin rules: an allowed entry is `scheme://host[:port]`, or `scheme://*.domain[:port]`
 * for any subdomain of a domain someone registered (never the apex, never a public suffix
 * such as `com`, `co.uk` or `github.io`). Matching is exact on scheme, host and port, with
 * the default ports (:443 for https, :80 for http) folded on both sides.
 */
import { LRUCache } from "lru-cache";

/** An entry as it is stored, or why it was refused (a sentence for the operator). */
export type OriginCheck = { origin: string; error?: never } | { origin?: never; error: string };

const EXAMPLE = "e.g. https://shop.example.com or https://*.example.com";
/** Stands in for `*` while the URL parser checks the rest of a wildcard entry. */
const PROBE = "wildcard-probe";
/** A DNS label after IDNA (punycode): letters, digits, hyphens, underscores. */
const LABEL = /^[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?$/;

/** `https://host:443` → `https://host`, `http://host:80` → `http://host`: what browsers send. */
export function foldDefaultPort(origin: string): string {
  return origin.replace(/^(https:\/\/.+):443$/, "$1").replace(/^(http:\/\/.+):80$/, "$1");
}

/** Checks and normalises an allowed-origin entry, saying what is wrong with a bad one. */
export function checkOriginEntry(raw: string): OriginCheck {
  const text = raw.trim();
  const parts = /^([a-z][a-z0-9+.-]*):\/\/([^]*)$/i.exec(text);
  if (!parts) return { error: `expected scheme://host[:port], ${EXAMPLE}` };
  const scheme = parts[1].toLowerCase();
  if (scheme !== "http" && scheme !== "https") return { error: `only http:// and https:// origins can embed the widget, ${EXAMPLE}` };
  const authority = parts[2];
  if (/[/?#@\\]/.test(authority)) return { error: `an origin has no path, query, fragment or user name, ${EXAMPLE}` };
  const wildcard = authority.startsWith("*.");
  // A star anywhere else would be stored literally and match only a forged Origin.
  if (authority.slice(wildcard ? 2 : 0).includes("*"))
    return { error: "a wildcard must be the whole leftmost label of a domain, as in https://*.example.com" };
  const url = parseUrl(wildcard ? `${scheme}://${PROBE}.${authority.slice(2)}` : text);
  if (!url || !validHost(url.hostname)) return { error: `not a valid host, ${EXAMPLE}` };
  if (!wildcard) return { origin: url.origin };
  const domain = url.hostname.slice(PROBE.length + 1);
  const refusal = wildcardRefusal(domain);
  if (refusal) return { error: refusal };
  return { origin: url.origin.replace(`://${PROBE}.`, "://*.") };
}

/** Normalises an allowed-origin entry, or returns null if it is not an acceptable one. */
export function normalizeOriginEntry(raw: string): string | null {
  return checkOriginEntry(raw).origin ?? null;
}

function parseUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/** A DNS name of non-empty labels, or an IP address (IPv6 in brackets). */
function validHost(hostname: string): boolean {
  if (hostname.startsWith("[")) return true; // the URL parser has already vetted an IPv6 address
  return hostname.split(".").every((label) => LABEL.test(label));
}

/**
 * Second-level labels under which anyone can register a name in a country's domain
 * (co.uk, com.au, org.br, ac.jp, …): `*.co.uk` would let every such site use the key.
 */
const OPEN_SECOND_LEVEL = new Set("ac co com edu gob gov gouv go govt info int ltd me mil ne net nhs nic nom or org plc sch web".split(" "));

/** Hosting services that give every customer a subdomain: a wildcard there allows strangers' sites. */
const SHARED_HOSTS = new Set(
  `github.io gitlab.io herokuapp.com netlify.app vercel.app pages.dev workers.dev web.app firebaseapp.com azurewebsites.net
  cloudfront.net appspot.com blogspot.com wordpress.com wixsite.com myshopify.com fly.dev onrender.com glitch.me ngrok.io
  ngrok-free.app amazonaws.com s3.amazonaws.com`.split(/\s+/),
);

/**
 * Why `*.domain` may not be allowed, or null when it may: it must sit under a registered
 * domain, not be a suffix anyone can register under. A small table rather than the whole
 * Public Suffix List, whose library added 4.4 MiB to the idle server for this one check.
 */
function wildcardRefusal(domain: string): string | null {
  if (/^[0-9.]+$/.test(domain) || domain.startsWith("[")) return "a wildcard needs a domain name, not an IP address";
  const labels = domain.split(".");
  const countrySecondLevel = labels.length === 2 && OPEN_SECOND_LEVEL.has(labels[0]) && labels[1].length === 2;
  if (labels.length > 1 && !countrySecondLevel && !SHARED_HOSTS.has(domain)) return null;
  return `*.${domain} would allow every site under the public suffix "${domain}": a wildcard must sit under a registered domain, as in https://*.example.com or https://*.shop.example.co.uk`;
}

/**
 * The request's Origin header as a canonical origin (lowercase, default port folded), or
 * null when it is missing, `null`, or not a bare http(s) origin.
 */
export function canonicalOrigin(header: string | null): string | null {
  if (!header || header === "null") return null;
  const url = parseUrl(header);
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) return null;
  // The header must already be a bare origin; anything else is not a browser's Origin.
  return foldDefaultPort(header.toLowerCase()) === url.origin ? url.origin : null;
}

/** Whether each stored entry passes today's rules, remembered (entries are few, checks are not free). */
const usableEntries = new LRUCache<string, boolean>({ max: 10_000 });

/**
 * An entry an older version accepted but the rules now refuse (`https://*.com`) matches
 * nothing: it would let every site under a public suffix use the key.
 */
function usable(entry: string): boolean {
  let ok = usableEntries.get(entry);
  if (ok === undefined) {
    ok = checkOriginEntry(entry).origin === foldDefaultPort(entry);
    usableEntries.set(entry, ok);
  }
  return ok;
}

/** True when the canonical `origin` is the entry, or a subdomain of a wildcard entry's domain. */
function entryMatches(entry: string, origin: string): boolean {
  if (!usable(entry)) return false;
  const folded = foldDefaultPort(entry);
  if (folded === origin) return true;
  const m = /^(https?:\/\/)\*(\.[^:/]+(?::\d+)?)$/.exec(folded);
  return m !== null && origin.startsWith(m[1]) && origin.endsWith(m[2]) && origin.length > m[1].length + m[2].length;
}

/** True when a request's Origin header is allowed by one of the entries. */
export function originAllowed(origin: string | null, allowed: readonly string[]): boolean {
  const canonical = canonicalOrigin(origin);
  return canonical !== null && allowed.some((entry) => entryMatches(entry, canonical));
}
