/**
 * Key values: `svc_sk_` (secret) or `svc_pk_` (publishable) + 32 lowercase hex characters
 * drawn from a cryptographic source. Only the SHA-256 of a key is ever looked up.
 */
import { createHash } from "node:crypto";

export type KeyKind = "secret" | "publishable";

const PREFIX: Record<KeyKind, string> = { secret: "svc_sk_", publishable: "svc_pk_" };
export const KEY_PATTERN = /^svc_(sk|pk)_[0-9a-f]{32}$/;
/** Finds key-shaped strings inside free text (chat messages), for redaction. */
export const KEY_IN_TEXT = /svc_(?:sk|pk)_[0-9a-fA-F]{8,}/g;

export function generateKey(kind: KeyKind): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return PREFIX[kind] + Buffer.from(bytes).toString("hex");
}

/** The key's class from its prefix, or null if the value is not a well-formed key. */
export function keyKind(value: string): KeyKind | null {
  const m = KEY_PATTERN.exec(value);
  if (!m) return null;
  return m[1] === "sk" ? "secret" : "publishable";
}

export function hashKey(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

/** A short display hint that identifies a key to its owner without revealing it. */
export function keyHint(value: string): string {
  return `${value.slice(0, 7)}…${value.slice(-4)}`;
}

/**
 * Finds widget session tokens (`wst_` + 32 base64url characters, see src/widget/sessions.ts)
 * in free text. A token is a live credential for its session until it expires.
 */
export const WIDGET_TOKEN_IN_TEXT = /wst_[A-Za-z0-9_-]{16,}/g;

/** Replaces any key- or token-shaped value in text, so a pasted secret never reaches a log or a history. */
export function redactKeys(text: string): string {
  return text.replace(KEY_IN_TEXT, "[redacted key]").replace(WIDGET_TOKEN_IN_TEXT, "[redacted token]");
}
