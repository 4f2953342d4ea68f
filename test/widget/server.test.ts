/** Widget sessions and messages, in process: happy path, refusals, limits and the log. */
import { describe, expect, test } from "bun:test";
import { fixture } from "../support/app";
import { ingest } from "../../src/engine/ingest";
import { rotateInstallation, revokeInstallation } from "../../src/admin/keys";
import { openStore } from "../../src/store/db";
import { readLog } from "../../src/admin/chat-log";
import { SESSION_IDLE_MS } from "../../src/widget/sessions";

const ORIGIN = "https://shop.example.com";
const OTHER = "https://blog.example.com";

function setup(opts: { rpm?: number; monthly?: number } = {}) {
  const clock = { t: Date.UTC(2026, 10, 22, 12), now() { return this.t; } };
  const f = fixture({ clock, ...opts });
  const inst = f.installation([ORIGIN, OTHER]);
  const headers = (origin = ORIGIN, key = inst.publishable_key) => ({ authorization: `Bearer ${key}`, origin, "content-type": "application/json" });
  const open = (origin = ORIGIN, key = inst.publishable_key) => f.request("/v1/widget/sessions", { method: "POST", headers: headers(origin, key), body: "{}" });
  const token = async (origin = ORIGIN) => ((await (await open(origin)).json()) as { session: string }).session;
  const send = (session: string, content: unknown, origin = ORIGIN, key = inst.publishable_key, peer?: string) =>
    f.request("/v1/widget/messages", {
      method: "POST",
      headers: { ...headers(origin, key), "x-widget-session": session },
      body: JSON.stringify({ content }),
      peer,
    });
  const history = (session: string, origin = ORIGIN) => f.request("/v1/widget/messages", { headers: { ...headers(origin), "x-widget-session": session } });
  return { f, clock, inst, open, token, send, history };
}

async function withMaterial(s: ReturnType<typeof setup>) {
  const pairs = [
    ["How long does shipping take?", "Shipping takes three to five business days within the country."],
    ["Can I return an order?", "Returns are accepted within thirty days of delivery, unopened."],
    ["Which payment methods do you accept?", "We accept cards and bank transfers."],
  ];
  for (const [question, answer] of pairs) await ingest(s.f.store, s.f.agent, { kind: "qa", question, answer });
}

describe("widget sessions", () => {
  test("opens a session with the agent's display name and cosmetics, from an allowed origin", async () => {
    const s = setup();
    const res = await s.open();
    expect(res.status).toBe(201);
    expect(res.headers.get("access-control-allow-origin")).toBe(ORIGIN);
    const body = (await res.json()) as any;
    expect(Object.keys(body).sort()).toEqual(["agent", "expires_at", "session"]);
    expect(body.session).toMatch(/^wst_[A-Za-z0-9_-]{32}$/);
    expect(body.expires_at).toBe(Math.floor((s.clock.t + SESSION_IDLE_MS) / 1000));
    expect(body.agent).toEqual({ display_name: "Acme Help", cosmetics: { accent_color: "#4f46e5", welcome_message: "Hi! Ask me anything." } });
  });

  test("stores the token only as a hash", async () => {
    const s = setup();
    const token = await s.token();
    const rows = s.f.store.sqlite.query("SELECT * FROM widget_sessions").all();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(JSON.stringify(rows)).toContain(new Bun.CryptoHasher("sha256").update(token).digest("hex"));
  });

  test("refuses a disallowed origin, a secret key and a missing origin with the uniform 403 and no CORS", async () => {
    const s = setup();
    for (const res of [
      await s.open("https://evil.example.net"),
      await s.open(ORIGIN, s.f.key),
      await s.f.request("/v1/widget/sessions", { method: "POST", headers: { authorization: `Bearer ${s.inst.publishable_key}` } }),
    ]) {
      expect(res.status).toBe(403);
      expect(((await res.json()) as any).error.code).toBe("access_denied");
      expect(res.headers.get("access-control-allow-origin")).toBeNull();
    }
    expect(s.f.store.sqlite.query("SELECT count(*) AS n FROM widget_sessions").get()).toEqual({ n: 0 });
  });

  test("refuses any parameter when opening a session", async () => {
    const s = setup();
    const res = await s.f.request("/v1/widget/sessions", {
      method: "POST",
      headers: { authorization: `Bearer ${s.inst.publishable_key}`, origin: ORIGIN, "content-type": "application/json" },
      body: JSON.stringify({ agent: "x" }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).error).toMatchObject({ code: "unknown_parameter", param: "agent" });
    expect(res.headers.get("access-control-allow-origin")).toBe(ORIGIN);
  });

  test("an Origin with the default port spelled out is the same origin", async () => {
    const s = setup();
    const res = await s.open("https://shop.example.com:443");
    expect(res.status).toBe(201);
    const session = ((await res.json()) as { session: string }).session;
    // Bound to the canonical origin: the browser's own spelling continues the session.
    expect((await s.send(session, "hello")).status).toBe(200);
    expect((await s.send(session, "hello", "https://shop.example.com:443")).status).toBe(200);
    expect((await s.open("https://shop.example.com:444")).status).toBe(403);
  });

  test("limits how many sessions one network opens per minute", async () => {
    const s = setup();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await s.open()).status);
    expect(statuses.slice(0, 20).every((c) => c === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe("widget messages", () => {
  test("answers covered and uncovered questions, keeps the history and logs the session", async () => {
    const s = setup();
    await withMaterial(s);
    const session = await s.token();
    const covered = await s.send(session, "How long does shipping take?");
    expect(covered.status).toBe(200);
    expect(covered.headers.get("access-control-allow-origin")).toBe(ORIGIN);
    const a = (await covered.json()) as any;
    expect(a).toMatchObject({ object: "widget.message", role: "assistant", unavailable: false });
    expect(a.content).toContain("three to five business days");
    const uncovered = (await (await s.send(session, "Do you sell bicycles?")).json()) as any;
    expect(uncovered.content).toContain("not available");

    const hist = (await (await s.history(session)).json()) as any;
    expect(hist.data.map((m: any) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
    expect(hist.data[0].content).toBe("How long does shipping take?");

    s.f.app.context.recorder.flush();
    const log = readLog(s.f.store, { agentId: s.f.agent });
    expect(log.sessions).toHaveLength(1);
    expect(log.sessions[0].installation_id).toBe(s.inst.id);
    expect(log.sessions[0].turns.map((t) => t.covered)).toEqual([true, false]);
    expect(s.f.store.sqlite.query("SELECT sum(count) AS n FROM usage_monthly").get()).toEqual({ n: 2 });
  });

  test("a widget session token pasted into a message is redacted in the history and the chat log", async () => {
    const s = setup();
    const session = await s.token();
    const other = await s.token();
    expect((await s.send(session, `is my session ${other} still good? and ${s.inst.publishable_key}`)).status).toBe(200);
    const hist = (await (await s.history(session)).json()) as any;
    expect(hist.data[0].content).toBe("is my session [redacted token] still good? and [redacted key]");
    s.f.app.context.recorder.flush();
    const log = readLog(s.f.store, { agentId: s.f.agent });
    const question = log.sessions[0].turns[0].question;
    expect(question).toBe("is my session [redacted token] still good? and [redacted key]");
    const everything = JSON.stringify(s.f.store.sqlite.query("SELECT * FROM widget_messages").all()) + JSON.stringify(log);
    expect(everything).not.toContain(other.slice(4));
    expect(everything).not.toContain(session.slice(4));
  });

  test("a session is bound to its origin and expires when idle", async () => {
    const s = setup();
    const session = await s.token(ORIGIN);
    expect((await s.send(session, "hello", OTHER)).status).toBe(403);
    expect((await s.send(session, "hello")).status).toBe(200);
    s.clock.t += SESSION_IDLE_MS + 1;
    const expired = await s.send(session, "hello");
    expect(expired.status).toBe(403);
    // The key and origin were accepted: the widget may read this refusal and open a new session.
    expect(expired.headers.get("access-control-allow-origin")).toBe(ORIGIN);
  });

  test("a rotated or revoked publishable key stops its sessions", async () => {
    const s = setup();
    const session = await s.token();
    // Operator changes come through their own connection (CLI, dashboard).
    const admin = openStore(s.f.store.path);
    const rotated = rotateInstallation(admin, s.inst.id, "http://localhost");
    expect((await s.send(session, "hello")).status).toBe(403);
    expect((await s.send(session, "hello", ORIGIN, rotated.publishable_key)).status).toBe(403);
    const fresh = ((await (await s.open(ORIGIN, rotated.publishable_key)).json()) as any).session;
    expect((await s.send(fresh, "hello", ORIGIN, rotated.publishable_key)).status).toBe(200);
    revokeInstallation(admin, s.inst.id);
    expect((await s.send(fresh, "hello", ORIGIN, rotated.publishable_key)).status).toBe(403);
    admin.close();
  });

  test("unknown tokens are refused and count as failed credentials", async () => {
    const s = setup();
    await s.token();
    const res = await s.send("wst_not-a-real-token", "hello");
    expect(res.status).toBe(403);
    expect(((await res.json()) as any).error.code).toBe("access_denied");
    expect(s.f.app.context.budget.size).toBe(1);
    const missing = await s.f.request("/v1/widget/messages", { method: "POST", headers: { authorization: `Bearer ${s.inst.publishable_key}`, origin: ORIGIN, "content-type": "application/json" }, body: "{}" });
    expect(missing.status).toBe(400);
  });

  test("validates the body like chat does", async () => {
    const s = setup();
    const session = await s.token();
    const cases: [unknown, string, string | null][] = [
      ["", "invalid_request_error", "content"],
      ["   ", "invalid_request_error", "content"],
      [42, "invalid_request_error", "content"],
      ["x".repeat(4001), "invalid_request_error", "content"],
    ];
    for (const [content, code, param] of cases) {
      const res = await s.send(session, content);
      expect(res.status).toBe(400);
      expect(((await res.json()) as any).error).toMatchObject({ code, param });
    }
    const extra = await s.f.request("/v1/widget/messages", {
      method: "POST",
      headers: { authorization: `Bearer ${s.inst.publishable_key}`, origin: ORIGIN, "content-type": "application/json", "x-widget-session": session },
      body: JSON.stringify({ content: "hi", model: "service-zenith" }),
    });
    expect(((await extra.json()) as any).error).toMatchObject({ code: "unknown_parameter", param: "model" });
  });

  test("counts against the account's per-minute limit, with a readable Retry-After", async () => {
    const s = setup({ rpm: 2 });
    const a = await s.token();
    const b = await s.token();
    const c = await s.token();
    expect((await s.send(a, "one", ORIGIN, undefined, "10.0.0.1")).status).toBe(200);
    expect((await s.send(b, "two", ORIGIN, undefined, "10.0.1.1")).status).toBe(200);
    const limited = await s.send(c, "three", ORIGIN, undefined, "10.0.2.1");
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as any).error.code).toBe("tenant_plan_rate_limit_exceeded");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.headers.get("access-control-expose-headers")).toContain("retry-after");
  });

  test("one visitor cannot take the whole per-minute allowance", async () => {
    const s = setup({ rpm: 100 });
    const session = await s.token();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await s.send(session, `question ${i}`)).status);
    expect(statuses.slice(0, 10).every((c) => c === 200)).toBe(true);
    const res = await s.send(session, "one more");
    expect(res.status).toBe(429);
    expect(((await res.json()) as any).error.code).toBe("visitor_rate_limit_exceeded");
    // Another visitor on another network is still served.
    const other = await s.token();
    expect((await s.send(other, "hello", ORIGIN, undefined, "192.0.2.7")).status).toBe(200);
    s.clock.t += 60_000;
    expect((await s.send(session, "later")).status).toBe(200);
  });

  test("a spent monthly allowance answers with the unavailability message, not kept in history", async () => {
    const s = setup({ monthly: 1 });
    const session = await s.token();
    expect(((await (await s.send(session, "first")).json()) as any).unavailable).toBe(false);
    const res = await s.send(session, "second");
    expect(res.status).toBe(200);
    const body = (await res.json()) as any;
    expect(body.unavailable).toBe(true);
    expect(body.content).toContain("temporarily unavailable");
    expect(((await (await s.history(session)).json()) as any).data).toHaveLength(2);
  });
});
