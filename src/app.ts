/**
 * The public HTTP surface, in order: the request wrapper (request id, client network,
 * 413 and key-in-query refusals, the error envelope, one log line), then the route groups.
 * Never listens: tests call `handle`, the server passes it to Bun.serve.
 */
import { Elysia } from "elysia";
import { ApiError, toApiError } from "./errors";
import { createContext, type ApiContext, type AppDeps } from "./api/context";
import { apiRoutes } from "./api/routes";
import { widgetRoutes } from "./widget/routes";
import { MAX_BODY_BYTES, preRead, readLimited, tooLarge } from "./api/body";
import { preflight } from "./auth/cors";
import { networkOf } from "./limits/network";
import { KEY_IN_TEXT } from "./auth/key-format";
import { requestIdSource } from "./ids";

export type { AppDeps } from "./api/context";

/** Methods served on each public path, for 405 answers. */
const ROUTES: Record<string, string[]> = {
  "/healthz": ["GET"],
  "/v1/models": ["GET"],
  "/v1/agent/config": ["GET"],
  "/v1/chat/completions": ["POST"],
  "/v1/widget/sessions": ["POST"],
  "/v1/widget/messages": ["GET", "POST"],
  "/v1/widget.js": ["GET"],
};

const QUERY_KEY_NAMES = /^(api[-_]?key|key|token|access[-_]?token|auth|authorization|bearer)$/i;

function keyInQuery(url: URL): boolean {
  if (!url.search) return false;
  for (const [name, value] of url.searchParams)
    if (QUERY_KEY_NAMES.test(name) || new RegExp(KEY_IN_TEXT.source).test(value)) return true;
  return false;
}

function clientAddress(request: Request, peer: string | undefined, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = request.headers.get("x-forwarded-for");
    // The rightmost entry is the one our own proxy appended; earlier ones are client-supplied.
    const last = forwarded?.split(",").map((s) => s.trim()).filter(Boolean).pop();
    if (last) return last;
  }
  return peer ?? "unknown";
}

export interface App {
  elysia: Elysia<any, any, any, any, any, any, any>;
  context: ApiContext;
  /** Handles one request; `peer` is the socket's remote address. */
  handle(request: Request, peer?: string): Promise<Response>;
}

export function createApp(deps: AppDeps): App {
  const context = createContext(deps);
  const nextRequestId = requestIdSource("req_");
  // standardHostname:false makes Elysia find the path after "http://", not at a fixed offset
  // that assumes a long Host header (a client sending "Host: x" would be misrouted).
  const elysia = new Elysia({ handler: { standardHostname: false } })
    .onError(({ code, error, request }) => {
      if (code === "NOT_FOUND") {
        const path = new URL(request.url).pathname;
        const methods = ROUTES[path];
        if (methods)
          return new ApiError("method_not_allowed", `${request.method} is not allowed on ${path}.`, null, { allow: methods.join(", ") }).toResponse();
        return new ApiError("not_found", `No route for ${request.method} ${path}.`).toResponse();
      }
      if (code === "PARSE") return new ApiError("invalid_request_error", "The request body could not be parsed.").toResponse();
      const apiError = toApiError(error);
      if (apiError.status >= 500) deps.log?.({ level: "error", error: String((error as Error)?.stack ?? error) });
      return apiError.toResponse();
    })
    .get("/healthz", () => Response.json({ status: "ok" }))
    .use(apiRoutes(context))
    .use(widgetRoutes(context));

  async function route(request: Request, url: URL): Promise<Response> {
    const declared = request.headers.get("content-length");
    if (declared !== null && Number(declared) > MAX_BODY_BYTES) return tooLarge().toResponse({ connection: "close" });
    // A body without a declared length is read (up to the limit) before any other check,
    // so a too-large chunked body is a 413 whatever else is wrong with the request.
    if (request.body && declared === null && request.method !== "GET" && request.method !== "HEAD") {
      try {
        preRead.set(request, await readLimited(request));
      } catch (err) {
        return toApiError(err).toResponse({ connection: "close" });
      }
    }
    if (keyInQuery(url))
      return new ApiError("invalid_request_error", "API keys must be sent in the Authorization header, never in the URL.", null).toResponse();
    if (request.method === "OPTIONS" && ROUTES[url.pathname]) {
      // Chat is for servers: its preflight never grants a browser anything.
      return url.pathname === "/v1/chat/completions" ? new Response(null, { status: 204 }) : preflight(deps.store.sqlite, request.headers.get("origin"));
    }
    return elysia.handle(request);
  }

  return {
    elysia,
    context,
    async handle(request, peer) {
      const started = performance.now();
      const requestId = nextRequestId();
      let path = "?";
      let response: Response;
      try {
        const url = new URL(request.url);
        path = url.pathname;
        context.info.set(request, { network: networkOf(clientAddress(request, peer, deps.trustProxy ?? false)), requestId });
        response = await route(request, url);
      } catch (err) {
        response = (err instanceof TypeError && path === "?" ? new ApiError("invalid_request_error", "The request URL or Host header is malformed.") : toApiError(err)).toResponse();
      }
      response.headers.set("x-request-id", requestId);
      // Never the query string (a key could be in it), never a header value.
      deps.log?.({ t: new Date().toISOString(), id: requestId, method: request.method, path, status: response.status, ms: Math.round((performance.now() - started) * 100) / 100 });
      return response;
    },
  };
}
