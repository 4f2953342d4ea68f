/** The chat log: sessions filtered by agent, key, installation, date and text; transcripts; export; retention. */
import { Elysia } from "elysia";
import Papa from "papaparse";
import { listAgents } from "../../admin/agents";
import { listInstallations, listKeys } from "../../admin/keys";
import { searchSessions, searchTurns, transcript, type LogQuery } from "../../admin/log-search";
import { getRetentionDays, MAX_RETENTION_DAYS, setRetentionDays } from "../../admin/retention";
import { clip, html, plural, when } from "../html";
import { EMPTY_FORM, field, select, stateOf, type FormState } from "../form";
import { done, page, routesOn, type Ctx, type Dash } from "../context";
import { badge, csrf } from "./parts";
import { CliError } from "../../errors";

const PAGE_SIZE = 50;
/** Keeps the row offset a safe integer for SQLite (a page past it is past any real log). */
const MAX_PAGE = 1_000_000;
const FILTERS = ["agent", "key", "installation", "from", "to", "q"] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Longer than any id or search worth running; the values are shown back in the form. */
const MAX_FILTER = 500;

/** Midnight UTC of a calendar day, or NaN; "2026-02-30" is refused, not read as 2 March. */
function parseDay(v: string): number {
  const ms = DAY.test(v) ? Date.parse(`${v}T00:00:00Z`) : NaN;
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === v ? ms : NaN;
}

/**
 * The page number from the URL: absent is 1, a whole number past the end is the last page
 * (the caller clamps it), anything else ("abc", "-1", "1e308") is an error.
 */
function readPage(url: URL): { page: number; error?: string } {
  const raw = url.searchParams.get("page")?.trim() ?? "";
  if (!raw) return { page: 1 };
  if (!/^\d+$/.test(raw)) return { page: 1, error: `There is no page "${clip(raw, 40)}": pages are numbered 1, 2, 3 and so on.` };
  return { page: Math.min(Math.max(1, Number(raw)), MAX_PAGE) };
}

/** The query from the URL; bad dates become errors beside their fields. */
function readQuery(url: URL): { query: LogQuery; state: FormState } {
  const values: Record<string, string> = {};
  const errors: Record<string, string> = {};
  for (const k of FILTERS) {
    values[k] = url.searchParams.get(k)?.trim() ?? "";
    if (values[k].length > MAX_FILTER) {
      errors[k] = `At most ${MAX_FILTER} characters.`;
      values[k] = values[k].slice(0, MAX_FILTER);
    }
  }
  const day = (name: "from" | "to", endOfDay: boolean): number | undefined => {
    const v = values[name];
    if (!v || errors[name]) return undefined;
    const ms = parseDay(v);
    if (Number.isNaN(ms)) {
      errors[name] = DAY.test(v) ? `There is no such day as ${v}.` : "Use a date like 2026-01-31.";
      return undefined;
    }
    return endOfDay ? ms + 86_400_000 - 1 : ms;
  };
  const query: LogQuery = {
    agentId: values.agent || undefined,
    keyId: values.key || undefined,
    installationId: values.installation || undefined,
    from: day("from", false),
    to: day("to", true),
    text: values.q || undefined,
  };
  if (query.from !== undefined && query.to !== undefined && query.from > query.to) errors.to = "The end date is before the start date.";
  return { query, state: { values, errors } };
}

function filterString(state: FormState): string {
  const p = new URLSearchParams();
  for (const k of FILTERS) if (state.values[k]) p.set(k, state.values[k]);
  return p.toString();
}

function filterForm(c: Ctx, state: FormState) {
  const agents = listAgents(c.dash.store);
  const keys = agents.flatMap((a) => listKeys(c.dash.store, a.id).filter((k) => k.kind === "secret").map((k) => ({ value: k.id, label: `${a.name}: ${k.hint}${k.state === "revoked" ? " (revoked)" : ""}` })));
  const installs = agents.flatMap((a) => listInstallations(c.dash.store, a.id, c.dash.publicUrl()).map((i) => ({ value: i.id, label: `${a.name}: ${i.origins.join(", ")}` })));
  const any = { value: "", label: "Any" };
  return html`<form method="get" action="/log" class="card filters" novalidate>
    <div class="row">
      ${select(state, "agent", "Agent", [any, ...agents.map((a) => ({ value: a.id, label: a.name }))])}
      ${select(state, "key", "Secret key", [any, ...keys])}
      ${select(state, "installation", "Widget installation", [any, ...installs])}
    </div>
    <div class="row">
      ${field(state, "from", "From (UTC)", { type: "date" })}
      ${field(state, "to", "To (UTC)", { type: "date" })}
      ${field(state, "q", "Search", { type: "search", placeholder: "words in a question or answer" })}
    </div>
    <div class="actions"><button type="submit" class="button primary">Filter</button> <a class="button" href="/log">Clear</a></div>
  </form>`;
}

function retentionForm(c: Ctx, state: FormState) {
  const days = getRetentionDays(c.dash.store);
  return html`<form method="post" action="/log/retention" class="card" novalidate>
    <h2>Retention</h2>${csrf(c)}
    <p class="hint">${days === null ? "The chat log is kept until you delete it." : `Turns older than ${plural(days, "day")} are deleted (checked hourly and when you save).`}</p>
    ${field(state, "days", "Keep turns for (days)", { type: "number", value: days === null ? "" : String(days), attrs: html`min="1" max="${MAX_RETENTION_DAYS}"`, hint: "Leave empty to keep everything. Saving deletes older turns at once." })}
    <button type="submit" class="button">Save retention</button>
  </form>`;
}

/** One page of matching sessions; a page past the end shows the last one. */
function sessionsPage(c: Ctx, query: LogQuery, requested: number) {
  const search = (n: number) => searchSessions(c.dash.store, query, PAGE_SIZE, (n - 1) * PAGE_SIZE);
  const first = search(requested);
  const pages = Math.max(1, Math.ceil(first.total / PAGE_SIZE));
  if (requested <= pages) return { ...first, pageNo: requested, pages };
  return { ...search(pages), pageNo: pages, pages };
}

function logPage(c: Ctx, retention: FormState = EMPTY_FORM, status = 200) {
  const { query, state } = readQuery(c.url);
  const requested = readPage(c.url);
  const valid = Object.keys(state.errors).length === 0 && !requested.error;
  const { sessions, total, pageNo, pages } = valid ? sessionsPage(c, query, requested.page) : { sessions: [], total: 0, pageNo: 1, pages: 1 };
  const qs = filterString(state);
  return page(
    c,
    "Chat log",
    html`<h1>Chat log</h1>
    ${filterForm(c, state)}
    <section class="card">
      <div class="head-row"><h2>${plural(total, "session")}</h2>
        <div class="actions"><a class="button" href="/log/export.csv?${qs}" download>Export CSV</a> <a class="button" href="/log/export.json?${qs}" download>Export JSON</a></div></div>
      ${sessions.length
        ? html`<table class="list" data-testid="log-list"><thead><tr><th>Last activity</th><th>Agent</th><th>First question</th><th>Turns</th><th>Via</th></tr></thead><tbody>
          ${sessions.map((s) => html`<tr><td><a href="/log/sessions/${s.id}">${when(s.last_at)}</a></td><td>${s.agent_name}</td><td class="clip">${s.first_question}</td>
            <td>${s.turns}</td><td>${s.installation_id ? "widget" : s.key_id ? "API key" : "—"}</td></tr>`)}
          </tbody></table>
          ${pages > 1 ? html`<p class="pager">${pageNo > 1 ? html`<a href="/log?${qs}&page=${pageNo - 1}">← Newer</a>` : ""} Page ${pageNo} of ${pages} ${pageNo < pages ? html`<a href="/log?${qs}&page=${pageNo + 1}">Older →</a>` : ""}</p>` : ""}`
        : requested.error
          ? html`<p class="notice error" role="alert">${requested.error} <a href="/log?${qs}">Show the first page</a></p>`
          : html`<p class="empty">${valid ? "No conversations match." : "Fix the filters above."}</p>`}
    </section>
    ${retentionForm(c, retention)}`,
    { status: valid ? status : 400 },
  );
}

function exportFilename(ext: string): string {
  return `zenith-chat-log-${new Date().toISOString().slice(0, 10)}.${ext}`;
}

export function logPages(dash: Dash) {
  const app = new Elysia({ name: "dashboard-log" });
  const exporter = (format: "csv" | "json") => (c: Ctx) => {
    const { query, state } = readQuery(c.url);
    if (Object.keys(state.errors).length) throw new CliError(Object.values(state.errors).join(" "));
    const rows = searchTurns(c.dash.store, query);
    const body = format === "json" ? JSON.stringify({ turns: rows }, null, 2) : Papa.unparse(rows, { escapeFormulae: true });
    return new Response(body, {
      headers: {
        "content-type": format === "json" ? "application/json; charset=utf-8" : "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${exportFilename(format)}"`,
        "cache-control": "no-store",
      },
    });
  };
  routesOn(app, dash)
    .get("/log", (c) => logPage(c))
    .get("/log/export.csv", exporter("csv"))
    .get("/log/export.json", exporter("json"))
    .get("/log/sessions/:sid", (c) => {
      const t = transcript(c.dash.store, c.params.sid);
      if (!t) throw new CliError(`unknown session: ${c.params.sid}`);
      const s = t.session;
      return page(
        c,
        "Conversation",
        html`<p class="crumbs"><a href="/log">Chat log</a> /</p>
        <h1>Conversation with ${s.agent_name}</h1>
        <p class="hint">Started ${when(s.created_at)} · ${s.installation_id ? `widget installation ${s.installation_id}` : s.key_id ? `secret key ${s.key_id}` : ""}${s.session_id ? ` · session id ${s.session_id}` : ""}</p>
        <ol class="transcript">${t.turns.map((turn) => html`<li>
          <div class="msg user"><span class="who">Visitor</span>${turn.question}</div>
          <div class="msg bot"><span class="who">${s.agent_name} ${turn.covered ? "" : badge("not covered", "warn")}</span>${turn.answer}</div>
          <p class="meta">${turn.created_at.slice(0, 16).replace("T", " ")} UTC · ${turn.prompt_tokens + turn.completion_tokens} tokens</p></li>`)}</ol>
        <p><a class="button" href="/log/export.json?agent=${s.agent_id}">Export this agent's log</a></p>`,
      );
    })
    .post("/log/retention", (c) => {
      const raw = c.form.value("days").trim();
      const days = raw ? c.form.int("days", "Days", 1, MAX_RETENTION_DAYS) : null;
      if (!c.form.ok) return logPage(c, stateOf(c.form), 400);
      const { deleted } = setRetentionDays(c.dash.store, days ?? null);
      return done(c, "/log", { notice: days === null ? "Retention off: the log is kept." : `Retention set to ${plural(days!, "day")}; ${plural(deleted, "older turn")} deleted.` });
    });
  return app;
}
