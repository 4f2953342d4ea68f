/** Questions the material did not cover, most frequent first, each with a one-click "add an answer". */
import { Elysia } from "elysia";
import { listAgents, requireAgent } from "../../admin/agents";
import { listUnanswered } from "../../admin/unanswered";
import { ingest } from "../../engine";
import { html, when } from "../html";
import { EMPTY_FORM, field, select, stateOf, type FormState } from "../form";
import { done, page, routesOn, type Ctx, type Dash } from "../context";
import { agentHeader, csrf } from "./parts";

function unansweredPage(c: Ctx, agentId: string | undefined, failed?: { key: string; state: FormState }, status = 200) {
  const agents = listAgents(c.dash.store);
  const head = c.params.id ? agentHeader(c, "/unanswered").header : html`<h1>Unanswered questions</h1>`;
  const rows = listUnanswered(c.dash.store, { agentId });
  return page(
    c,
    "Unanswered questions",
    html`${head}
    ${c.params.id
      ? ""
      : html`<form method="get" action="/unanswered" class="card filters inline-filter">
          ${select({ values: { agent: agentId ?? "" }, errors: {} }, "agent", "Agent", [{ value: "", label: "All agents" }, ...agents.map((a) => ({ value: a.id, label: a.name }))])}
          <button type="submit" class="button">Show</button></form>`}
    <p class="hint">What visitors asked that the material did not cover, most frequent first. Adding an answer creates a question/answer pair, used from the next question on.</p>
    ${rows.length
      ? html`<ol class="unanswered" data-testid="unanswered-list">${rows.map((r, i) => {
          const key = `${r.agent_id}\0${r.question.toLowerCase().trim()}`;
          const state = failed?.key === key ? failed.state : EMPTY_FORM;
          return html`<li class="card">
            <div class="head-row"><p class="question">${r.question}</p><span class="count" title="times asked">${r.times}×</span></div>
            <p class="hint">${r.agent_name} · last asked ${when(r.last_at)}</p>
            <details ${failed?.key === key ? html`open` : ""}><summary class="button">Add an answer</summary>
              <form method="post" action="/unanswered/answer" novalidate>${csrf(c)}
                <input type="hidden" name="agent" value="${r.agent_id}"><input type="hidden" name="original" value="${r.question}">
                <input type="hidden" name="back" value="${c.url.pathname + c.url.search}">
                ${field(state, "question", "Question", { value: r.question, required: true, id: `f-question-${i}` })}
                ${field(state, "answer", "Answer", { type: "textarea", rows: 3, required: true, id: `f-answer-${i}` })}
                <button type="submit" class="button primary">Save answer</button>
              </form></details>
          </li>`;
        })}</ol>`
      : html`<p class="card empty">Nothing unanswered${agentId ? " for this agent" : ""}. </p>`}`,
    { status },
  );
}

/** Where to return after an answer: one of the unanswered lists (its filter kept), within reason. */
function safeBack(back: string): string {
  return back.length <= 2_000 && /^\/(unanswered|agents\/[\w-]+\/unanswered)(\?|$)/.test(back) ? back : "/unanswered";
}

export function unansweredPages(dash: Dash) {
  const app = new Elysia({ name: "dashboard-unanswered" });
  routesOn(app, dash)
    .get("/unanswered", (c) => unansweredPage(c, c.url.searchParams.get("agent") || undefined))
    .get("/agents/:id/unanswered", (c) => unansweredPage(c, requireAgent(c.dash.store, c.params.id).id))
    .post("/unanswered/answer", async (c) => {
      const agent = requireAgent(c.dash.store, c.form.value("agent"));
      const original = c.form.value("original");
      const question = c.form.text("question", "Question", { required: true, max: 1_000 });
      const answer = c.form.text("answer", "Answer", { required: true, max: 10_000, multiline: true });
      const back = safeBack(c.form.value("back"));
      if (!c.form.ok) return unansweredPage(c, c.url.searchParams.get("agent") || undefined, { key: `${agent.id}\0${original.toLowerCase().trim()}`, state: stateOf(c.form) }, 400);
      await ingest(c.dash.store, agent.id, { kind: "qa", question, answer });
      return done(c, back, { notice: `Answer added to ${agent.name}: "${question}".` });
    });
  return app;
}
