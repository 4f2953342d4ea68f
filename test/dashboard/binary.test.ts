/** The dashboard in the built binary: first credential, reset-password, admin-only serving, changes seen by the API at once. */
import { afterAll, describe, expect, test } from "bun:test";
import { seedWithCli, startServer, until, zenith, zenithJson, type Server } from "../support/binary";
import { Client } from "./client";

const servers: Server[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop();
});

async function start(db?: string) {
  const s = await startServer({ db });
  servers.push(s);
  return s;
}

function passwordLine(s: Server): string | undefined {
  return s.lines.map((l) => JSON.parse(l)).find((o) => o.admin_password)?.admin_password;
}

function chat(s: Server, key: string) {
  return fetch(`${s.url}/v1/chat/completions`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ model: "service-zenith", messages: [{ role: "user", content: "Hello?" }] }),
  });
}

describe("dashboard in the binary", () => {
  let server: Server;
  let password: string;

  test("the first start prints the admin password once; later starts do not", async () => {
    server = await start();
    await until(() => passwordLine(server) !== undefined);
    password = passwordLine(server)!;
    expect(password).toMatch(/^[a-z0-9]{5}(-[a-z0-9]{5}){3}$/);
    // The store keeps only a hash.
    const { Database } = await import("bun:sqlite");
    const raw = new Database(server.db, { readonly: true });
    const row = raw.query<{ password_hash: string }, []>("SELECT password_hash FROM dashboard_admin").get()!;
    raw.close();
    expect(row.password_hash.startsWith("$argon2id$")).toBe(true);
    expect(row.password_hash).not.toContain(password);
  });

  test("the public port serves no dashboard", async () => {
    for (const path of ["/", "/sign-in", "/accounts", "/assets/dashboard.css", "/assets/dashboard.js"]) {
      const res = await fetch(`${server.url}${path}`, { redirect: "manual" });
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain("Zenith dashboard");
    }
    const signIn = await fetch(`${server.url}/sign-in`, { method: "POST", body: new URLSearchParams({ password }) });
    expect([404, 405]).toContain(signIn.status);
    const admin = await fetch(`${server.admin}/sign-in`);
    expect(admin.status).toBe(200);
  });

  test("a key rotated in the dashboard is refused on the public port at once", async () => {
    const seed = seedWithCli(server.db);
    expect((await chat(server, seed.key)).status).toBe(200);
    const c = Client.remote(server.admin);
    expect((await c.signIn(password)).status).toBe(303);
    await c.get(`/agents/${seed.agent}/keys`);
    const rotated = await c.post(`/agents/${seed.agent}/keys/${seed.keyId}/rotate`);
    expect(rotated.status).toBe(303);
    const replacement = /data-testid="secret-value">(svc_sk_[0-9a-f]{32})</.exec((await c.get(rotated.location!)).body)![1];
    expect((await chat(server, seed.key)).status).toBe(403);
    expect((await chat(server, replacement)).status).toBe(200);
    // Deactivating the agent in the dashboard takes effect at once as well.
    await c.get(`/agents/${seed.agent}`);
    await c.post(`/agents/${seed.agent}/state`, { state: "inactive" });
    expect((await chat(server, replacement)).status).toBe(403);
  });

  test("zenith admin reset-password replaces the password and ends sessions on the running server", async () => {
    const c = Client.remote(server.admin);
    await c.signIn(password);
    expect((await c.get("/accounts")).status).toBe(200);
    const fresh = zenithJson(server.db, ["admin", "reset-password"]).admin_password as string;
    expect(fresh).not.toBe(password);
    expect((await c.request("/accounts")).status).toBe(303);
    expect((await Client.remote(server.admin).signIn(password)).status).toBe(401);
    expect((await Client.remote(server.admin).signIn(fresh)).status).toBe(303);
    const bad = zenith(server.db, ["admin", "nope"]);
    expect(bad.stderr).toContain("expected reset-password");
    expect(bad.code).toBe(1);
  });

  test("a restart keeps the credential and prints no password", async () => {
    const db = server.db;
    const hashOf = async () => {
      const { Database } = await import("bun:sqlite");
      const raw = new Database(db, { readonly: true });
      const hash = raw.query<{ password_hash: string }, []>("SELECT password_hash FROM dashboard_admin").get()!.password_hash;
      raw.close();
      return hash;
    };
    const before = await hashOf();
    await server.stop();
    servers.splice(servers.indexOf(server), 1);
    const again = await start(db);
    expect((await fetch(`${again.admin}/healthz`)).status).toBe(200);
    expect(await hashOf()).toBe(before);
    await again.stop();
    servers.splice(servers.indexOf(again), 1);
    expect(passwordLine(again)).toBeUndefined();
  });
});
