/**
 * The playground: ask an agent a question as a visitor would, with follow-ups. It calls
 * the engine directly, so it neither counts against the plan nor enters the chat log.
 */
import { Elysia } from "elysia";
import { listAgents } from "../../admin/agents";
import { answer } from "../../engine";
import type { ChatMessage } from "../../types";
import { html } from "../html";
import { EMPTY_FORM, field, select, stateOf, type FormState } from "../form";
import { page, redirect, routesOn, type Ctx, type Dash } from "../context";
import { agentHeader, badge, csrf } from "./parts";

const MAX_HISTORY = 20;

interface Turn extends ChatMessage {
  covered?: boolean;
}

/** The conversation so far, carried in a hidden field; anything malformed starts afresh. */
function readHistory(raw: string): Turn[] {
  try {
    const parsed = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((m) => m && (m.role === "user" || m.role === "assistant") && typeof m.content === "string")
      .slice(-MAX_HISTORY)
      .map((m) => ({ role: m.role, content: m.content.slice(0, 10_000), covered: m.covered === true }));
  } catch {
    return [];
  }
}

function playgroundPage(c: Ctx, history: Turn[], state: FormState = EMPTY_FORM, status = 200) {
  const { agent, header } = agentHeader(c, "/playground");
  return page(
    c,
    `${agent.name} · Playground`,
    html`${header}
    <section class="card playground">
      <p class="hint">Ask as a visitor would. Playground answers are not logged and do not count against the plan.${agent.state !== "active" ? " The agent is inactive: visitors cannot reach it." : ""}</p>
      <ol class="transcript" data-testid="playground-transcript" aria-live="polite">
        ${history.map((m, i) => html`<li><div class="msg ${m.role === "user" ? "user" : "bot"}"><span class="who">${m.role === "user" ? "You" : agent.name} ${m.role === "assistant" && !m.covered ? badge("not covered", "warn") : ""}</span>${m.content}</div>
          ${m.role === "assistant" && !m.covered && history[i - 1] ? html`<a class="hint" href="/agents/${agent.id}/material?question=${encodeURIComponent(history[i - 1].content)}">Add an answer for this question</a>` : ""}</li>`)}
      </ol>
      <form method="post" action="/agents/${agent.id}/playground" novalidate>${csrf(c)}
        <input type="hidden" name="history" value="${JSON.stringify(history)}">
        ${field(state, "question", history.length ? "Follow-up question" : "Question", { type: "textarea", rows: 2, required: true, attrs: html`autofocus` })}
        <div class="actions"><button type="submit" class="button primary">Ask</button> ${history.length ? html`<a class="button" href="/agents/${agent.id}/playground">Start over</a>` : ""}</div>
      </form>
    </section>`,
    { status },
  );
}

export function playgroundPages(dash: Dash) {
  const app = new Elysia({ name: "dashboard-playground" });
  routesOn(app, dash)
    .get("/playground", (c) => {
      const agents = listAgents(c.dash.store);
      const chosen = c.url.searchParams.get("agent");
      if (chosen && agents.some((a) => a.id === chosen)) return redirect(`/agents/${chosen}/playground`);
      return page(
        c,
        "Playground",
        html`<h1>Playground</h1>
        ${agents.length
          ? html`<form method="get" action="/playground" class="card inline-filter">${select(EMPTY_FORM, "agent", "Agent", agents.map((a) => ({ value: a.id, label: a.name })))}<button type="submit" class="button primary">Open</button></form>`
          : html`<p class="card empty">Create an <a href="/agents">agent</a> first.</p>`}`,
      );
    })
    .get("/agents/:id/playground", (c) => playgroundPage(c, []))
    .post("/agents/:id/playground", async (c) => {
      const { agent } = agentHeader(c, "");
      const history = readHistory(c.form.value("history"));
      const question = c.form.text("question", "Question", { required: true, max: 4_000, multiline: true });
      if (!c.form.ok) return playgroundPage(c, history, stateOf(c.form), 400);
      const messages: ChatMessage[] = [...history.map(({ role, content }) => ({ role, content })), { role: "user", content: question }];
      const reply = await answer(c.dash.store, agent, messages);
      return playgroundPage(c, [...history, { role: "user", content: question }, { role: "assistant", content: reply.content, covered: reply.covered }]);
    });
  return app;
}
