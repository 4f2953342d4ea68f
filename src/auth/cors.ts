/**
 * CORS for browser routes: answered only for origins allowed on the key's installation,
 * always with `Vary: Origin`. Chat and every refusal carry no CORS headers at all.
 */
import type { Database } from "bun:sqlite";
import type { Principal } from "./principal";
import { canonicalOrigin, originAllowed } from "./origins";

export function corsFor(principal: Principal): Record<string, string> {
  if (principal.kind !== "publishable" || !principal.origin) return {};
  return {
    "access-control-allow-origin": principal.origin,
    // Lets browser callers (widget, SDK) read the request id and the wait on a 429.
    "access-control-expose-headers": "x-request-id, retry-after, x-ratelimit-limit-requests, x-ratelimit-remaining-requests, x-ratelimit-reset-requests",
    vary: "Origin",
  };
}

/** A preflight carries no key, so it is answered for origins allowed on any active installation. */
export function preflight(sqlite: Database, origin: string | null): Response {
  const rows = sqlite.query<{ origins: string }, []>("SELECT origins FROM installations WHERE state = 'active'").all();
  const allowed = rows.some((r) => originAllowed(origin, JSON.parse(r.origins)));
  const canonical = canonicalOrigin(origin);
  if (!allowed || !canonical) return new Response(null, { status: 204, headers: { vary: "Origin" } });
  return new Response(null, {
    status: 204,
    headers: {
      "access-control-allow-origin": canonical,
      "access-control-allow-methods": "GET, POST, OPTIONS",
      "access-control-allow-headers": "authorization, content-type, x-widget-session",
      "access-control-max-age": "600",
      vary: "Origin",
    },
  });
}
