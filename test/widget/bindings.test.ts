/**
 * A widget session is bound to its installation's state when it was opened: removing its
 * origin or deactivating the agent ends it for good, even once the change is undone.
 */
import { describe, expect, test } from "bun:test";
import { fixture } from "../support/app";
import { setInstallationOrigins } from "../../src/admin/keys";
import { updateAgent } from "../../src/admin/agents";
import { openStore, type Store } from "../../src/store/db";
import { originAllowed } from "../../src/auth/origins";
import { ALLOWED } from "../../src/store/migrations/0007-widget-session-bindings";
import { tempDb } from "../support/tmp";
import { Database } from "bun:sqlite";
import { migrate } from "../../src/store/db";
import { MIGRATIONS } from "../../src/store/migrations";

const SHOP = "https://shop.example.com";
const BLOG = "https://blog.example.com";

function setup(origins: string[]) {
  const f = fixture();
  const inst = f.installation(origins);
  const headers = (origin: string) => ({ authorization: `Bearer ${inst.publishable_key}`, origin, "content-type": "application/json" });
  const open = async (origin: string) => {
    const res = await f.request("/v1/widget/sessions", { method: "POST", headers: headers(origin), body: "{}" });
    expect(res.status).toBe(201);
    return ((await res.json()) as { session: string }).session;
  };
  const send = async (session: string, origin: string) =>
    (await f.request("/v1/widget/messages", { method: "POST", headers: { ...headers(origin), "x-widget-session": session }, body: JSON.stringify({ content: "hello" }) })).status;
  /** An operator change through a connection of its own, as the CLI or the dashboard makes it. */
  const admin = (change: (store: Store) => unknown) => {
    const store = openStore(f.store.path);
    try {
      change(store);
    } finally {
      store.close();
    }
  };
  return { f, inst, open, send, admin };
}

describe("widget sessions end for good", () => {
  test("when their origin is removed, even if it is added back", async () => {
    const s = setup([SHOP, BLOG]);
    const shop = await s.open(SHOP);
    const blog = await s.open(BLOG);
    s.admin((store) => setInstallationOrigins(store, s.inst.id, [BLOG]));
    expect(await s.send(shop, SHOP)).toBe(403);
    s.admin((store) => setInstallationOrigins(store, s.inst.id, [SHOP, BLOG]));
    expect(await s.send(shop, SHOP)).toBe(403);
    // The origin that stayed keeps its session; the re-added one opens a new session.
    expect(await s.send(blog, BLOG)).toBe(200);
    expect(await s.send(await s.open(SHOP), SHOP)).toBe(200);
  });

  test("when a wildcard is narrowed, only the origins it no longer covers", async () => {
    const s = setup(["https://*.example.com"]);
    const shop = await s.open(SHOP);
    const blog = await s.open(BLOG);
    s.admin((store) => setInstallationOrigins(store, s.inst.id, [SHOP]));
    s.admin((store) => setInstallationOrigins(store, s.inst.id, ["https://*.example.com"]));
    expect(await s.send(shop, SHOP)).toBe(200);
    expect(await s.send(blog, BLOG)).toBe(403);
  });

  test("when the agent is deactivated, even if it is reactivated", async () => {
    const s = setup([SHOP]);
    const session = await s.open(SHOP);
    expect(await s.send(session, SHOP)).toBe(200);
    s.admin((store) => updateAgent(store, s.f.agent, { state: "inactive" }));
    expect(await s.send(session, SHOP)).toBe(403);
    s.admin((store) => updateAgent(store, s.f.agent, { state: "active" }));
    expect(await s.send(session, SHOP)).toBe(403);
    expect(await s.send(await s.open(SHOP), SHOP)).toBe(200);
  });

  test("other changes to the agent or installation leave sessions alone", async () => {
    const s = setup([SHOP]);
    const session = await s.open(SHOP);
    s.admin((store) => updateAgent(store, s.f.agent, { name: "Renamed", state: "active" }));
    s.admin((store) => setInstallationOrigins(store, s.inst.id, [SHOP, BLOG]));
    expect(await s.send(session, SHOP)).toBe(200);
  });
});

describe("the triggers' origin rule", () => {
  const cases: [string, string[]][] = [
    ["https://shop.example.com", ["https://shop.example.com"]],
    ["https://shop.example.com", ["http://shop.example.com"]],
    ["https://shop.example.com", ["https://shop.example.com:8443"]],
    ["https://a.example.org", ["https://*.example.org"]],
    ["https://deep.a.example.org", ["https://*.example.org"]],
    ["https://example.org", ["https://*.example.org"]],
    ["https://evilexample.org", ["https://*.example.org"]],
    ["http://a.example.org", ["https://*.example.org"]],
    ["https://a.example.org:8443", ["https://*.example.org"]],
    ["https://a.example.org:8443", ["https://*.example.org:8443"]],
    ["https://a.example.org", ["https://*.example.org:8443"]],
    ["https://example.org.evil.net", ["https://*.example.org"]],
    ["http://localhost:8787", ["http://localhost:8787", "https://*.example.org"]],
    ["http://[::1]:8080", ["http://[::1]:8080"]],
    ["https://x.shop.example.co.uk", ["https://*.shop.example.co.uk"]],
    ["https://shop.example.com", []],
  ];
  test.each(cases)("%s against %j agrees with originAllowed()", (origin, entries) => {
    const store = openStore(tempDb());
    const row = store.sqlite.query<{ ok: number }, [string, string]>(`SELECT ${ALLOWED("?1", "?2")} AS ok`).get(origin, JSON.stringify(entries));
    expect(Boolean(row!.ok)).toBe(originAllowed(origin, entries));
    store.close();
  });
});

test("the migration that brings the triggers ends the sessions opened before it, once", () => {
  const old = new Database(tempDb(), { create: true });
  migrate(old, MIGRATIONS.filter((m) => m.name < "0007"));
  old.run("INSERT INTO widget_sessions (id, token_hash, installation_id, key_id, origin, created_at, expires_at) VALUES ('ws_1', 'h', 'i', 'k', 'https://shop.example.com', 0, 1)");
  const count = () => (old.query("SELECT count(*) AS n FROM widget_sessions").get() as { n: number }).n;
  expect(count()).toBe(1);
  migrate(old, MIGRATIONS);
  expect(count()).toBe(0);
  expect(old.query("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'widget_sessions_end_%' ORDER BY name").all()).toHaveLength(3);
  old.close();
});
