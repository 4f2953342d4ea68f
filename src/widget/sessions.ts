/**
 * Widget sessions: an opaque token handed to the browser, kept only as its SHA-256, bound
 * to the installation, the publishable key and the origin that opened it. A session lives
 * while it is used (idle expiry) and never longer than a hard maximum.
 */
import { asc, eq, lt } from "drizzle-orm";
import type { Store } from "../store/db";
import type { Principal } from "../auth/principal";
import type { ChatMessage } from "../types";
import { hashKey } from "../auth/key-format";
import { newId } from "../ids";
import { widgetMessages, widgetSessions } from "./schema";

/** A session expires after this long without a message… */
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
/** …and at the latest this long after it was opened. */
export const SESSION_MAX_MS = 24 * 60 * 60 * 1000;
/** History passed to the answer engine: the most recent messages only. */
const CONTEXT_MESSAGES = 20;

export type WidgetSession = typeof widgetSessions.$inferSelect;

function newToken(): string {
  return `wst_${Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString("base64url")}`;
}

function nextExpiry(createdAt: number, now: number): number {
  return Math.min(createdAt + SESSION_MAX_MS, now + SESSION_IDLE_MS);
}

/** Opens a session for a publishable principal; the token is returned here only. */
export function openSession(store: Store, principal: Principal, now: number): { token: string; session: WidgetSession } {
  if (principal.kind !== "publishable" || !principal.installationId || !principal.origin) throw new Error("widget sessions need a publishable principal");
  const token = newToken();
  const session: WidgetSession = {
    id: newId("ws"),
    tokenHash: hashKey(token),
    installationId: principal.installationId,
    keyId: principal.keyId,
    origin: principal.origin,
    createdAt: now,
    expiresAt: nextExpiry(now, now),
  };
  store.write(() => {
    // Expired sessions are swept here, so the table never outgrows the live ones by much.
    store.db.delete(widgetSessions).where(lt(widgetSessions.expiresAt, now)).run();
    store.db.insert(widgetSessions).values(session).run();
  });
  return { token, session };
}

/**
 * The live session a token names for this principal, or null when the token is unknown,
 * expired, or was opened by another key, installation or origin.
 */
export function findSession(store: Store, token: string, principal: Principal, now: number): WidgetSession | null {
  const row = store.db.select().from(widgetSessions).where(eq(widgetSessions.tokenHash, hashKey(token))).get();
  if (!row || row.expiresAt <= now) return null;
  const bound = row.keyId === principal.keyId && row.installationId === principal.installationId && row.origin === principal.origin;
  return bound ? row : null;
}

/** The session's conversation, oldest first. */
export function historyOf(store: Store, sessionId: string) {
  return store.db
    .select({ role: widgetMessages.role, content: widgetMessages.content, createdAt: widgetMessages.createdAt })
    .from(widgetMessages)
    .where(eq(widgetMessages.sessionId, sessionId))
    .orderBy(asc(widgetMessages.id))
    .all();
}

/** The recent history plus the new question, as the answer engine takes it. */
export function conversationFor(store: Store, sessionId: string, question: string): ChatMessage[] {
  const past = historyOf(store, sessionId).slice(-CONTEXT_MESSAGES);
  return [...past.map((m) => ({ role: m.role, content: m.content })), { role: "user", content: question }];
}

/** Keeps an answered exchange and extends the session; returns the new expiry. */
export function appendExchange(store: Store, session: WidgetSession, question: string, answer: string, now: number): number {
  const expiresAt = nextExpiry(session.createdAt, now);
  store.write(() => {
    store.db
      .insert(widgetMessages)
      .values([
        { sessionId: session.id, role: "user", content: question, createdAt: now },
        { sessionId: session.id, role: "assistant", content: answer, createdAt: now },
      ])
      .run();
    store.db.update(widgetSessions).set({ expiresAt }).where(eq(widgetSessions.id, session.id)).run();
  });
  return expiresAt;
}
