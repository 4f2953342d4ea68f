/** Small pieces several pages share. */
import { html } from "../html";
import type { Ctx } from "../context";
import { requireAgent } from "../../admin/agents";

export function csrf(c: Ctx) {
  return html`<input type="hidden" name="_csrf" value="${c.session.csrf}">`;
}

/** The one-time token of a create form: a second submission of the same copy is refused. */
export function once(c: Ctx) {
  return html`<input type="hidden" name="_once" value="${c.dash.nonces.issue(c.session.id)}">`;
}

export function badge(label: string, tone: "ok" | "warn" | "bad" | "muted" = "muted") {
  return html`<span class="badge ${tone}">${label}</span>`;
}

/** A one-button form (POST with the CSRF token). */
export function action(c: Ctx, href: string, label: string, opts: { tone?: "danger" | "plain"; fields?: Record<string, string>; once?: boolean } = {}) {
  return html`<form method="post" action="${href}" class="inline">${csrf(c)}${opts.once ? once(c) : ""}${Object.entries(opts.fields ?? {}).map(([k, v]) => html`<input type="hidden" name="${k}" value="${v}">`)}<button type="submit" class="button ${opts.tone === "danger" ? "danger" : ""}">${label}</button></form>`;
}

const TABS: [string, string][] = [
  ["", "Settings"],
  ["/material", "Material"],
  ["/keys", "Secret keys"],
  ["/installations", "Widget"],
  ["/playground", "Playground"],
  ["/unanswered", "Unanswered"],
];

/** The agent's header and tabs, shared by every per-agent page. */
export function agentHeader(c: Ctx, tab: string) {
  const agent = requireAgent(c.dash.store, c.params.id);
  return {
    agent,
    header: html`<p class="crumbs"><a href="/agents">Agents</a> /</p>
      <h1>${agent.name} ${badge(agent.state, agent.state === "active" ? "ok" : "muted")}</h1>
      <nav class="tabs" aria-label="Agent">${TABS.map(([suffix, label]) => html`<a href="/agents/${agent.id}${suffix}" ${suffix === tab ? html`aria-current="page"` : ""}>${label}</a>`)}</nav>`,
  };
}
