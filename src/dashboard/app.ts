/**
 * The admin listener (dashboard). Served only on the admin address, never on the public port.
 * It writes through its own store connection, so the public API's change watch sees every
 * change made here on its very next request, exactly as with the operator CLI.
 */
import { Elysia } from "elysia";
import { openStore, type Store } from "../store/db";
import { ApiError } from "../errors";
import { publicBaseUrl } from "../config";
import { ensureAdminPassword } from "../admin/credential";
import { purgeExpired } from "../admin/retention";
import { IngestJobs } from "../admin/ingest-jobs";
import { dashboardAssets } from "../embedded";
import { Lockout, DEFAULT_LOCKOUT, type LockoutOptions } from "./lockout";
import { FormNonces } from "./once";
import { MAX_UPLOAD_BODY_BYTES } from "./form";
import { redirect, routesOn, type Dash } from "./context";
import { barePage, SECURITY_HEADERS } from "./layout";
import { html } from "./html";
import { signInRoutes } from "./sign-in";
import { accountPages } from "./pages/accounts";
import { agentPages } from "./pages/agents";
import { materialPages } from "./pages/material";
import { keyPages } from "./pages/keys";
import { installationPages } from "./pages/installations";
import { logPages } from "./pages/log";
import { unansweredPages } from "./pages/unanswered";
import { playgroundPages } from "./pages/playground";

export interface AdminDeps {
  store: Store;
  dbPath: string;
  log?: (line: Record<string, unknown>) => void;
  /** Base address of the public API for embed snippets (default: publicBaseUrl()). */
  publicUrl?: () => string;
  lockout?: LockoutOptions;
  /**
   * Brings the chat log up to date with answers recorded but not yet applied (the server's
   * journal). Never throws: on failure the page shows the log as the store holds it.
   */
  settleLog?: () => void;
}

const RETENTION_SWEEP_MS = 3600_000;
/** Uploads of several files of up to 20 MiB each fit in one request; other forms are capped lower. */
export const ADMIN_MAX_BODY_BYTES = MAX_UPLOAD_BODY_BYTES;

function assetResponse(request: Request, asset: { body: string; etag: string }, type: string): Response {
  const headers = { "content-type": type, etag: asset.etag, "cache-control": "no-cache", "x-content-type-options": "nosniff" };
  if (request.headers.get("if-none-match") === asset.etag) return new Response(null, { status: 304, headers });
  return new Response(asset.body, { headers });
}

export function createAdminApp(deps: AdminDeps) {
  const store = openStore(deps.dbPath);
  const dash: Dash = {
    store,
    jobs: new IngestJobs(store),
    lockout: new Lockout(deps.lockout ?? DEFAULT_LOCKOUT),
    nonces: new FormNonces(),
    publicUrl: deps.publicUrl ?? (() => publicBaseUrl()),
    flash: new Map(),
    peers: new WeakMap(),
    log: deps.log,
  };
  purgeExpired(store);
  const sweep = setInterval(() => purgeExpired(store), RETENTION_SWEEP_MS);
  sweep.unref?.();

  const assets = dashboardAssets();
  const elysia = new Elysia()
    .onError(({ code, request }) => {
      const wantsHtml = (request.headers.get("accept") ?? "").includes("text/html");
      if (code === "NOT_FOUND")
        return wantsHtml
          ? barePage("Not found", html`<h1>Not found</h1><div class="card"><p>There is no dashboard page here.</p><p><a href="/">Go to the dashboard</a></p></div>`, 404)
          : new ApiError("not_found", "Not found.").toResponse();
      return new ApiError("server_error", "The dashboard failed to handle this request.").toResponse();
    })
    .get("/healthz", () => Response.json({ status: "ok" }))
    // Browsers ask for one on every page; "no icon" is an answer, a 404 an error in the console.
    .get("/favicon.ico", () => new Response(null, { status: 204, headers: { "cache-control": "public, max-age=86400" } }))
    .get("/assets/dashboard.css", ({ request }) => assetResponse(request, assets.css, "text/css; charset=utf-8"))
    .get("/assets/dashboard.js", ({ request }) => assetResponse(request, assets.js, "application/javascript; charset=utf-8"))
    .use(signInRoutes(dash))
    .use(accountPages(dash))
    .use(agentPages(dash))
    .use(materialPages(dash))
    .use(keyPages(dash))
    .use(installationPages(dash))
    .use(logPages(dash))
    .use(unansweredPages(dash))
    .use(playgroundPages(dash));
  routesOn(elysia, dash).get("/", () => redirect("/accounts"));

  return {
    elysia,
    dash,
    /**
     * Creates the first admin credential and prints it, once, as one JSON line on stdout.
     * Called once the server listens: a start that fails (a port in use) must not create a
     * password nobody was shown. Until then sign-in refuses every password.
     */
    announce: () => {
      const firstPassword = ensureAdminPassword(store);
      if (firstPassword) process.stdout.write(JSON.stringify({ admin_password: firstPassword }) + "\n");
    },
    handle: async (request: Request, peer?: string) => {
      dash.peers.set(request, peer ?? "unknown");
      deps.settleLog?.();
      const response = await elysia.handle(request);
      for (const [k, v] of Object.entries(SECURITY_HEADERS)) if (!response.headers.has(k) && k !== "cache-control") response.headers.set(k, v);
      return response;
    },
    /** Stops the retention sweep and closes the dashboard's connection (after in-flight work). */
    close: async () => {
      clearInterval(sweep);
      await dash.jobs.idle();
      store.close();
    },
  };
}
