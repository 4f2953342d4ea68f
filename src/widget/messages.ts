/**
 * A visitor's message: validated, answered with the session's history as context, counted
 * and logged by the same Completer as chat (per-minute limit is taken by the route), and
 * kept in the session's server-side history unless the answer was the unavailability notice.
 */
import { ApiError } from "../errors";
import type { Store } from "../store/db";
import type { Principal } from "../auth/principal";
import type { Completer } from "../api/chat/complete";
import { UNAVAILABLE } from "../api/chat/complete";
import { redactKeys } from "../auth/key-format";
import { appendExchange, conversationFor, type WidgetSession } from "./sessions";

/** Longest question a visitor can type into the widget. */
export const MAX_MESSAGE_CHARS = 4000;

/** The message body is `{"content": "…"}`; every other field is refused, as in chat. */
export function validateMessage(body: unknown): string {
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw new ApiError("invalid_request_error", 'The body must be a JSON object like {"content":"Your question"}.');
  for (const field of Object.keys(body))
    if (field !== "content") throw new ApiError("unknown_parameter", `Unrecognized request argument supplied: ${field}.`, field);
  const content = (body as { content?: unknown }).content;
  if (typeof content !== "string" || content.trim() === "")
    throw new ApiError("invalid_request_error", "'content' must be a non-empty string.", "content");
  if (content.length > MAX_MESSAGE_CHARS)
    throw new ApiError("invalid_request_error", `'content' must be at most ${MAX_MESSAGE_CHARS} characters.`, "content");
  return content.trim();
}

export interface Reply {
  content: string;
  /** True when the account cannot answer now (allowance spent, subscription needs attention). */
  unavailable: boolean;
  expiresAt: number;
}

export async function sendMessage(store: Store, completer: Completer, principal: Principal, session: WidgetSession, question: string, now: number): Promise<Reply> {
  const messages = conversationFor(store, session.id, question);
  // The widget session id groups its turns in the owner's chat log (it is not the token).
  const done = await completer.complete(principal, messages, session.id);
  const unavailable = done.content === UNAVAILABLE && done.usage.total_tokens === 0;
  if (unavailable) return { content: done.content, unavailable, expiresAt: session.expiresAt };
  // Redacted as the chat log is: the history is read back into a page and into the engine.
  const expiresAt = appendExchange(store, session, redactKeys(question), redactKeys(done.content), now);
  return { content: done.content, unavailable, expiresAt };
}
