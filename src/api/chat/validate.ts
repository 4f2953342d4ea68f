/**
 * Chat request validation in the decided order: unknown_parameter → unsupported_parameter →
 * streaming_not_supported → model_not_found → other invalid_request_error.
 * Every field is accepted or refused; nothing is silently ignored.
 */
import { ApiError } from "../../errors";
import type { ChatMessage } from "../../types";
import { KEY_IN_TEXT } from "../../auth/key-format";

export const MODEL_ID = "service-zenith";

const ACCEPTED = new Set(["messages", "model", "stream", "session_id", "stream_options"]);
/** Fields of the compatible format that Zenith recognises and refuses. */
export const UNSUPPORTED = new Set([
  "temperature", "top_p", "max_tokens", "max_completion_tokens", "stop", "frequency_penalty",
  "presence_penalty", "tools", "functions", "tool_choice", "function_call", "parallel_tool_calls",
  "response_format", "n", "logprobs", "top_logprobs", "logit_bias", "seed", "user", "metadata",
  "store", "reasoning_effort", "service_tier", "modalities", "audio", "prediction",
  "web_search_options", "verbosity", "prompt_cache_key", "safety_identifier", "prompt_cache_retention",
]);
const MESSAGE_FIELDS = new Set(["role", "content"]);
const UNSUPPORTED_ROLES = new Set(["system", "developer", "tool", "function"]);

export interface ChatRequest {
  messages: ChatMessage[];
  sessionId: string | null;
}

const invalid = (message: string, param: string | null) => new ApiError("invalid_request_error", message, param);

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Validates a grouping hint: 1–64 characters, no control characters, nothing identifying. */
/**
 * A header's value as the text the client sent: HTTP hands header bytes over one character
 * per byte, so "é" sent as UTF-8 arrives as "Ã©" — and would be a different session than the
 * same value in the body, and count double against the length limit.
 */
function headerText(raw: string, param: string): string {
  if (!/[\u0080-\u00ff]/.test(raw)) return raw;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(raw, (c) => c.charCodeAt(0)));
  } catch {
    throw invalid(`${param} must be UTF-8 text.`, param);
  }
}

export function checkSessionId(value: unknown, param: string): string {
  if (typeof value !== "string") throw invalid(`${param} must be a string.`, param);
  const length = [...value].length;
  if (length < 1 || length > 64) throw invalid(`${param} must be 1 to 64 characters long.`, param);
  if (/[\u0000-\u001f\u007f]/.test(value)) throw invalid(`${param} must not contain control characters.`, param);
  if (/[^\s@]+@[^\s@]+\.[^\s@]+/.test(value) || new RegExp(KEY_IN_TEXT.source).test(value))
    throw invalid(`${param} is a grouping hint only: it must not hold an e-mail address, user id or key.`, param);
  return value;
}

function messagesOf(body: Record<string, unknown>): unknown[] {
  return Array.isArray(body.messages) ? body.messages : [];
}

export function validateChat(body: unknown, headerSession: string | null): ChatRequest {
  if (!isObject(body)) throw invalid("The request body must be a JSON object.", null);
  const msgs = messagesOf(body);

  for (const key of Object.keys(body))
    if (!ACCEPTED.has(key) && !UNSUPPORTED.has(key))
      throw new ApiError("unknown_parameter", `Unrecognized request argument: ${key}.`, key);
  msgs.forEach((m, i) => {
    if (!isObject(m)) return;
    for (const key of Object.keys(m))
      if (!MESSAGE_FIELDS.has(key) && key !== "name")
        throw new ApiError("unknown_parameter", `Unrecognized message field: ${key}.`, `messages[${i}].${key}`);
  });

  for (const key of Object.keys(body))
    if (UNSUPPORTED.has(key))
      throw new ApiError("unsupported_parameter", `'${key}' is not supported by this service.`, key);
  msgs.forEach((m, i) => {
    if (!isObject(m)) return;
    if ("name" in m) throw new ApiError("unsupported_parameter", "'name' on a message is not supported by this service.", `messages[${i}].name`);
    if (typeof m.role === "string" && UNSUPPORTED_ROLES.has(m.role))
      throw new ApiError("unsupported_parameter", `The '${m.role}' role is not supported: behaviour is configured on the agent.`, `messages[${i}].role`);
  });

  if ("stream" in body && body.stream !== false)
    throw new ApiError("streaming_not_supported", "Streaming is not supported: omit 'stream' or set it to false.", "stream");
  if ("stream_options" in body)
    throw new ApiError("streaming_not_supported", "Streaming is not supported: 'stream_options' is not accepted.", "stream_options");

  if (body.model !== MODEL_ID)
    throw new ApiError("model_not_found", `The model must be '${MODEL_ID}'.`, "model");

  if (!Array.isArray(body.messages)) throw invalid("'messages' must be an array of messages.", "messages");
  const messages: ChatMessage[] = body.messages.map((m, i) => {
    if (!isObject(m)) throw invalid(`messages[${i}] must be an object with 'role' and 'content'.`, `messages[${i}]`);
    if (m.role !== "user" && m.role !== "assistant")
      throw invalid(`messages[${i}].role must be 'user' or 'assistant'.`, `messages[${i}].role`);
    if (typeof m.content !== "string") throw invalid(`messages[${i}].content must be a string.`, `messages[${i}].content`);
    if (m.content.trim() === "") throw invalid(`messages[${i}].content must not be empty.`, `messages[${i}].content`);
    return { role: m.role, content: m.content };
  });
  if (!messages.some((m) => m.role === "user")) throw invalid("At least one message with role 'user' is required.", "messages");

  const bodySession = "session_id" in body ? checkSessionId(body.session_id, "session_id") : null;
  const header = headerSession !== null ? checkSessionId(headerText(headerSession, "x-service-session"), "x-service-session") : null;
  return { messages, sessionId: header ?? bodySession };
}
