/** An agent's material: upload files, add a URL or a question/answer pair, list, remove; progress for long ingestion. */
import { Elysia } from "elysia";
import { ingest, listMaterial, removeMaterial, SUPPORTED_FILE_TYPES } from "../../engine";
import type { Job } from "../../admin/ingest-jobs";
import { clip, html, plural, when } from "../html";
import { EMPTY_FORM, field, stateOf, type FormState } from "../form";
import { done, page, redirect, routesOn, type Ctx, type Dash } from "../context";
import { action, agentHeader, badge, csrf } from "./parts";
import { CliError } from "../../errors";

const MAX_QA = 10_000;
const MAX_QUESTION = 1_000;
/** Checked again by the engine; here so a wrong choice is reported beside the field. */
const MAX_UPLOAD_MIB = 20;
/** What file systems allow; a name is shown in messages and becomes the material's title. */
const MAX_FILE_NAME = 255;

function jobView(c: Ctx, job: Job) {
  const total = job.labels.length;
  const pct = Math.round((job.done / total) * 100);
  return html`<div class="card job" data-job="/agents/${job.agentId}/material/jobs/${job.id}" data-state="${job.state}">
    <h3>${job.state === "running" ? "Adding material…" : job.errors.length ? "Some material could not be added" : "Material added"}</h3>
    <progress max="${total}" value="${job.done}" aria-label="Ingestion progress">${pct}%</progress>
    <p class="hint" data-job-status>${job.state === "running" ? `${job.done} of ${total} done${job.current ? ` — reading ${job.current}` : ""}` : `${job.done} of ${total} processed`}</p>
    ${job.errors.length ? html`<ul class="errors">${job.errors.map((e) => html`<li>${e}</li>`)}</ul>` : ""}
    ${job.state === "finished" ? action(c, `/agents/${job.agentId}/material/jobs/${job.id}/dismiss`, "Dismiss") : html`<noscript><a href="">Refresh to see progress</a></noscript>`}
  </div>`;
}

function materialPage(c: Ctx, forms: { upload?: FormState; url?: FormState; qa?: FormState } = {}, status = 200) {
  const { agent, header } = agentHeader(c, "/material");
  const items = listMaterial(c.dash.store, agent.id);
  const jobs = c.dash.jobs.forAgent(agent.id);
  return page(
    c,
    `${agent.name} · Material`,
    html`${header}
    ${jobs.map((j) => jobView(c, j))}
    <section class="card">
      <h2>Material ${badge(plural(items.length, "item"))}</h2>
      ${items.length
        ? html`<table class="list" data-testid="material-list"><thead><tr><th>Title</th><th>Kind</th><th>Passages</th><th>Size</th><th>Added</th><th>Status</th><th></th></tr></thead><tbody>
          ${items.map((m) => html`<tr><td>${m.title}${m.source ? html`<div class="id">${m.source}</div>` : ""}</td><td>${m.kind}</td><td>${m.passages}</td>
            <td>${plural(m.chars, "char")}</td><td>${when(m.created_at)}</td><td>${badge("ready", "ok")}</td>
            <td>${action(c, `/agents/${agent.id}/material/${m.id}/remove`, "Remove", { tone: "danger" })}</td></tr>`)}
          </tbody></table>`
        : html`<p class="empty">No material yet: the agent will answer "not available" to everything.</p>`}
    </section>
    <div class="grid3">
      <form method="post" action="/agents/${agent.id}/material/upload" enctype="multipart/form-data" class="card" novalidate>
        <h2>Upload files</h2>${csrf(c)}
        ${field(forms.upload ?? EMPTY_FORM, "files", "Files", { type: "file", attrs: html`multiple accept="${SUPPORTED_FILE_TYPES.join(",")}"`, hint: `Markdown, text, PDF, DOCX or HTML pages; CSV or JSON files of questions and answers. Up to ${MAX_UPLOAD_MIB} MiB each.` })}
        <button type="submit" class="button primary">Upload</button>
      </form>
      <form method="post" action="/agents/${agent.id}/material/url" class="card" novalidate>
        <h2>Add a web page</h2>${csrf(c)}
        ${field(forms.url ?? EMPTY_FORM, "url", "Address", { type: "url", placeholder: "https://help.example.com/shipping", hint: "The page's main content is kept; menus and footers are dropped." })}
        <button type="submit" class="button primary">Add page</button>
      </form>
      <form method="post" action="/agents/${agent.id}/material/qa" class="card" novalidate>
        <h2>Add a question and answer</h2>${csrf(c)}
        ${field(forms.qa ?? EMPTY_FORM, "question", "Question", { required: true })}
        ${field(forms.qa ?? EMPTY_FORM, "answer", "Answer", { type: "textarea", rows: 3, required: true })}
        <button type="submit" class="button primary">Add answer</button>
      </form>
    </div>`,
    { status },
  );
}

export function materialPages(dash: Dash) {
  const app = new Elysia({ name: "dashboard-material" });
  const base = (c: Ctx) => `/agents/${c.params.id}/material`;
  routesOn(app, dash)
    .get("/agents/:id/material", (c) => {
      // The playground links here with the question it could not answer, ready for its answer.
      const question = c.url.searchParams.get("question")?.slice(0, MAX_QUESTION);
      return materialPage(c, question ? { qa: { values: { question }, errors: {} } } : {});
    })
    .post(
      "/agents/:id/material/upload",
      (c) => {
        agentHeader(c, "");
        const files = c.form.files("files");
        if (!files.length) c.form.fail("files", "Choose at least one file.");
        for (const f of files) {
          const ext = (/\.[^.]+$/.exec(f.name.toLowerCase()) ?? [""])[0];
          if (f.name.length > MAX_FILE_NAME) c.form.fail("files", `${clip(f.name, 60)}: the file name is longer than ${MAX_FILE_NAME} characters. Rename the file.`);
          else if (!SUPPORTED_FILE_TYPES.includes(ext)) c.form.fail("files", `${f.name}: unsupported file type (supported: ${SUPPORTED_FILE_TYPES.join(", ")}).`);
          else if (f.size > MAX_UPLOAD_MIB * 1024 * 1024) c.form.fail("files", `${f.name} is larger than ${MAX_UPLOAD_MIB} MiB.`);
        }
        if (!c.form.ok) return materialPage(c, { upload: stateOf(c.form) }, 400);
        const job = c.dash.jobs.start(
          c.params.id,
          files.map((f) => ({ label: f.name, load: async () => ({ kind: "bytes" as const, name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) }) })),
        );
        return redirect(`${base(c)}?job=${job.id}`);
      },
      { upload: true },
    )
    .post("/agents/:id/material/url", (c) => {
      agentHeader(c, "");
      const url = c.form.text("url", "Address", { required: true, max: 2_000 });
      if (url && !/^https?:\/\/[^\s/]+/i.test(url)) c.form.fail("url", "Enter a full address starting with http:// or https://.");
      if (!c.form.ok) return materialPage(c, { url: stateOf(c.form) }, 400);
      const job = c.dash.jobs.start(c.params.id, [{ label: url, load: async () => ({ kind: "url" as const, url }) }]);
      return redirect(`${base(c)}?job=${job.id}`);
    })
    .post("/agents/:id/material/qa", async (c) => {
      agentHeader(c, "");
      const question = c.form.text("question", "Question", { required: true, max: MAX_QUESTION });
      const answer = c.form.text("answer", "Answer", { required: true, max: MAX_QA, multiline: true });
      if (!c.form.ok) return materialPage(c, { qa: stateOf(c.form) }, 400);
      await ingest(c.dash.store, c.params.id, { kind: "qa", question, answer });
      return done(c, base(c), { notice: `Answer added for "${question}".` });
    })
    .post("/agents/:id/material/:mid/remove", (c) => {
      agentHeader(c, "");
      if (!listMaterial(c.dash.store, c.params.id).some((m) => m.id === c.params.mid)) throw new CliError(`unknown material: ${c.params.mid}`);
      removeMaterial(c.dash.store, c.params.mid);
      return done(c, base(c), { notice: "Material removed: it no longer shapes answers." });
    })
    .get("/agents/:id/material/jobs/:job", (c) => {
      const job = c.dash.jobs.get(c.params.job);
      if (!job || job.agentId !== c.params.id) return Response.json({ error: "unknown job" }, { status: 404 });
      return Response.json({ state: job.state, done: job.done, total: job.labels.length, current: job.current, errors: job.errors });
    })
    .post("/agents/:id/material/jobs/:job/dismiss", (c) => {
      c.dash.jobs.dismiss(c.params.job);
      return redirect(base(c));
    });
  return app;
}
