/** Accounts and plans: limits, subscription state, this month's usage and a daily chart. */
import { Elysia } from "elysia";
import { createAccount, listAccounts, requireAccount, updateAccount, DEFAULT_MONTHLY, DEFAULT_RPM, MAX_MONTHLY, MAX_RPM, type Subscription } from "../../admin/accounts";
import { listAgents } from "../../admin/agents";
import { dailyRequests, monthUsage } from "../../admin/usage";
import { html } from "../html";
import { EMPTY_FORM, field, FormReader, select, stateOf, type FormState } from "../form";
import { done, page, routesOn, type Ctx, type Dash } from "../context";
import { dailyChart, usageMeter } from "../chart";
import { csrf, badge, once } from "./parts";

const SUBSCRIPTIONS: Subscription[] = ["active", "past_due"];

function readPlan(f: FormReader) {
  return {
    name: f.text("name", "Name", { required: true, max: 200 }),
    rpm: f.int("rpm", "Requests per minute", 1, MAX_RPM),
    monthly: f.int("monthly", "Monthly allowance", 0, MAX_MONTHLY),
  };
}

function planFields(state: FormState, current?: { name: string; rpm: number; monthly: number }) {
  return html`${field(state, "name", "Name", { required: true, value: current?.name })}
    <div class="row">
      ${field(state, "rpm", "Requests per minute", { type: "number", required: true, value: String(current?.rpm ?? DEFAULT_RPM), attrs: html`min="1" max="${MAX_RPM}"` })}
      ${field(state, "monthly", "Monthly allowance (answers)", { type: "number", required: true, value: String(current?.monthly ?? DEFAULT_MONTHLY), attrs: html`min="0" max="${MAX_MONTHLY}"` })}
    </div>`;
}

function listPage(c: Ctx, state: FormState, status = 200) {
  const rows = listAccounts(c.dash.store);
  return page(
    c,
    "Accounts",
    html`<h1>Accounts and plans</h1>
    ${rows.length
      ? html`<div class="card"><table class="list"><thead><tr><th>Account</th><th>Per minute</th><th>This month</th><th>Subscription</th><th>Agents</th></tr></thead><tbody>
        ${rows.map((a) => html`<tr>
          <td><a href="/accounts/${a.id}">${a.name}</a><div class="id">${a.id}</div></td>
          <td>${a.rpm.toLocaleString("en")}</td>
          <td>${usageMeter(monthUsage(c.dash.store, a.id), a.monthly)}</td>
          <td>${badge(a.subscription === "active" ? "active" : "past due", a.subscription === "active" ? "ok" : "warn")}</td>
          <td>${listAgents(c.dash.store, a.id).length}</td></tr>`)}
        </tbody></table></div>`
      : html`<p class="empty">No accounts yet. Create the first one below.</p>`}
    <form method="post" action="/accounts" class="card" novalidate>
      <h2>New account</h2>${csrf(c)}${once(c)}
      ${planFields(state)}
      <button type="submit" class="button primary">Create account</button>
    </form>`,
    { status },
  );
}

function detailPage(c: Ctx, state: FormState, status = 200) {
  const a = requireAccount(c.dash.store, c.params.id);
  const used = monthUsage(c.dash.store, a.id);
  const agents = listAgents(c.dash.store, a.id);
  return page(
    c,
    a.name,
    html`<p class="crumbs"><a href="/accounts">Accounts</a> /</p>
    <h1>${a.name} ${badge(a.subscription === "active" ? "active" : "past due", a.subscription === "active" ? "ok" : "warn")}</h1>
    <section class="card">
      <h2>This month</h2>
      ${usageMeter(used, a.monthly)}
      ${a.subscription !== "active" ? html`<p class="hint">While the subscription is past due, visitors get the "temporarily unavailable" reply.</p>` : ""}
      ${dailyChart(dailyRequests(c.dash.store, a.id))}
    </section>
    <form method="post" action="/accounts/${a.id}" class="card" novalidate>
      <h2>Plan</h2>${csrf(c)}
      ${planFields(state, a)}
      ${select(state, "subscription", "Subscription", [{ value: "active", label: "Active" }, { value: "past_due", label: "Past due (answers paused)" }], { value: a.subscription })}
      <button type="submit" class="button primary">Save plan</button>
    </form>
    <section class="card">
      <h2>Agents</h2>
      ${agents.length ? html`<ul class="plain">${agents.map((g) => html`<li><a href="/agents/${g.id}">${g.name}</a> ${badge(g.state, g.state === "active" ? "ok" : "muted")}</li>`)}</ul>` : html`<p class="empty">No agents yet.</p>`}
      <a class="button" href="/agents?account=${a.id}">New agent</a>
    </section>`,
    { status },
  );
}

export function accountPages(dash: Dash) {
  const app = new Elysia({ name: "dashboard-accounts" });
  routesOn(app, dash)
    .get("/accounts", (c) => listPage(c, EMPTY_FORM))
    // Once per form: the dashboard cannot delete an account, so a double submit's twin would stay.
    .post(
      "/accounts",
      (c) => {
        const plan = readPlan(c.form);
        if (!c.form.ok) return listPage(c, stateOf(c.form), 400);
        const { id } = createAccount(c.dash.store, { name: plan.name, rpm: plan.rpm!, monthly: plan.monthly! });
        return done(c, `/accounts/${id}`, { notice: `Account "${plan.name}" created.` });
      },
      { once: true },
    )
    .get("/accounts/:id", (c) => detailPage(c, EMPTY_FORM))
    .post("/accounts/:id", (c) => {
      requireAccount(c.dash.store, c.params.id);
      const plan = readPlan(c.form);
      const subscription = c.form.choice("subscription", "Subscription", SUBSCRIPTIONS);
      if (!c.form.ok) return detailPage(c, stateOf(c.form), 400);
      updateAccount(c.dash.store, c.params.id, { name: plan.name, rpm: plan.rpm!, monthly: plan.monthly!, subscription: subscription! });
      return done(c, `/accounts/${c.params.id}`, { notice: "Plan saved. It applies to the next request." });
    });
  return app;
}
