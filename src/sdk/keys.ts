/**
 * Key classes and where the code runs. A secret key (`svc_sk_`) belongs on a server; a
 * publishable key (`svc_pk_`) belongs in a browser and can never call chat.
 */
import { ZenithConfigError } from "./errors.js";

export type KeyKind = "secret" | "publishable";

const KEY_PATTERN = /^svc_(sk|pk)_[0-9a-f]{32}$/;
/** A key-shaped value inside other text (the service refuses these as session ids, too). */
export const KEY_IN_TEXT = /svc_(?:sk|pk)_[0-9a-fA-F]{8,}/;

/** The key's class, or a clear error for anything that is not a well-formed key. */
export function keyKindOf(apiKey: unknown): KeyKind {
  if (apiKey === undefined || apiKey === null || apiKey === "")
    throw new ZenithConfigError("missing_api_key", "An API key is required: pass { apiKey: 'svc_sk_…' } on a server or { apiKey: 'svc_pk_…' } in a browser.");
  if (typeof apiKey !== "string") throw new ZenithConfigError("invalid_api_key_format", "The API key must be a string.");
  const m = KEY_PATTERN.exec(apiKey);
  if (!m) {
    // Never echo the value: it may be a real credential of another kind.
    const hint = /\s/.test(apiKey) ? " It contains whitespace: check for a stray newline or 'Bearer ' prefix." : "";
    throw new ZenithConfigError(
      "invalid_api_key_format",
      `The API key is not a Zenith key: expected 'svc_sk_' (secret) or 'svc_pk_' (publishable) followed by 32 lowercase hexadecimal characters.${hint}`,
    );
  }
  return m[1] === "sk" ? "secret" : "publishable";
}

/**
 * True in a web page or a web worker: anything the page's visitor can read. Deno, Node and
 * Bun have no `document`, and none of them define `WorkerGlobalScope` on their main thread.
 */
export function isBrowser(): boolean {
  const g = globalThis as { window?: unknown; document?: unknown; WorkerGlobalScope?: unknown };
  if (typeof g.window === "object" && g.window !== null && typeof g.document === "object" && g.document !== null) return true;
  return typeof g.WorkerGlobalScope === "function" && globalThis instanceof (g.WorkerGlobalScope as new () => unknown);
}

/** Refuses a secret key where visitors could read it. */
export function assertKeyFitsEnvironment(kind: KeyKind, browser: boolean): void {
  if (kind === "secret" && browser)
    throw new ZenithConfigError(
      "secret_key_in_browser",
      "A secret key (svc_sk_) must never be used in a browser, where every visitor can read it. Call chat from your server, and use a publishable key (svc_pk_) in the browser.",
    );
}
