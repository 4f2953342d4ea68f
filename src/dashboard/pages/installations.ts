/** Widget installations: allowed origins, the embed snippet with a copy button, rotate, revoke. */
import { Elysia } from "elysia";
import { createInstallation, listInstallations, parseOrigins, revokeInstallation, rotateInstallation, setInstallationOrigins } from "../../admin/keys";
import { html } from "../html";
import { EMPTY_FORM, field, FormReader, stateOf, type FormState } from "../form";
import { done, page, routesOn, type Ctx, type Dash } from "../context";
import { action, agentHeader, badge, csrf, once } from "./parts";
import { CliError } from "../../errors";

/** Plenty for a list of sites; errors quote an origin, so none may be unbounded. */
const MAX_ORIGINS_CHARS = 10_000;

/** Origins from a textarea (one per line, or separated by commas/spaces); errors go on the field. */
function readOrigins(f: FormReader, name: string): string[] | null {
  const text = f.text(name, "Allowed origins", { max: MAX_ORIGINS_CHARS, multiline: true });
  if (!f.ok) return null;
  const raw = text.split(/[\s,]+/).filter(Boolean);
  try {
    return parseOrigins(raw);
  } catch (err) {
    if (!(err instanceof CliError)) throw err;
    f.fail(name, raw.length ? err.message.replace(/^invalid origin/, "Not an origin") + "." : "Enter at least one origin, e.g. https://shop.example.com.");
    return null;
  }
}

function installationsPage(c: Ctx, forms: { create?: FormState; edit?: { id: string; state: FormState } } = {}, status = 200) {
  const { agent, header } = agentHeader(c, "/installations");
  const list = listInstallations(c.dash.store, agent.id, c.dash.publicUrl()).reverse();
  return page(
    c,
    `${agent.name} · Widget`,
    html`${header}
    ${list.map((inst) => {
      const edit = forms.edit?.id === inst.id ? forms.edit.state : EMPTY_FORM;
      return html`<section class="card" data-installation="${inst.id}">
        <h2>Installation ${badge(inst.state, inst.state === "active" ? "ok" : "muted")}</h2>
        <p class="id">${inst.id}</p>
        ${inst.snippet
          ? html`<p>Paste this into every page of your site that should show the chat:</p>
            <div class="copy-row"><code class="snippet" id="snippet-${inst.id}">${inst.snippet}</code>
            <button type="button" class="button" data-copy="#snippet-${inst.id}">Copy snippet</button></div>`
          : html`<p class="hint">Revoked: its publishable key is refused.</p>`}
        ${inst.state === "active"
          ? html`<form method="post" action="/agents/${agent.id}/installations/${inst.id}/origins" novalidate>${csrf(c)}
              ${field(edit, "origins", "Allowed origins", { id: `f-origins-${inst.id}`, type: "textarea", rows: 2, value: inst.origins.join("\n"), hint: "One per line: scheme://host[:port]; https://*.example.com allows its subdomains." })}
              <div class="actions"><button type="submit" class="button">Save origins</button>
              ${action(c, `/agents/${agent.id}/installations/${inst.id}/rotate`, "Rotate key")}
              ${action(c, `/agents/${agent.id}/installations/${inst.id}/revoke`, "Revoke", { tone: "danger" })}</div>
            </form>`
          : html`<p class="hint">Origins were: ${inst.origins.join(", ")}</p>`}
      </section>`;
    })}
    <form method="post" action="/agents/${agent.id}/installations" class="card" novalidate>
      <h2>New widget installation</h2>${csrf(c)}${once(c)}
      ${field(forms.create ?? EMPTY_FORM, "origins", "Allowed origins", { type: "textarea", rows: 2, placeholder: "https://shop.example.com", hint: "The sites allowed to show this agent's chat, one per line." })}
      <button type="submit" class="button primary">Create installation</button>
    </form>`,
    { status },
  );
}

export function installationPages(dash: Dash) {
  const app = new Elysia({ name: "dashboard-installations" });
  const base = (c: Ctx) => `/agents/${c.params.id}/installations`;
  const requireOwn = (c: Ctx) => {
    if (!listInstallations(c.dash.store, c.params.id, c.dash.publicUrl()).some((i) => i.id === c.params.iid)) throw new CliError(`unknown installation: ${c.params.iid}`);
  };
  routesOn(app, dash)
    .get("/agents/:id/installations", (c) => installationsPage(c))
    // Once per form: a double submit would leave a second live publishable key for the same sites.
    .post(
      "/agents/:id/installations",
      (c) => {
        agentHeader(c, "");
        const origins = readOrigins(c.form, "origins");
        if (!origins) return installationsPage(c, { create: stateOf(c.form) }, 400);
        createInstallation(c.dash.store, c.params.id, origins, c.dash.publicUrl());
        return done(c, base(c), { notice: "Installation created: copy its snippet into your site." });
      },
      { once: true },
    )
    .post("/agents/:id/installations/:iid/origins", (c) => {
      requireOwn(c);
      const origins = readOrigins(c.form, "origins");
      if (!origins) return installationsPage(c, { edit: { id: c.params.iid, state: stateOf(c.form) } }, 400);
      setInstallationOrigins(c.dash.store, c.params.iid, origins);
      return done(c, base(c), { notice: "Allowed origins saved." });
    })
    .post("/agents/:id/installations/:iid/rotate", (c) => {
      requireOwn(c);
      rotateInstallation(c.dash.store, c.params.iid, c.dash.publicUrl());
      return done(c, base(c), { notice: "Publishable key rotated: update the snippet on your site; the old one is refused from now on." });
    })
    .post("/agents/:id/installations/:iid/revoke", (c) => {
      requireOwn(c);
      revokeInstallation(c.dash.store, c.params.iid);
      return done(c, base(c), { notice: "Installation revoked: its widget stops working at once." });
    });
  return app;
}
