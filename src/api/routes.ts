/** The /v1 read endpoints and chat: thin handlers over the shared context. */
import { Elysia } from "elysia";
import type { ApiContext } from "./context";
import { corsFor } from "../auth/cors";
import { cosmeticsOf } from "../admin/agents";
import { ApiError } from "../errors";
import { rateHeaders } from "../limits/rate-limiter";
import { readJson } from "./body";
import { MODEL_ID, validateChat } from "./chat/validate";
import type { Principal } from "../auth/principal";
import { requestIdSource } from "../ids";

/** Fixed on purpose: the spec keeps `created` for shape compatibility only. */
const MODEL_CREATED = 1_700_000_000;
const MODEL = { id: MODEL_ID, object: "model", created: MODEL_CREATED, owned_by: "service" };

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
}

const completionId = requestIdSource("chatcmpl-");

/** The account's per-minute limit; its headers go on every chat response. */
export function takeMinute(ctx: ApiContext, principal: Principal): Record<string, string> {
  const decision = ctx.limiter.take(principal.account.id, principal.account.rpm);
  const headers = rateHeaders(decision);
  if (!decision.allowed)
    throw new ApiError(
      "tenant_plan_rate_limit_exceeded",
      `The account's limit of ${decision.limit} requests per minute is reached. Try again in ${headers["retry-after"]} seconds.`,
      null,
      { ...headers, ...corsFor(principal) },
    );
  return headers;
}

export function apiRoutes(ctx: ApiContext) {
  return new Elysia({ name: "api" })
    .get("/v1/models", ({ request }) => {
      const principal = ctx.authenticate(request, "either");
      return json({ object: "list", data: [MODEL] }, 200, corsFor(principal));
    })
    // The OpenAI client's models.retrieve(id) reads one model by its id.
    .get("/v1/models/:model", ({ request, params }) => {
      const principal = ctx.authenticate(request, "either");
      if (decodeURIComponent(params.model) !== MODEL_ID)
        throw new ApiError("not_found", `No model '${decodeURIComponent(params.model)}': the only model is '${MODEL_ID}'.`, null, corsFor(principal));
      return json(MODEL, 200, corsFor(principal));
    })
    .get("/v1/agent/config", ({ request }) => {
      const principal = ctx.authenticate(request, "either");
      return json(
        { object: "agent.config", display_name: principal.agent.name, cosmetics: cosmeticsOf(principal.agent) },
        200,
        corsFor(principal),
      );
    })
    .post(
      "/v1/chat/completions",
      async ({ request }) => {
        const principal = ctx.authenticate(request, "secret");
        const headers = takeMinute(ctx, principal);
        const body = await readJson(request);
        const chat = validateChat(body, request.headers.get("x-service-session"));
        const done = await ctx.completer.complete(principal, chat.messages, chat.sessionId);
        return json(
          {
            id: completionId(),
            object: "chat.completion",
            created: Math.floor(Date.now() / 1000),
            model: MODEL_ID,
            choices: [{ index: 0, message: { role: "assistant", content: done.content }, finish_reason: "stop" }],
            usage: done.usage,
          },
          200,
          headers,
        );
      },
      { parse: "none" },
    );
}
