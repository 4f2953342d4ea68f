/** The management pages in-process: validation, keys shown once, unanswered questions, retention, export. */
import { describe, expect, test, beforeAll } from "bun:test";
import { dashboard, fieldError, type Client, type Dashboard } from "./client";
import { createAccount, listAccounts } from "../../src/admin/accounts";
import { createAgent } from "../../src/admin/agents";
import { listKeys } from "../../src/admin/keys";
import { listMaterial } from "../../src/engine";
import { KeyResolver } from "../../src/auth/principal";

let d: Dashboard;
let c: Client;
let agent: string;

/** Logs one exchange the way the public API does (a session with one turn). */
function logTurn(question: string, covered: boolean, at = Date.now()) {
  const sid = `sess_${crypto.randomUUID().slice(0, 8)}`;
  d.store.sqlite.run("INSERT INTO chat_sessions (id, agent_id, external_id, key_id, installation_id, created_at, last_at) VALUES (?, ?, NULL, NULL, NULL, ?, ?)", [sid, agent, at, at]);
  d.store.sqlite.run("INSERT INTO chat_turns (session_id, question, answer, covered, prompt_tokens, completion_tokens, created_at) VALUES (?, ?, ?, ?, 3, 4, ?)", [sid, question, covered ? "Yes." : "Sorry, not available.", covered ? 1 : 0, at]);
  return sid;
}

beforeAll(async () => {
  d = dashboard();
  c = d.client();
  await c.signIn(d.password);
  const account = createAccount(d.store, { name: "Acme", rpm: 100, monthly: 1000 }).id;
  agent = createAgent(d.store, { accountId: account, name: "Acme Help" }).id;
});

describe("forms", () => {
  test("a failed submit shows each error beside its field and keeps what was typed", async () => {
    await c.get("/accounts");
    const res = await c.post("/accounts", { name: "Kept name", rpm: "zero", monthly: "-1" });
    expect(res.status).toBe(400);
    expect(fieldError(res.body, "rpm")).toContain("whole number");
    expect(fieldError(res.body, "monthly")).toContain("whole number");
    expect(fieldError(res.body, "name")).toBeNull();
    expect(res.body).toContain('value="Kept name"');
    expect(res.body).toContain('value="zero"');
    expect(listAccounts(d.store)).toHaveLength(1);
  });

  test("a bad origin is reported on the origins field", async () => {
    await c.get(`/agents/${agent}/installations`);
    const res = await c.post(`/agents/${agent}/installations`, { origins: "shop.example.com" });
    expect(res.status).toBe(400);
    expect(fieldError(res.body, "origins")).toContain("shop.example.com");
    expect(res.body).toContain(">shop.example.com</textarea>");
  });

  test("an unknown agent is a 404 page, not a crash", async () => {
    expect((await c.get("/agents/agt_missing/keys")).status).toBe(404);
  });
});

describe("secret keys", () => {
  test("a new key is shown once, gone on reload, and rotating it kills the old value", async () => {
    await c.get(`/agents/${agent}/keys`);
    const created = await c.post(`/agents/${agent}/keys`);
    expect(created.status).toBe(303);
    const shown = await c.get(created.location!);
    const key = /data-testid="secret-value">(svc_sk_[0-9a-f]{32})</.exec(shown.body)?.[1];
    expect(key).toBeDefined();
    expect((await c.get(created.location!)).body).not.toContain(key!);
    const resolver = new KeyResolver(d.store.sqlite);
    expect(resolver.resolve(key!, null, "secret")).not.toBeNull();
    const id = listKeys(d.store, agent).find((k) => k.state === "active" && k.kind === "secret")!.id;
    const rotated = await c.post(`/agents/${agent}/keys/${id}/rotate`);
    const replacement = /data-testid="secret-value">(svc_sk_[0-9a-f]{32})</.exec((await c.get(rotated.location!)).body)?.[1];
    expect(replacement).toBeDefined();
    // A fresh lookup, as the public API makes once it sees another connection's commit.
    const after = new KeyResolver(d.store.sqlite);
    expect(after.resolve(key!, null, "secret")).toBeNull();
    expect(after.resolve(replacement!, null, "secret")).not.toBeNull();
  });
});

describe("unanswered questions", () => {
  test("listed most frequent first, and one answer takes a question off the list", async () => {
    logTurn("Do you ship to Mars?", false);
    logTurn("do you ship to mars? ", false);
    logTurn("Do you ship to Mars?", false);
    logTurn("Is there a student discount?", false);
    logTurn("How long is delivery?", true);
    const page = await c.get("/unanswered");
    const mars = page.body.indexOf("Do you ship to Mars?");
    const student = page.body.indexOf("Is there a student discount?");
    expect(mars).toBeGreaterThan(0);
    expect(student).toBeGreaterThan(mars);
    expect(page.body).toContain("3×");
    expect(page.body).not.toContain("How long is delivery?");
    const empty = await c.post("/unanswered/answer", { agent, original: "Is there a student discount?", question: "Is there a student discount?", answer: "" });
    expect(empty.status).toBe(400);
    expect(fieldError(empty.body, "answer-1")).toBe("Answer is required.");
    const res = await c.post("/unanswered/answer", { agent, original: "Do you ship to Mars?", question: "Do you ship to Mars?", answer: "No, we ship on Earth only.", back: "/unanswered" });
    expect(res.status).toBe(303);
    expect(listMaterial(d.store, agent).some((m) => m.kind === "qa" && m.title === "Do you ship to Mars?")).toBe(true);
    const after = (await c.get("/unanswered")).body.split('data-testid="unanswered-list"')[1];
    expect(after).not.toContain("Do you ship to Mars?");
    expect(after).toContain("Is there a student discount?");
  });
});

describe("chat log", () => {
  test("search, transcript and CSV/JSON export with the same filters", async () => {
    const sid = logTurn("Where is my parcel 4711?", true);
    const list = await c.get("/log?q=parcel+4711");
    expect(list.body).toContain("Where is my parcel 4711?");
    expect(list.body).toContain("1 session");
    expect((await c.get(`/log/sessions/${sid}`)).body).toContain("Where is my parcel 4711?");
    const csv = await c.request("/log/export.csv?q=parcel+4711");
    expect(csv.headers.get("content-disposition")).toContain("attachment");
    const text = await csv.text();
    expect(text.split("\n")[0]).toContain("question");
    expect(text).toContain("Where is my parcel 4711?");
    expect(text.trim().split("\n")).toHaveLength(2);
    const json = await (await c.request(`/log/export.json?agent=${agent}&q=parcel`)).json();
    expect(json.turns.map((t: any) => t.question)).toEqual(["Where is my parcel 4711?"]);
  });

  test("a bad date filter is reported beside the field", async () => {
    const res = await c.get("/log?from=yesterday");
    expect(res.status).toBe(400);
    expect(fieldError(res.body, "from")).toContain("2026-01-31");
  });

  test("retention deletes older turns at once and keeps recent ones", async () => {
    const old = logTurn("An old question about returns", true, Date.now() - 40 * 86_400_000);
    const recent = logTurn("A recent question about returns", true);
    await c.get("/log");
    const bad = await c.post("/log/retention", { days: "0" });
    expect(bad.status).toBe(400);
    expect(fieldError(bad.body, "days")).toContain("whole number");
    const res = await c.post("/log/retention", { days: "30" });
    expect(res.status).toBe(303);
    expect(await (await c.request("/log")).text()).toContain("older turn deleted");
    expect((await c.get(`/log/sessions/${old}`)).status).toBe(404);
    expect((await c.get(`/log/sessions/${recent}`)).status).toBe(200);
    await c.post("/log/retention", { days: "" });
  });
});

describe("accounts", () => {
  test("usage against the allowance and a daily chart are shown", async () => {
    const id = listAccounts(d.store)[0].id;
    d.store.sqlite.run("INSERT INTO usage_monthly (account_id, month, count) VALUES (?, ?, 42) ON CONFLICT DO UPDATE SET count = 42", [id, new Date().toISOString().slice(0, 7)]);
    const page = await c.get(`/accounts/${id}`);
    expect(page.body).toContain("42 / 1,000");
    expect(page.body).toContain("<svg");
    expect(page.body).toMatch(/<rect class="bar"/);
  });
});

describe("playground", () => {
  test("answers without logging, and offers to add an answer to what it could not cover", async () => {
    const before = d.store.sqlite.query<{ n: number }, []>("SELECT count(*) AS n FROM chat_turns").get()!.n;
    await c.get(`/agents/${agent}/playground`);
    const res = await c.post(`/agents/${agent}/playground`, { question: "Do you sell gift cards?", history: "[]" });
    expect(res.status).toBe(200);
    expect(res.body).toContain("not covered");
    const link = /href="(\/agents\/[^"]+\/material\?question=[^"]+)"/.exec(res.body)![1].replaceAll("&amp;", "&");
    expect((await c.get(link)).body).toContain('value="Do you sell gift cards?"');
    expect(d.store.sqlite.query<{ n: number }, []>("SELECT count(*) AS n FROM chat_turns").get()!.n).toBe(before);
    const empty = await c.post(`/agents/${agent}/playground`, { question: " ", history: "not json" });
    expect(empty.status).toBe(400);
    expect(fieldError(empty.body, "question")).toBe("Question is required.");
  });
});
