/** Secret keys: create (value shown once, with a copy button), list by hint and state, rotate, revoke. */
import { Elysia } from "elysia";
import { createSecretKey, listKeys, revokeSecretKey, rotateSecretKey } from "../../admin/keys";
import { html, when } from "../html";
import { done, page, routesOn, type Ctx, type Dash } from "../context";
import { action, agentHeader, badge } from "./parts";
import { CliError } from "../../errors";

const ONCE = "Copy it now: it is shown only this once. Zenith keeps only a hash of it.";

function requireOwnKey(c: Ctx) {
  const key = listKeys(c.dash.store, c.params.id).find((k) => k.id === c.params.kid && k.kind === "secret");
  if (!key) throw new CliError(`unknown key: ${c.params.kid}`);
}

export function keyPages(dash: Dash) {
  const app = new Elysia({ name: "dashboard-keys" });
  const base = (c: Ctx) => `/agents/${c.params.id}/keys`;
  routesOn(app, dash)
    .get("/agents/:id/keys", (c) => {
      const { agent, header } = agentHeader(c, "/keys");
      const keys = listKeys(c.dash.store, agent.id).filter((k) => k.kind === "secret").reverse();
      return page(
        c,
        `${agent.name} · Secret keys`,
        html`${header}
        <section class="card">
          <h2>Secret keys</h2>
          <p class="hint">For your servers: send one as <code>Authorization: Bearer …</code> to <code>${c.dash.publicUrl()}/v1/chat/completions</code>. Never put a secret key in a web page.</p>
          ${keys.length
            ? html`<table class="list" data-testid="key-list"><thead><tr><th>Key</th><th>Id</th><th>Created</th><th>State</th><th></th></tr></thead><tbody>
              ${keys.map((k) => html`<tr><td><code>${k.hint}</code></td><td class="id">${k.id}</td><td>${when(k.createdAt)}</td>
                <td>${badge(k.state, k.state === "active" ? "ok" : "muted")}</td>
                <td class="actions">${k.state === "active" ? html`${action(c, `${base(c)}/${k.id}/rotate`, "Rotate")} ${action(c, `${base(c)}/${k.id}/revoke`, "Revoke", { tone: "danger" })}` : ""}</td></tr>`)}
              </tbody></table>`
            : html`<p class="empty">No secret keys yet.</p>`}
          ${action(c, base(c), "Create secret key", { once: true })}
        </section>`,
      );
    })
    // One key per form: a double submit would make a second active key whose value nobody sees.
    .post(
      "/agents/:id/keys",
      (c) => {
        const { key } = createSecretKey(c.dash.store, c.params.id);
        return done(c, base(c), { secret: { title: "New secret key", value: key, note: ONCE } });
      },
      { once: true },
    )
    .post("/agents/:id/keys/:kid/rotate", (c) => {
      requireOwnKey(c);
      const { key } = rotateSecretKey(c.dash.store, c.params.kid);
      return done(c, base(c), { notice: "Key rotated: the old value is refused from now on.", secret: { title: "Replacement secret key", value: key, note: ONCE } });
    })
    .post("/agents/:id/keys/:kid/revoke", (c) => {
      requireOwnKey(c);
      revokeSecretKey(c.dash.store, c.params.kid);
      return done(c, base(c), { notice: "Key revoked: it is refused from now on." });
    });
  return app;
}
