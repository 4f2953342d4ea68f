/**
 * Signed-in dashboard sessions. The cookie holds a random token; the store keeps only its
 * SHA-256 and the session's CSRF token, so sessions survive a restart and a password reset
 * (which deletes them) signs everyone out at once.
 */
import { createHash } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import type { Store } from "../store/db";
import { dashboardSessions } from "./schema";

export const COOKIE = "zenith_admin";
export const SESSION_TTL_MS = 12 * 3600_000;

export interface Session {
  /** The token's hash: the session's id inside the server. */
  id: string;
  csrf: string;
}

function randomHex(bytes: number): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(bytes))).toString("hex");
}

function hash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function createSession(store: Store, now = Date.now()): { token: string; session: Session } {
  const token = randomHex(32);
  const session = { id: hash(token), csrf: randomHex(32) };
  store.write(() => {
    store.db.delete(dashboardSessions).where(lt(dashboardSessions.expiresAt, now)).run();
    store.db.insert(dashboardSessions).values({ tokenHash: session.id, csrf: session.csrf, createdAt: now, expiresAt: now + SESSION_TTL_MS }).run();
  });
  return { token, session };
}

export function findSession(store: Store, token: string | undefined, now = Date.now()): Session | null {
  if (!token || !/^[0-9a-f]{64}$/.test(token)) return null;
  const row = store.db
    .select()
    .from(dashboardSessions)
    .where(and(eq(dashboardSessions.tokenHash, hash(token)), gt(dashboardSessions.expiresAt, now)))
    .get();
  return row ? { id: row.tokenHash, csrf: row.csrf } : null;
}

export function endSession(store: Store, session: Session): void {
  store.write(() => store.db.delete(dashboardSessions).where(eq(dashboardSessions.tokenHash, session.id)).run());
}

export function readCookie(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return v.join("=");
  }
  return undefined;
}

/** HttpOnly, SameSite=Strict, scoped to the dashboard; Secure when served over https. */
export function sessionCookie(name: string, value: string, request: Request, maxAgeSeconds: number): string {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `${name}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure}`;
}

/** Constant-time comparison of two tokens. */
export function sameToken(a: string, b: string): boolean {
  if (!a || a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export { randomHex };
