/**
 * Origin rules: an allowed entry is `scheme://host[:port]`, or `scheme://*.domain[:port]`
 * for any subdomain (never the apex). Matching is exact on scheme, host and port.
 */

/** Normalises an allowed-origin entry, or returns null if it is not a valid origin. */
export function normalizeOriginEntry(raw: string): string | null {
  const text = raw.trim();
  const wildcard = /^(https?):\/\/\*\.(.+)$/i.exec(text);
  const probe = wildcard ? `${wildcard[1]}://wildcard.${wildcard[2]}` : text;
  let url: URL;
  try {
    url = new URL(probe);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (url.username || url.password || url.search || url.hash) return null;
  if (url.pathname !== "/" || /\/./.test(probe.replace(/^[a-z]+:\/\//i, ""))) return null;
  if (probe.replace(/^[a-z]+:\/\//i, "").endsWith("/")) return null;
  const origin = url.origin; // lowercases host, drops default ports
  return wildcard ? origin.replace("://wildcard.", "://*.") : origin;
}

/** True when a request's Origin header is allowed by one of the entries. */
export function originAllowed(origin: string | null, allowed: readonly string[]): boolean {
  if (!origin || origin === "null") return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  // The header must already be a bare origin; anything else is not a browser's Origin.
  if (url.origin !== origin.toLowerCase()) return false;
  const scheme = url.protocol;
  const port = url.port;
  for (const entry of allowed) {
    if (entry === url.origin) return true;
    const m = /^(https?:)\/\/\*\.([^:/]+)(?::(\d+))?$/.exec(entry);
    if (!m || m[1] !== scheme || (m[3] ?? "") !== port) continue;
    const suffix = `.${m[2]}`;
    if (url.hostname.endsWith(suffix) && url.hostname.length > suffix.length) return true;
  }
  return false;
}
