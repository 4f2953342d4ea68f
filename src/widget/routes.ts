/** The widget's public routes: the loader script and widget sessions (publishable key only). */
import { Elysia } from "elysia";
import type { ApiContext } from "../api/context";
import { corsFor } from "../auth/cors";
import { widgetScript } from "../embedded";

export function widgetRoutes(ctx: ApiContext) {
  const script = widgetScript();
  return new Elysia({ name: "widget" })
    .get("/v1/widget.js", ({ request }) => {
      if (request.headers.get("if-none-match") === script.etag) return new Response(null, { status: 304, headers: { etag: script.etag } });
      return new Response(script.body, {
        headers: {
          "content-type": "application/javascript; charset=utf-8",
          "cache-control": "public, max-age=300",
          etag: script.etag,
          "access-control-allow-origin": "*",
        },
      });
    })
    .post(
      "/v1/widget/sessions",
      ({ request }) => {
        const principal = ctx.authenticate(request, "publishable");
        return new Response(JSON.stringify({ error: "todo" }), { status: 501, headers: corsFor(principal) });
      },
      { parse: "none" },
    );
}
