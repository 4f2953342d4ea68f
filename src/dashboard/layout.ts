/** The page frame: head, navigation, one-time messages, and the headers every page carries. */
import { clip, html, type Safe } from "./html";
import type { Session } from "./session";
import type { FlashMessage } from "./context";

/** No inline script or style anywhere: the CSP allows only the dashboard's own assets. */
export const SECURITY_HEADERS: Record<string, string> = {
  "content-security-policy": "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  "x-frame-options": "DENY",
  "x-content-type-options": "nosniff",
  "referrer-policy": "same-origin",
  // Pages can show a secret once: never cached, so "back" or a reload cannot bring it back.
  "cache-control": "no-store",
};

const NAV: [string, string][] = [
  ["/accounts", "Accounts"],
  ["/agents", "Agents"],
  ["/log", "Chat log"],
  ["/unanswered", "Unanswered"],
  ["/playground", "Playground"],
];

function flashBlock(flash: FlashMessage | undefined): Safe {
  if (!flash) return html``;
  return html`
    ${flash.notice ? html`<div class="notice" role="status">${flash.notice}</div>` : ""}
    ${flash.error ? html`<div class="notice error" role="alert">${flash.error}</div>` : ""}
    ${flash.secret
      ? html`<div class="secret card" data-secret>
          <h2>${flash.secret.title}</h2>
          <p class="hint">${flash.secret.note}</p>
          <div class="copy-row"><code id="secret-value" data-testid="secret-value">${flash.secret.value}</code>
          <button type="button" class="button" data-copy="#secret-value">Copy</button></div>
        </div>`
      : ""}`;
}

function document(title: string, body: unknown, nav: unknown = ""): string {
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Zenith</title>
<link rel="stylesheet" href="/assets/dashboard.css"><script src="/assets/dashboard.js" defer></script></head>
<body>${nav}<main id="main">${body}</main></body></html>`.value;
}

export function htmlResponse(markup: string, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(markup, { status, headers: { "content-type": "text/html; charset=utf-8", ...SECURITY_HEADERS, ...headers } });
}

export interface LayoutOpts {
  title: string;
  body: unknown;
  session: Session;
  flash?: FlashMessage;
  active: string;
  status?: number;
}

export function layout(o: LayoutOpts): Response {
  const nav = html`<header class="top">
    <a class="brand" href="/">Zenith <span>dashboard</span></a>
    <nav aria-label="Main">${NAV.map(([href, label]) => html`<a href="${href}" ${o.active === href || o.active.startsWith(href + "/") ? html`aria-current="page"` : ""}>${label}</a>`)}</nav>
    <form method="post" action="/sign-out" class="sign-out"><input type="hidden" name="_csrf" value="${o.session.csrf}"><button type="submit" class="link">Sign out</button></form>
  </header>`;
  return htmlResponse(document(o.title, html`${flashBlock(o.flash)}${o.body}`, nav), o.status);
}

/** A page outside the signed-in frame (sign-in, refusals). */
export function barePage(title: string, body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return htmlResponse(document(title, html`<div class="narrow">${body}</div>`), status, headers);
}

/** Messages may quote what was sent (an unknown id): never at unbounded length. */
const MAX_MESSAGE = 1_000;

export function messageBody(message: string): Safe {
  const text = clip(message, MAX_MESSAGE);
  const sentence = text[0].toUpperCase() + text.slice(1) + (/[.!?]$/.test(text) ? "" : ".");
  return html`<div class="card"><p>${sentence}</p><p><a href="/" data-back>Go back</a></p></div>`;
}

export function messagePage(title: string, text: string, status: number, extra: unknown = ""): Response {
  return barePage(title, html`<h1>${title}</h1><div class="card"><p>${text}</p>${extra}</div>`, status);
}
