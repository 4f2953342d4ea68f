/**
 * The widget's public routes: the loader script, sessions and messages. Sessions and
 * messages take the publishable key (origin checked by the gate) and, for messages, the
 * session token in `X-Widget-Session`.
 */
import { Elysia } from "elysia";
import type { ApiContext } from "../api/context";
import type { Principal } from "../auth/principal";
import { corsFor } from "../auth/cors";
import { accessDenied } from "../auth/gate";
import { cosmeticsOf } from "../admin/agents";
import { takeMinute } from "../api/routes";
import { readJson } from "../api/body";
import { ApiError } from "../errors";
import { widgetScript } from "../embedded";
import { FairnessLimiter, messageRules, sessionRules, type Rule } from "./fairness";
import { findSession, historyOf, openSession, type WidgetSession } from "./sessions";
import { sendMessage, validateMessage } from "./messages";
import { scriptHandler } from "./script";

export const SESSION_HEADER = "x-widget-session";

function json(body: unknown, status: number, headers: Record<string, string>): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
}

const unixSeconds = (ms: number) => Math.floor(ms / 1000);

/**
 * Runs a handler for an accepted principal: errors after authentication carry CORS, so the
 * widget can read a rate limit or a bad request (refusals of the key itself never do).
 */
async function accepted(principal: Principal, handle: () => Promise<Response> | Response): Promise<Response> {
  try {
    return await handle();
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    throw new ApiError(err.code, err.message, err.param, { ...corsFor(principal), ...err.headers });
  }
}

/** An empty body or `{}`: opening a session takes no parameters. */
async function readSessionRequest(request: Request): Promise<void> {
  if (!request.body || request.headers.get("content-length") === "0") return;
  const body = await readJson(request);
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw new ApiError("invalid_request_error", "The body must be empty or a JSON object.");
  const [field] = Object.keys(body);
  if (field !== undefined) throw new ApiError("unknown_parameter", `Unrecognized request argument supplied: ${field}.`, field);
}

export function widgetRoutes(ctx: ApiContext) {
  const script = scriptHandler(widgetScript());
  const fairness = new FairnessLimiter(ctx.clock);
  const networkOf = (request: Request) => ctx.info.get(request)?.network ?? "unknown";

  function fair(rules: Rule[]): void {
    const decision = fairness.take(rules);
    if (decision.allowed) return;
    const wait = String(Math.max(1, Math.ceil(decision.waitMs / 1000)));
    throw new ApiError("visitor_rate_limit_exceeded", `Too many messages from this visitor. Try again in ${wait} seconds.`, null, { "retry-after": wait });
  }

  /** The session the request's token names, or the uniform refusal (counted as a failed credential). */
  function sessionOf(request: Request, principal: Principal): WidgetSession {
    const token = request.headers.get(SESSION_HEADER);
    if (!token) throw new ApiError("invalid_request_error", `Send the widget session token in the ${SESSION_HEADER} header.`);
    const session = findSession(ctx.store, token, principal, ctx.clock.now());
    if (session) return session;
    ctx.budget.recordFailure(networkOf(request));
    throw accessDenied();
  }

  return new Elysia({ name: "widget" })
    .get("/v1/widget.js", ({ request }) => script(request))
    .post(
      "/v1/widget/sessions",
      async ({ request }) => {
        const principal = ctx.authenticate(request, "publishable");
        return accepted(principal, async () => {
          fair(sessionRules(principal.account.id, networkOf(request)));
          await readSessionRequest(request);
          const { token, session } = openSession(ctx.store, principal, ctx.clock.now());
          return json(
            {
              session: token,
              expires_at: unixSeconds(session.expiresAt),
              agent: { display_name: principal.agent.name, cosmetics: cosmeticsOf(principal.agent) },
            },
            201,
            { ...corsFor(principal), "cache-control": "no-store" },
          );
        });
      },
      { parse: "none" },
    )
    .get("/v1/widget/messages", ({ request }) => {
      const principal = ctx.authenticate(request, "publishable");
      return accepted(principal, () => {
        const session = sessionOf(request, principal);
        const data = historyOf(ctx.store, session.id).map((m) => ({ role: m.role, content: m.content, created_at: unixSeconds(m.createdAt) }));
        return json({ object: "list", data, expires_at: unixSeconds(session.expiresAt) }, 200, { ...corsFor(principal), "cache-control": "no-store" });
      });
    })
    .post(
      "/v1/widget/messages",
      async ({ request }) => {
        const principal = ctx.authenticate(request, "publishable");
        return accepted(principal, async () => {
          const session = sessionOf(request, principal);
          const { account } = principal;
          fair(messageRules({ accountId: account.id, network: networkOf(request), sessionId: session.id, rpm: account.rpm, monthly: account.monthly }));
          const rate = takeMinute(ctx, principal);
          const question = validateMessage(await readJson(request));
          const reply = await sendMessage(ctx.store, ctx.completer, principal, session, question, ctx.clock.now());
          return json(
            { object: "widget.message", role: "assistant", content: reply.content, unavailable: reply.unavailable, expires_at: unixSeconds(reply.expiresAt) },
            200,
            { ...rate, ...corsFor(principal), "cache-control": "no-store" },
          );
        });
      },
      { parse: "none" },
    );
}
