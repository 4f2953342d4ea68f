/**
 * The service's chat validation, repeated locally so a mistake fails before any request
 * with the code and `param` the service would answer. Same order as the service:
 * unknown_parameter → unsupported_parameter → streaming_not_supported → model_not_found →
 * invalid_request_error; then the body-size limit (413).
 */
import { localError, type APIError } from "./errors.js";
import { KEY_IN_TEXT } from "./keys.js";
import { MODEL_ID } from "./types.js";

/** The service refuses bodies over this many bytes (413 request_too_large). */
export const MAX_BODY_BYTES = 102_400;

const ACCEPTED = new Set(["messages", "model", "stream", "session_id", "stream_options"]);
/**
 * Fields of the compatible format that the service recognises and refuses. A copy of the
 * server's list on purpose (the SDK imports no server code); test/sdk/parity.test.ts keeps
 * the two equal.
 */
const UNSUPPORTED = new Set([
  "temperature", "top_p", "max_tokens", "max_completion_tokens", "stop", "frequency_penalty",
  "presence_penalty", "tools", "functions", "tool_choice", "function_call", "parallel_tool_calls",
  "response_format", "n", "logprobs", "top_logprobs", "logit_bias", "seed", "user", "metadata",
  "store", "reasoning_effort", "service_tier", "modalities", "audio", "prediction",
  "web_search_options", "verbosity", "prompt_cache_key", "safety_identifier", "prompt_cache_retention",
]);
const MESSAGE_FIELDS = new Set(["role", "content"]);
const UNSUPPORTED_ROLES = new Set(["system", "developer", "tool", "function"]);

const invalid = (message: string, param: string | null) => localError(400, "invalid_request_error", message, param);

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** A session id is a grouping hint: 1–64 characters, no control characters, nothing identifying. */
export function sessionIdError(value: unknown, param = "session_id"): APIError | null {
  if (typeof value !== "string") return invalid(`${param} must be a string.`, param);
  if (value.length < 1 || value.length > 64) return invalid(`${param} must be 1 to 64 characters long.`, param);
  if (/[\u0000-\u001f\u007f]/.test(value)) return invalid(`${param} must not contain control characters.`, param);
  if (/[^\s@]+@[^\s@]+\.[^\s@]+/.test(value) || KEY_IN_TEXT.test(value))
    return invalid(`${param} is a grouping hint only: it must not hold an e-mail address, user id or key.`, param);
  return null;
}

function unknownField(body: Record<string, unknown>, messages: unknown[]): APIError | null {
  for (const key of Object.keys(body))
    if (!ACCEPTED.has(key) && !UNSUPPORTED.has(key)) return localError(400, "unknown_parameter", `Unrecognized request argument: ${key}.`, key);
  for (const [i, m] of messages.entries()) {
    if (!isObject(m)) continue;
    for (const key of Object.keys(m))
      if (!MESSAGE_FIELDS.has(key) && key !== "name")
        return localError(400, "unknown_parameter", `Unrecognized message field: ${key}.`, `messages[${i}].${key}`);
  }
  return null;
}

function unsupportedField(body: Record<string, unknown>, messages: unknown[]): APIError | null {
  for (const key of Object.keys(body))
    if (UNSUPPORTED.has(key)) return localError(400, "unsupported_parameter", `'${key}' is not supported by this service.`, key);
  for (const [i, m] of messages.entries()) {
    if (!isObject(m)) continue;
    if ("name" in m) return localError(400, "unsupported_parameter", "'name' on a message is not supported by this service.", `messages[${i}].name`);
    if (typeof m.role === "string" && UNSUPPORTED_ROLES.has(m.role))
      return localError(400, "unsupported_parameter", `The '${m.role}' role is not supported: behaviour is configured on the agent.`, `messages[${i}].role`);
  }
  return null;
}

function streamingField(body: Record<string, unknown>): APIError | null {
  if ("stream" in body && body.stream !== false)
    return localError(400, "streaming_not_supported", "Streaming is not supported: omit 'stream' or set it to false.", "stream");
  if ("stream_options" in body)
    return localError(400, "streaming_not_supported", "Streaming is not supported: 'stream_options' is not accepted.", "stream_options");
  return null;
}

function messagesError(messages: unknown): APIError | null {
  if (!Array.isArray(messages)) return invalid("'messages' must be an array of messages.", "messages");
  for (const [i, m] of messages.entries()) {
    if (!isObject(m)) return invalid(`messages[${i}] must be an object with 'role' and 'content'.`, `messages[${i}]`);
    if (m.role !== "user" && m.role !== "assistant") return invalid(`messages[${i}].role must be 'user' or 'assistant'.`, `messages[${i}].role`);
    if (typeof m.content !== "string") return invalid(`messages[${i}].content must be a string.`, `messages[${i}].content`);
    if (m.content.trim() === "") return invalid(`messages[${i}].content must not be empty.`, `messages[${i}].content`);
  }
  if (!messages.some((m) => m.role === "user")) return invalid("At least one message with role 'user' is required.", "messages");
  return null;
}

/** The first error the service would answer for this chat body, or null if it passes. */
export function chatRequestError(body: unknown): APIError | null {
  if (!isObject(body)) return invalid("The request body must be a JSON object.", null);
  const messages = Array.isArray(body.messages) ? body.messages : [];
  return (
    unknownField(body, messages) ??
    unsupportedField(body, messages) ??
    streamingField(body) ??
    (body.model !== MODEL_ID ? localError(400, "model_not_found", `The model must be '${MODEL_ID}'.`, "model") : null) ??
    messagesError(body.messages) ??
    ("session_id" in body ? sessionIdError(body.session_id) : null)
  );
}

/** The encoded chat body, or the 413 the service would answer for its size. */
export function encodeBody(body: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(body) ?? "null";
  } catch {
    throw invalid("The request body could not be encoded as JSON.", null);
  }
  const bytes = new TextEncoder().encode(text).length;
  if (bytes > MAX_BODY_BYTES)
    throw localError(413, "request_too_large", `The request body is ${bytes} bytes; the service accepts at most ${MAX_BODY_BYTES}.`);
  return text;
}
