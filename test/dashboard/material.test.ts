/** Material, installations and agent deletion through the dashboard, in-process. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { dashboard, fieldError, type Client, type Dashboard } from "./client";
import { createAccount } from "../../src/admin/accounts";
import { createAgent, listAgents } from "../../src/admin/agents";
import { listInstallations } from "../../src/admin/keys";
import { listMaterial } from "../../src/engine";
import { until } from "../support/binary";

let d: Dashboard;
let c: Client;
let agent: string;
const site = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  fetch: () =>
    new Response(
      `<html><head><title>Opening hours</title></head><body><nav>Home | Shop | Cart</nav><main><h1>Opening hours</h1>
       <p>Our Berlin café is open from 8 am to 6 pm on weekdays and from 9 am to 4 pm on Saturdays.</p>
       <p>We are closed on Sundays and public holidays.</p></main><footer>© Acme</footer></body></html>`,
      { headers: { "content-type": "text/html" } },
    ),
});
afterAll(() => site.stop(true));

beforeAll(async () => {
  d = dashboard();
  c = d.client();
  await c.signIn(d.password);
  const account = createAccount(d.store, { name: "Acme" }).id;
  agent = createAgent(d.store, { accountId: account, name: "Acme Help" }).id;
});

describe("material", () => {
  test("a web page is added in the background with progress, listed, then removed", async () => {
    await c.get(`/agents/${agent}/material`);
    const res = await c.post(`/agents/${agent}/material/url`, { url: `http://127.0.0.1:${site.port}/hours` });
    expect(res.status).toBe(303);
    const job = new URL(res.location!, "http://x").searchParams.get("job")!;
    const progress = async () => (await c.request(`/agents/${agent}/material/jobs/${job}`)).json();
    await until(async () => (await progress()).state === "finished", 15_000);
    expect(await progress()).toMatchObject({ state: "finished", done: 1, total: 1, errors: [] });
    const [item] = listMaterial(d.store, agent);
    expect(item.source).toContain(`127.0.0.1:${site.port}`);
    const page = await c.get(`/agents/${agent}/material`);
    expect(page.body).toContain(item.title);
    await c.post(`/agents/${agent}/material/${item.id}/remove`);
    expect(listMaterial(d.store, agent)).toHaveLength(0);
  });

  test("progress is reported while a long ingestion runs", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const job = d.admin.dash.jobs.start(agent, [
      { label: "first.md", load: async () => ({ kind: "text", text: "# One\n\nThe first document.", title: "One" }) },
      { label: "second.md", load: async () => (await gate, { kind: "text", text: "# Two\n\nThe second document.", title: "Two" }) },
    ]);
    const status = async () => (await c.request(`/agents/${agent}/material/jobs/${job.id}`)).json();
    await until(async () => (await status()).done === 1);
    expect(await status()).toMatchObject({ state: "running", done: 1, total: 2, current: "second.md" });
    expect((await c.get(`/agents/${agent}/material`)).body).toContain("1 of 2 done");
    release();
    await until(async () => (await status()).state === "finished");
    expect(listMaterial(d.store, agent).map((m) => m.title).sort()).toEqual(["One", "Two"]);
  });

  test("an unsupported file or an empty Q&A is refused beside its field", async () => {
    await c.get(`/agents/${agent}/material`);
    const form = new FormData();
    form.set("_csrf", c.csrf);
    form.set("files", new File(["MZ"], "setup.exe"));
    const res = await c.request(`/agents/${agent}/material/upload`, { method: "POST", body: form });
    expect(res.status).toBe(400);
    expect(fieldError(await res.text(), "files")).toContain("setup.exe: unsupported file type");
    const qa = await c.post(`/agents/${agent}/material/qa`, { question: "Kept question?", answer: " " });
    expect(qa.status).toBe(400);
    expect(fieldError(qa.body, "answer")).toBe("Answer is required.");
    expect(qa.body).toContain('value="Kept question?"');
  });

  test("a file that cannot be read is reported on the page, and the others are still added", async () => {
    await c.get(`/agents/${agent}/material`);
    const form = new FormData();
    form.set("_csrf", c.csrf);
    form.append("files", new File(["not a pdf at all"], "broken.pdf"));
    form.append("files", new File(["# Hours\n\nOpen daily."], "hours.md"));
    const res = await c.request(`/agents/${agent}/material/upload`, { method: "POST", body: form });
    const job = new URL(res.headers.get("location")!, "http://x").searchParams.get("job")!;
    await until(() => d.admin.dash.jobs.get(job)?.state === "finished", 15_000);
    const page = await c.get(`/agents/${agent}/material`);
    expect(page.body).toContain("broken.pdf");
    expect(page.body).toContain("Some material could not be added");
    expect(listMaterial(d.store, agent).some((m) => m.source === "hours.md")).toBe(true);
  });
});

describe("installations", () => {
  test("origins can be changed, the key rotated, and the installation revoked", async () => {
    await c.get(`/agents/${agent}/installations`);
    await c.post(`/agents/${agent}/installations`, { origins: "https://shop.example.com\nhttps://*.example.org" });
    const [inst] = listInstallations(d.store, agent, "http://api.test");
    expect(inst.origins).toEqual(["https://shop.example.com", "https://*.example.org"]);
    expect((await c.get(`/agents/${agent}/installations`)).body).toContain(`data-key=&quot;${inst.publishable_key}&quot;`);
    await c.post(`/agents/${agent}/installations/${inst.id}/origins`, { origins: "https://new.example.com" });
    await c.post(`/agents/${agent}/installations/${inst.id}/rotate`);
    const rotated = listInstallations(d.store, agent, "http://api.test")[0];
    expect(rotated.origins).toEqual(["https://new.example.com"]);
    expect(rotated.publishable_key).not.toBe(inst.publishable_key);
    await c.post(`/agents/${agent}/installations/${inst.id}/revoke`);
    expect(listInstallations(d.store, agent, "http://api.test")[0]).toMatchObject({ state: "revoked", publishable_key: null });
  });
});

describe("agents", () => {
  test("delete asks for confirmation first, then removes the agent", async () => {
    const page = await c.get(`/agents/${agent}/delete`);
    expect(page.body).toContain("This cannot be undone");
    expect(listAgents(d.store)).toHaveLength(1);
    const res = await c.post(`/agents/${agent}/delete`);
    expect(res.location).toBe("/agents");
    expect(listAgents(d.store)).toHaveLength(0);
  });
});
