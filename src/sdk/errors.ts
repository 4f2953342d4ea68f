/**
 * One error hierarchy for everything the SDK throws. `APIError` mirrors the service's
 * envelope (`{"error":{message,type,param,code}}`) plus the HTTP status and request id;
 * errors raised locally, before any request, use the same classes and codes with a null
 * request id, so one `catch` handles both.
 *
 * ```
 * ZenithError
 * ├─ ZenithConfigError        bad client options (missing/malformed key, secret key in a browser)
 * ├─ APIError                 status, type, code, param, message, requestId
 * │  ├─ BadRequestError       400 (also local validation, requestId null)
 * │  ├─ AuthenticationError   401
 * │  ├─ PermissionDeniedError 403 (also a publishable key on chat, refused locally)
 * │  ├─ NotFoundError         404
 * │  ├─ RequestTooLargeError  413 (also checked locally)
 * │  ├─ RateLimitError        429 (retryAfter in seconds)
 * │  └─ InternalServerError   5xx
 * ├─ APIConnectionError       the request never got an HTTP answer
 * │  └─ APIConnectionTimeoutError
 * └─ APIUserAbortError        the caller's AbortSignal fired
 * ```
 */

/** Base class of every error the SDK throws. */
export class ZenithError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

export type ConfigErrorCode = "missing_api_key" | "invalid_api_key_format" | "secret_key_in_browser" | "invalid_option";

/** The client was constructed with options it refuses; thrown by the constructor. */
export class ZenithConfigError extends ZenithError {
  constructor(
    readonly code: ConfigErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** The envelope's four fields, as the service sends them. */
export interface ErrorBody {
  message: string;
  type: string;
  param: string | null;
  code: string;
}

/** An error answer from the service (or the same refusal decided locally). */
export class APIError extends ZenithError {
  readonly type: string;
  readonly code: string;
  readonly param: string | null;
  constructor(
    readonly status: number,
    body: ErrorBody,
    /** The response's `x-request-id`; null when the error was decided before any request. */
    readonly requestId: string | null = null,
    readonly headers: Headers = new Headers(),
  ) {
    super(body.message);
    this.type = body.type;
    this.code = body.code;
    this.param = body.param;
  }

  /** The envelope this error mirrors. */
  toJSON(): { error: ErrorBody } {
    return { error: { message: this.message, type: this.type, param: this.param, code: this.code } };
  }
}

export class BadRequestError extends APIError {}
export class AuthenticationError extends APIError {}
export class PermissionDeniedError extends APIError {}
export class NotFoundError extends APIError {}
export class RequestTooLargeError extends APIError {}
export class InternalServerError extends APIError {}

export class RateLimitError extends APIError {
  /** Seconds the service asked to wait (its `Retry-After`), or null when it sent none. */
  readonly retryAfter: number | null;
  constructor(status: number, body: ErrorBody, requestId: string | null = null, headers: Headers = new Headers()) {
    super(status, body, requestId, headers);
    this.retryAfter = retryAfterSeconds(headers.get("retry-after"));
  }
}

/** No HTTP answer arrived (DNS, refused connection, reset, CORS refusal in a browser). */
export class APIConnectionError extends ZenithError {
  constructor(message = "Could not reach the Zenith service.", options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** An attempt took longer than the client's `timeout`. */
export class APIConnectionTimeoutError extends APIConnectionError {
  constructor(readonly timeout: number) {
    super(`The request timed out after ${timeout} ms.`);
  }
}

/** The caller's AbortSignal fired before the call finished. */
export class APIUserAbortError extends ZenithError {
  constructor(options?: { cause?: unknown }) {
    super("The request was aborted.", options);
  }
}

/** `Retry-After` as seconds: an integer, or an HTTP date (RFC 9110 §10.2.3). */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === "") return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

type APIErrorClass = new (status: number, body: ErrorBody, requestId?: string | null, headers?: Headers) => APIError;

function classFor(status: number): APIErrorClass {
  if (status === 400) return BadRequestError;
  if (status === 401) return AuthenticationError;
  if (status === 403) return PermissionDeniedError;
  if (status === 404) return NotFoundError;
  if (status === 413) return RequestTooLargeError;
  if (status === 429) return RateLimitError;
  if (status >= 500) return InternalServerError;
  return APIError;
}

function isErrorBody(value: unknown): value is ErrorBody {
  const e = value as Partial<ErrorBody> | null;
  return typeof e === "object" && e !== null && typeof e.message === "string" && typeof e.code === "string" && typeof e.type === "string";
}

/** The right subclass for an error status, from the parsed body (envelope or not). */
export function makeAPIError(status: number, parsed: unknown, requestId: string | null, headers: Headers): APIError {
  const envelope = (parsed as { error?: unknown } | null)?.error;
  const body: ErrorBody = isErrorBody(envelope)
    ? { message: envelope.message, type: envelope.type, code: envelope.code, param: envelope.param ?? null }
    : {
        // Something between us and the service (a proxy, a gateway) answered.
        message: `The service answered HTTP ${status} without an error envelope.`,
        type: status >= 500 ? "server_error" : "invalid_request_error",
        code: status >= 500 ? "server_error" : "unexpected_response",
        param: null,
      };
  return new (classFor(status))(status, body, requestId, headers);
}

/** A refusal decided before any request, with the code and param the service would use. */
export function localError(status: 400 | 403 | 413, code: string, message: string, param: string | null = null): APIError {
  const type = status === 403 ? "authentication_error" : "invalid_request_error";
  return new (classFor(status))(status, { message, type, param, code });
}
