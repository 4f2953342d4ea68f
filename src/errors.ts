/**
 * The spec's error envelope, modelled once: every failure anywhere in Zenith is an
 * ApiError, and every ApiError renders as `{"error":{message,type,param,code}}`.
 */

/** Closed list of error codes with their HTTP status and envelope type. */
export const ERROR_CODES = {
  invalid_request_error: { status: 400, type: "invalid_request_error" },
  streaming_not_supported: { status: 400, type: "invalid_request_error" },
  model_not_found: { status: 400, type: "invalid_request_error" },
  unsupported_parameter: { status: 400, type: "invalid_request_error" },
  unknown_parameter: { status: 400, type: "invalid_request_error" },
  invalid_api_key: { status: 401, type: "authentication_error" },
  access_denied: { status: 403, type: "authentication_error" },
  not_found: { status: 404, type: "invalid_request_error" },
  method_not_allowed: { status: 405, type: "invalid_request_error" },
  request_too_large: { status: 413, type: "invalid_request_error" },
  tenant_plan_rate_limit_exceeded: { status: 429, type: "rate_limit_error" },
  auth_probe_rate_limit_exceeded: { status: 429, type: "rate_limit_error" },
  visitor_rate_limit_exceeded: { status: 429, type: "rate_limit_error" },
  server_error: { status: 500, type: "server_error" },
  service_unavailable: { status: 503, type: "server_error" },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface ErrorEnvelope {
  error: { message: string; type: string; param: string | null; code: string };
}

/** The one error type. `headers` carries e.g. Retry-After or WWW-Authenticate. */
export class ApiError extends Error {
  readonly status: number;
  readonly type: string;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly param: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = ERROR_CODES[code].status;
    this.type = ERROR_CODES[code].type;
  }

  toJSON(): ErrorEnvelope {
    return { error: { message: this.message, type: this.type, param: this.param, code: this.code } };
  }

  /** Renders the envelope; `extra` headers (CORS, rate limits) are merged in. */
  toResponse(extra: Record<string, string> = {}): Response {
    return new Response(JSON.stringify(this.toJSON()), {
      status: this.status,
      headers: { "content-type": "application/json", ...extra, ...this.headers },
    });
  }
}

/** Anything thrown that is not an ApiError becomes a safe, generic 500. */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  return new ApiError("server_error", "The service failed to handle this request. It is safe to retry with backoff.");
}

/** A user-facing failure of an operator command (one line, non-zero exit). */
export class CliError extends Error {}
