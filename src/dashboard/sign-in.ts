/**
 * Sign-in and sign-out. The sign-in form carries its own CSRF token (double-submit with a
 * short-lived cookie), wrong passwords count towards a per-address lockout, and success
 * starts a session whose cookie is HttpOnly and SameSite=Strict.
 */
import { Elysia } from "elysia";
import { verifyAdminPassword } from "../admin/credential";
import { html } from "./html";
import { barePage } from "./layout";
import { EMPTY_FORM, field, readForm, type FormState } from "./form";
import { COOKIE, createSession, endSession, findSession, randomHex, readCookie, sameToken, sessionCookie, SESSION_TTL_MS } from "./session";
import { redirect, routesOn, type Dash } from "./context";

const PRE = "zenith_signin";

/** The sign-in form holds a password and a path: nothing near this size. */
const MAX_SIGN_IN_BYTES = 16 * 1024;
const MAX_NEXT = 2_000;

/** Only a path on this dashboard: never another site ("//evil" or "https://…"), nor an unbounded one. */
function safeNext(next: string | null): string {
  return next && next.length <= MAX_NEXT && /^\/(?!\/)[^\\]*$/.test(next) ? next : "/";
}

function form(token: string, next: string, state: FormState, locked: string | null = null) {
  return html`<h1 class="center">Zenith</h1>
    <form method="post" action="/sign-in" class="card sign-in" novalidate>
      <h2>Sign in to the dashboard</h2>
      ${locked ? html`<div class="notice error" role="alert">${locked}</div>` : ""}
      <input type="hidden" name="_csrf" value="${token}">
      <input type="hidden" name="next" value="${next}">
      ${field(state, "password", "Admin password", { type: "password", required: true, attrs: html`autocomplete="current-password" autofocus`, hint: "Printed once when the server first started; replace it with `zenith admin reset-password`." })}
      <button type="submit" class="button primary">Sign in</button>
    </form>`;
}

function minutes(ms: number): string {
  const m = Math.ceil(ms / 60_000);
  return `${m} minute${m === 1 ? "" : "s"}`;
}

function tooMany(ms: number): string {
  return `Too many wrong passwords from your address. Try again in ${minutes(ms)}.`;
}

export function signInRoutes(dash: Dash) {
  const app = new Elysia({ name: "dashboard-sign-in" });
  const show = (request: Request, next: string, state: FormState, status: number, locked: string | null = null) => {
    const token = randomHex(16);
    return barePage("Sign in", form(token, next, { ...state, values: {} }, locked), status, {
      "set-cookie": sessionCookie(PRE, token, request, 3600),
    });
  };
  app.get("/sign-in", ({ request }) => {
    const url = new URL(request.url);
    if (findSession(dash.store, readCookie(request, COOKIE))) return redirect(safeNext(url.searchParams.get("next")));
    return show(request, safeNext(url.searchParams.get("next")), EMPTY_FORM, 200);
  });
  app.post(
    "/sign-in",
    async ({ request }) => {
      let data: FormData | null;
      try {
        data = await readForm(request, MAX_SIGN_IN_BYTES);
      } catch {
        data = new FormData();
      }
      if (!data) return show(request, "/", { values: {}, errors: { password: "The form was far too large. Enter the password again." } }, 413);
      const next = safeNext(String(data.get("next") ?? "/"));
      const token = String(data.get("_csrf") ?? "");
      if (!sameToken(token, readCookie(request, PRE) ?? ""))
        return show(request, next, { values: {}, errors: { password: "The sign-in form expired. Enter the password again." } }, 403);
      const address = dash.peers.get(request) ?? "unknown";
      const wait = dash.lockout.wait(address);
      if (wait > 0) return show(request, next, EMPTY_FORM, 429, tooMany(wait));
      const password = String(data.get("password") ?? "");
      if (!password) return show(request, next, { values: {}, errors: { password: "Enter the admin password." } }, 400);
      // Counted before the (slow) check, so parallel guesses cannot all slip past the count.
      const guess = dash.lockout.start(address);
      if (!guess) return show(request, next, EMPTY_FORM, 429, tooMany(dash.lockout.wait(address)));
      if (!(await verifyAdminPassword(dash.store, password))) {
        dash.lockout.wrong(guess);
        dash.log?.({ t: new Date().toISOString(), event: "dashboard_sign_in_failed" });
        const locked = dash.lockout.wait(address);
        return show(request, next, { values: {}, errors: { password: "Wrong password." } }, 401, locked ? tooMany(locked) : null);
      }
      dash.lockout.right(guess);
      const { token: sessionToken } = createSession(dash.store);
      const headers = new Headers({ location: next });
      headers.append("set-cookie", sessionCookie(COOKIE, sessionToken, request, SESSION_TTL_MS / 1000));
      headers.append("set-cookie", sessionCookie(PRE, "", request, 0));
      return new Response(null, { status: 303, headers });
    },
    { parse: "none" },
  );
  routesOn(app, dash).post("/sign-out", (c) => {
    endSession(dash.store, c.session);
    dash.flash.delete(c.session.id);
    return redirect("/sign-in", { "set-cookie": sessionCookie(COOKIE, "", c.request, 0) });
  });
  return app;
}
