/**
 * The official Zenith client: dependency-free, for Node, Bun, Deno and browsers.
 * See docs/sdk.md.
 */
export { Zenith, Zenith as default, type ClientOptions } from "./client.js";
export {
  ZenithError,
  ZenithConfigError,
  APIError,
  BadRequestError,
  AuthenticationError,
  PermissionDeniedError,
  NotFoundError,
  RequestTooLargeError,
  RateLimitError,
  InternalServerError,
  APIConnectionError,
  APIConnectionTimeoutError,
  APIUserAbortError,
  type ConfigErrorCode,
  type ErrorBody,
} from "./errors.js";
export type { KeyKind } from "./keys.js";
export type { Fetch, Sleep } from "./transport.js";
export { MAX_BODY_BYTES } from "./validate.js";
export {
  MODEL_ID,
  type AgentConfig,
  type ChatCompletion,
  type ChatCompletionCreateParams,
  type ChatMessage,
  type Model,
  type ModelList,
  type RequestOptions,
  type WidgetSession,
  type WithRequestId,
} from "./types.js";
