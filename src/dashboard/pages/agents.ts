/** Agents: create, edit (persona, instructions, cosmetics with a live preview), activate, delete. */
import { Elysia } from "elysia";
import { listAccounts, requireAccount } from "../../admin/accounts";
import { cosmeticsOf, createAgent, deleteAgent, listAgents, requireAgent, updateAgent } from "../../admin/agents";
import { listMaterial } from "../../engine";
import { html } from "../html";
import { EMPTY_FORM, field, FormReader, select, stateOf, type FormState } from "../form";
import { done, page, routesOn, type Ctx, type Dash } from "../context";
import { action, agentHeader, badge, csrf, once } from "./parts";

const COLOR = /^#[0-9a-fA-F]{6}$/;

function readProfile(f: FormReader) {
  return {
    name: f.text("name", "Display name", { required: true, max: 200 }),
    persona: f.text("persona", "Persona", { max: 2_000, multiline: true }),
    instructions: f.text("instructions", "Instructions", { max: 8_000, multiline: true }),
  };
}

function profileFields(state: FormState, current?: { name: string; persona: string; instructions: string }) {
  return html`${field(state, "name", "Display name", { required: true, value: current?.name, hint: "Shown to visitors in the widget header." })}
    ${field(state, "persona", "Persona", { type: "textarea", rows: 2, value: current?.persona, hint: "Who the agent speaks as, e.g. \"a friendly barista at Acme Coffee\"." })}
    ${field(state, "instructions", "Instructions", { type: "textarea", rows: 4, value: current?.instructions, hint: "How to answer: tone, length, what to avoid." })}`;
}

function listPage(c: Ctx, state: FormState, status = 200) {
  const accounts = listAccounts(c.dash.store);
  const names = new Map(accounts.map((a) => [a.id, a.name]));
  const agents = listAgents(c.dash.store);
  const preset = c.url.searchParams.get("account") ?? "";
  return page(
    c,
    "Agents",
    html`<h1>Agents</h1>
    ${agents.length
      ? html`<div class="card"><table class="list"><thead><tr><th>Agent</th><th>Account</th><th>Material</th><th>State</th></tr></thead><tbody>
        ${agents.map((g) => html`<tr><td><a href="/agents/${g.id}">${g.name}</a><div class="id">${g.id}</div></td><td>${names.get(g.accountId)}</td>
          <td>${listMaterial(c.dash.store, g.id).length}</td><td>${badge(g.state, g.state === "active" ? "ok" : "muted")}</td></tr>`)}
        </tbody></table></div>`
      : html`<p class="empty">No agents yet.</p>`}
    ${accounts.length
      ? html`<form method="post" action="/agents" class="card" novalidate>
          <h2>New agent</h2>${csrf(c)}${once(c)}
          ${select(state, "account", "Account", accounts.map((a) => ({ value: a.id, label: a.name })), { value: preset })}
          ${profileFields(state)}
          <button type="submit" class="button primary">Create agent</button>
        </form>`
      : html`<p class="card">Create an <a href="/accounts">account</a> first: every agent belongs to one.</p>`}`,
    { status },
  );
}

function preview(agent: { name: string; accentColor: string | null; welcome: string | null }) {
  const cosmetics = cosmeticsOf(agent);
  return html`<aside class="preview" data-preview data-accent="${cosmetics.accent_color}" aria-label="Widget preview">
    <p class="hint">Preview: how visitors see the widget</p>
    <div class="pv-panel">
      <div class="pv-head" data-pv-accent><span data-pv-name>${agent.name}</span><span aria-hidden="true">×</span></div>
      <div class="pv-body">
        <div class="pv-msg bot" data-pv-welcome>${cosmetics.welcome_message}</div>
        <div class="pv-msg user" data-pv-accent>How long does delivery take?</div>
      </div>
      <div class="pv-input"><span>Ask a question…</span><span class="pv-send" data-pv-accent>Send</span></div>
    </div>
    <div class="pv-bubble" data-pv-accent aria-hidden="true">?</div>
  </aside>`;
}

function settingsPage(c: Ctx, state: FormState, status = 200) {
  const { agent, header } = agentHeader(c, "");
  const cosmetics = cosmeticsOf(agent);
  return page(
    c,
    agent.name,
    html`${header}
    <div class="split">
      <form method="post" action="/agents/${agent.id}" class="card" novalidate>
        <h2>Profile and look</h2>${csrf(c)}
        ${profileFields(state, agent)}
        <div class="row">
          ${field(state, "accent_color", "Accent color", { type: "color", value: cosmetics.accent_color })}
          ${field(state, "welcome", "Welcome message", { value: cosmetics.welcome_message })}
        </div>
        <button type="submit" class="button primary">Save agent</button>
      </form>
      ${preview(agent)}
    </div>
    <section class="card">
      <h2>State</h2>
      <p>${agent.state === "active" ? "Active: keys and the widget answer." : "Inactive: every key of this agent is refused until it is activated again."}</p>
      <div class="actions">
        ${agent.state === "active" ? action(c, `/agents/${agent.id}/state`, "Deactivate", { fields: { state: "inactive" } }) : action(c, `/agents/${agent.id}/state`, "Activate", { fields: { state: "active" } })}
        <a class="button danger" href="/agents/${agent.id}/delete">Delete…</a>
      </div>
    </section>`,
    { status },
  );
}

export function agentPages(dash: Dash) {
  const app = new Elysia({ name: "dashboard-agents" });
  routesOn(app, dash)
    .get("/agents", (c) => listPage(c, EMPTY_FORM))
    // Once per form: a double submit would leave a second, empty agent of the same name.
    .post(
      "/agents",
      (c) => {
        const accountId = c.form.text("account", "Account", { required: true, max: 100 });
        const profile = readProfile(c.form);
        if (accountId && !listAccounts(c.dash.store).some((a) => a.id === accountId)) c.form.fail("account", "Choose an existing account.");
        if (!c.form.ok) return listPage(c, stateOf(c.form), 400);
        requireAccount(c.dash.store, accountId);
        const { id } = createAgent(c.dash.store, { accountId, ...profile });
        return done(c, `/agents/${id}/material`, { notice: `Agent "${profile.name}" created. Add its material next.` });
      },
      { once: true },
    )
    .get("/agents/:id", (c) => settingsPage(c, EMPTY_FORM))
    .post("/agents/:id", (c) => {
      requireAgent(c.dash.store, c.params.id);
      const profile = readProfile(c.form);
      const accentColor = c.form.text("accent_color", "Accent color", { max: 7 });
      const welcome = c.form.text("welcome", "Welcome message", { max: 500 });
      if (!COLOR.test(accentColor)) c.form.fail("accent_color", "Use a color like #4f46e5.");
      if (!c.form.ok) return settingsPage(c, stateOf(c.form), 400);
      // An emptied welcome message falls back to the default one rather than to nothing.
      const fallback = cosmeticsOf({ accentColor: null, welcome: null }).welcome_message;
      updateAgent(c.dash.store, c.params.id, { ...profile, accentColor: accentColor.toLowerCase(), welcome: welcome || fallback });
      return done(c, `/agents/${c.params.id}`, { notice: "Agent saved. Visitors see the change on their next request." });
    })
    .post("/agents/:id/state", (c) => {
      const state = c.form.choice("state", "State", ["active", "inactive"] as const);
      if (!state) return done(c, `/agents/${c.params.id}`, { error: "Choose active or inactive." });
      updateAgent(c.dash.store, c.params.id, { state });
      return done(c, `/agents/${c.params.id}`, { notice: state === "active" ? "Agent activated." : "Agent deactivated: its keys are refused from now on." });
    })
    .get("/agents/:id/delete", (c) => {
      const agent = requireAgent(c.dash.store, c.params.id);
      return page(
        c,
        `Delete ${agent.name}`,
        html`<p class="crumbs"><a href="/agents">Agents</a> / <a href="/agents/${agent.id}">${agent.name}</a> /</p>
        <h1>Delete ${agent.name}?</h1>
        <div class="card danger-zone">
          <p>This deletes the agent with its material, secret keys, widget installations and chat log. Its keys stop working at once. This cannot be undone.</p>
          <div class="actions">${action(c, `/agents/${agent.id}/delete`, "Delete permanently", { tone: "danger" })} <a class="button" href="/agents/${agent.id}">Cancel</a></div>
        </div>`,
      );
    })
    .post("/agents/:id/delete", (c) => {
      const agent = requireAgent(c.dash.store, c.params.id);
      deleteAgent(c.dash.store, agent.id);
      return done(c, "/agents", { notice: `Agent "${agent.name}" deleted.` });
    });
  return app;
}
