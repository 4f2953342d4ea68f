/**
 * What every dashboard page shares: the dashboard's own store connection, background
 * ingestion, one-time messages, and the wrapper that signs requests in, checks CSRF on
 * every state change and renders failures as pages.
 */
import type { Elysia } from "elysia";
import type { Store } from "../store/db";
import type { IngestJobs } from "../admin/ingest-jobs";
import { CliError } from "../errors";
import { FormReader, MAX_FORM_BYTES, MAX_UPLOAD_BODY_BYTES, readForm } from "./form";
import type { FormNonces } from "./once";
import { COOKIE, findSession, readCookie, sameToken, type Session } from "./session";
import type { Lockout } from "./lockout";
import { layout, messageBody, messagePage } from "./layout";
import { html } from "./html";

/** A message shown once on the next page; `secret` holds a value that is never shown again. */
export interface FlashMessage {
  notice?: string;
  error?: string;
  secret?: { title: string; value: string; note: string };
}

export interface Dash {
  /** The dashboard's own connection: its commits are seen by the public API's change watch. */
  store: Store;
  jobs: IngestJobs;
  lockout: Lockout;
  /** One-time tokens of create forms, so a double submit creates one thing. */
  nonces: FormNonces;
  /** Base address of the public API, for embed snippets. */
  publicUrl(): string;
  /** One-time messages by session id, kept in memory only (a secret key never touches disk). */
  flash: Map<string, FlashMessage>;
  /** The socket address of each request's client (set by the listener). */
  peers: WeakMap<Request, string>;
  log?: (line: Record<string, unknown>) => void;
}

export interface Ctx {
  dash: Dash;
  request: Request;
  url: URL;
  params: Record<string, string>;
  session: Session;
  /** The submitted form (POST only), already CSRF-checked. */
  form: FormReader;
}

export type Handler = (c: Ctx) => Response | Promise<Response>;

export interface PostOpts {
  /** The form creates something: it must carry a one-time token (see once.ts), spent here. */
  once?: boolean;
  /** The form uploads files: its body may be as large as the listener allows. */
  upload?: boolean;
}

export function redirect(location: string, headers: Record<string, string> = {}): Response {
  return new Response(null, { status: 303, headers: { location, ...headers } });
}

/** Sets a message for the session's next page and redirects there. */
export function done(c: Ctx, location: string, message: FlashMessage): Response {
  c.dash.flash.set(c.session.id, { ...c.dash.flash.get(c.session.id), ...message });
  return redirect(location);
}

/** Renders a full page for the signed-in owner, consuming any one-time message. */
export function page(c: Ctx, title: string, body: unknown, opts: { status?: number; active?: string } = {}): Response {
  const flash = c.dash.flash.get(c.session.id);
  c.dash.flash.delete(c.session.id);
  return layout({ title, body, session: c.session, flash, active: opts.active ?? c.url.pathname, status: opts.status });
}

/**
 * Defence in depth beside the token: a browser's Origin must name this dashboard's host.
 * The scheme is not compared, so a TLS-terminating proxy in front still works.
 */
function sameOrigin(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (origin === null) return true; // Some browsers omit it on same-origin posts; the token still decides.
  try {
    return new URL(origin).host === request.headers.get("host");
  } catch {
    return false;
  }
}

/** The submitted form, or the page that refuses it (too large, unreadable). */
async function readPosted(request: Request, opts: PostOpts): Promise<FormReader | Response> {
  const limit = opts.upload ? MAX_UPLOAD_BODY_BYTES : MAX_FORM_BYTES;
  try {
    const data = await readForm(request, limit);
    if (data) return new FormReader(data);
  } catch {
    return messagePage("Bad form", "The form could not be read. Reload the page and try again.", 400);
  }
  return messagePage("Form too large", `The form sent more than ${limit / 1024 / 1024} MiB, which no field here needs. Shorten what you typed and try again.`, 413);
}

/**
 * A create form sent twice. Outside the signed-in frame on purpose: that frame would use up
 * the one-time message, and with it a new key's value, which the form's own page must show.
 */
function alreadySent(url: URL): Response {
  return messagePage(
    "Already sent",
    "This form was already sent, so it was not applied again (or the server restarted since the page was shown). Open the page to see the result, and submit again only if it is missing.",
    400,
    html`<p><a class="button" href="${url.pathname}">Open the page</a></p>`,
  );
}

async function run(dash: Dash, request: Request, params: Record<string, string>, post: PostOpts | null, fn: Handler): Promise<Response> {
  const url = new URL(request.url);
  const session = findSession(dash.store, readCookie(request, COOKIE));
  if (!session) {
    if (post) return messagePage("Signed out", "Your session has ended. Sign in again, then repeat the change.", 401, html`<p><a class="button" href="/sign-in">Sign in</a></p>`);
    return redirect(`/sign-in?next=${encodeURIComponent(url.pathname + url.search)}`);
  }
  let form = new FormReader(new FormData());
  if (post) {
    const posted = await readPosted(request, post);
    if (posted instanceof Response) return posted;
    form = posted;
    const token = form.value("_csrf") || request.headers.get("x-csrf-token") || "";
    if (!sameToken(token, session.csrf) || !sameOrigin(request))
      return messagePage("Refused", "This change did not come with the dashboard's security token, so it was refused. Reload the page and try again.", 403);
    // Spent after the CSRF check, so a refused forgery cannot use up the owner's form.
    if (post.once && !dash.nonces.spend(session.id, form.value("_once"))) return alreadySent(url);
  }
  const c: Ctx = { dash, request, url, params, session, form };
  try {
    return await fn(c);
  } catch (err) {
    if (err instanceof CliError) {
      const notFound = /^unknown /.test(err.message);
      return page(c, notFound ? "Not found" : "Not possible", messageBody(err.message), { status: notFound ? 404 : 400 });
    }
    dash.log?.({ level: "error", where: "dashboard", error: String((err as Error)?.stack ?? err) });
    return page(c, "Something went wrong", messageBody("The dashboard failed to handle this request. Nothing was changed if the page says so; otherwise reload and check."), { status: 500 });
  }
}


/** Registers signed-in GET and POST routes (POST bodies are read here, never by Elysia). */
export function routesOn(app: Elysia<any, any, any, any, any, any, any>, dash: Dash) {
  return {
    get(path: string, fn: Handler) {
      app.get(path, ({ request, params }: any) => run(dash, request, params ?? {}, null, fn));
      return this;
    },
    post(path: string, fn: Handler, opts: PostOpts = {}) {
      app.post(path, ({ request, params }: any) => run(dash, request, params ?? {}, opts, fn), { parse: "none" });
      return this;
    },
  };
}
