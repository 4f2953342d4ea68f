/** `zenith serve` through the binary: addresses, health, CLI changes seen live, backup, restart, stop. */
import { afterAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { BINARY, startServer, until, zenith, zenithJson, seedWithCli, type Server } from "../support/binary";
import { tempDb, tempDir } from "../support/tmp";

const running: Server[] = [];
afterAll(async () => {
  for (const s of running) if (s.proc.exitCode === null) await s.stop("SIGKILL");
});
async function start(opts: Parameters<typeof startServer>[0] = {}) {
  const s = await startServer(opts);
  running.push(s);
  return s;
}

function ask(url: string, key: string, content = "When does the store open?", extra: Record<string, string> = {}) {
  return fetch(`${url}/v1/chat/completions`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json", ...extra },
    body: JSON.stringify({ model: "service-zenith", messages: [{ role: "user", content }] }),
  });
}

test("port 0: the first stdout line is the JSON with both addresses; /healthz answers on both", async () => {
  const s = await start();
  expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect(s.admin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect(await (await fetch(`${s.url}/healthz`)).json()).toEqual({ status: "ok" });
  expect((await fetch(`${s.admin}/healthz`)).status).toBe(200);
});

test("a port another server holds is refused in one line, for the public and the admin listener", async () => {
  const s = await start();
  const port = (url: string) => new URL(url).port;
  for (const args of [["--port", port(s.url), "--admin-port", "0"], ["--port", "0", "--admin-port", port(s.admin)]]) {
    const r = Bun.spawnSync([BINARY, "serve", ...args, "--db", tempDb()], { stdout: "pipe", stderr: "pipe", timeout: 10_000 });
    expect(r.exitCode).not.toBe(0);
    expect(r.stderr.toString()).toMatch(/^Error: cannot listen on [\d.]+:\d+: /);
    expect(r.stdout.toString()).toBe("");
  }
});

test("a start that fails creates no admin password: the next start prints one", async () => {
  const s = await start();
  const db = tempDb();
  const failed = Bun.spawnSync([BINARY, "serve", "--port", new URL(s.url).port, "--admin-port", "0", "--db", db], { stdout: "pipe", stderr: "pipe", timeout: 10_000 });
  expect(failed.stderr.toString()).toContain("cannot listen on");
  const next = await start({ db });
  await until(() => next.lines.some((l) => l.includes("admin_password")));
  expect(JSON.parse(next.lines.find((l) => l.includes("admin_password"))!).admin_password).toMatch(/^[a-z2-9]{5}(-[a-z2-9]{5}){3}$/);
});

test("bad serve flags are a one-line error and a non-zero exit", () => {
  for (const args of [["--port", "70000"], ["--probe-limit", "x"], ["--wat"]]) {
    const r = zenith(tempDb(), ["serve", ...args]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/^Error: /);
    expect(r.stderr).not.toContain("    at ");
  }
});

describe("changes made by the CLI are seen on the very next request", () => {
  test("revoke, rotate, deactivate, subscription", async () => {
    const db = tempDb();
    const { account, agent, keyId, key } = seedWithCli(db);
    zenithJson(db, ["material", "add", "--agent", agent, "--text", "The store opens at 9 am every weekday.", "--title", "Hours"]);
    const s = await start({ db });
    expect((await ask(s.url, key)).status).toBe(200);
    expect((await ask(s.url, key)).status).toBe(200); // now any answer cache is warm

    const { id: newId, key: newKey } = zenithJson(db, ["key", "rotate", keyId]);
    expect((await ask(s.url, key)).status).toBe(403);
    expect((await ask(s.url, newKey)).status).toBe(200);

    zenithJson(db, ["agent", "deactivate", agent]);
    expect((await ask(s.url, newKey)).status).toBe(403);
    zenithJson(db, ["agent", "activate", agent]);
    expect((await ask(s.url, newKey)).status).toBe(200);

    zenithJson(db, ["account", "update", account, "--subscription", "past_due"]);
    const past = await (await ask(s.url, newKey)).json();
    expect(past.usage).toEqual({ prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 });
    zenithJson(db, ["account", "update", account, "--subscription", "active"]);

    zenithJson(db, ["key", "revoke", newId]);
    expect((await ask(s.url, newKey)).status).toBe(403);
  });

  test("material added from the CLI answers at once, even after the same question was cached", async () => {
    const db = tempDb();
    const { agent, key } = seedWithCli(db);
    const s = await start({ db });
    const before = await (await ask(s.url, key, "Do you sell gift cards?")).json();
    expect(before.choices[0].message.content).toMatch(/not available/i);
    zenithJson(db, ["material", "add", "--agent", agent, "--qa", "Do you sell gift cards?", "Yes, gift cards from $10 to $200."]);
    const after = await (await ask(s.url, key, "Do you sell gift cards?")).json();
    expect(after.choices[0].message.content).toContain("gift cards");
  });
});

test("backup while serving is a consistent copy that opens and holds the data", async () => {
  const db = tempDb();
  const { agent, key } = seedWithCli(db);
  zenithJson(db, ["material", "add", "--agent", agent, "--text", "The store opens at 9 am every weekday.", "--title", "Hours"]);
  const s = await start({ db });
  await Promise.all(Array.from({ length: 5 }, () => ask(s.url, key, "When does the store open?", { "x-service-session": "bk-1" })));
  const out = join(tempDir(), "copy.db");
  expect(zenithJson(db, ["backup", "--out", out])).toEqual({ out });
  const copy = new Database(out, { readonly: true });
  expect(copy.query("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" });
  expect(copy.query("SELECT count(*) AS n FROM chat_turns").get()).toEqual({ n: 5 });
  copy.close();
  expect(zenithJson(out, ["log", "--agent", agent]).sessions[0].turns).toHaveLength(5);
  const again = zenith(db, ["backup", "--out", out]);
  expect(again.stderr).toContain("refusing to overwrite");
  expect(again.code).not.toBe(0);
});

test("restart on the same store loses nothing; SIGTERM lets an in-flight request finish", async () => {
  const db = tempDb();
  const { agent, key } = seedWithCli(db);
  zenithJson(db, ["material", "add", "--agent", agent, "--text", "Returns are accepted within 30 days.", "--title", "Returns"]);
  const first = await start({ db });
  const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => ask(first.url, key, `Can I return item ${i} within 30 days?`, { "x-service-session": "restart-1" })));
  expect(answers.every((r) => r.status === 200)).toBe(true);
  // An in-flight request: headers sent, body still on its way when SIGTERM arrives.
  const body = JSON.stringify({ model: "service-zenith", messages: [{ role: "user", content: "Are returns accepted?" }] });
  const port = Number(new URL(first.url).port);
  let raw = "";
  let closed!: () => void;
  const done = new Promise<void>((r) => (closed = r));
  const socket = await Bun.connect({
    hostname: "127.0.0.1",
    port,
    socket: { data: (_s, d) => void (raw += d.toString()), close: () => closed(), error: () => closed() },
  });
  socket.write(`POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nX-Service-Session: restart-1\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`);
  socket.write(body.slice(0, 10));
  await (await fetch(`${first.url}/healthz`)).text(); // the server has read our headers by now
  const exited = first.stop("SIGTERM");
  socket.write(body.slice(10));
  await done;
  expect(raw).toStartWith("HTTP/1.1 200");
  expect(await exited).toBe(0);
  expect(first.stderr()).toContain('"event":"stopping"');

  const second = await start({ db });
  expect((await ask(second.url, key)).status).toBe(200);
  const log = zenithJson(db, ["log", "--agent", agent, "--session", "restart-1"]);
  expect(log.sessions).toHaveLength(1);
  expect(log.sessions[0].turns).toHaveLength(11);
});

test("the request log has one JSON line per request, never a key or a query string", async () => {
  const db = tempDb();
  const { key } = seedWithCli(db);
  const s = await start({ db });
  await fetch(`${s.url}/v1/models?api_key=${key}`);
  await fetch(`${s.url}/v1/models?color=blue`, { headers: { authorization: `Bearer ${key}` } });
  await ask(s.url, key, `my key is ${key}`);
  await fetch(`${s.url}/healthz`);
  await until(() => s.stderr().trim().split("\n").length >= 4);
  const lines = s.stderr().trim().split("\n");
  expect(lines.length).toBe(4);
  for (const line of lines) {
    const entry = JSON.parse(line);
    expect(entry.path).toBeString();
    expect(entry.status).toBeNumber();
  }
  expect(s.stderr()).not.toContain(key.slice(7));
  expect(s.stderr()).not.toContain("color=blue");
});

test("--demo seeds an empty store once and the demo agent answers", async () => {
  const db = tempDb();
  const s = await start({ db, args: ["--demo"] });
  await until(() => s.lines.length > 0);
  const demo = JSON.parse(s.lines[0]).demo;
  expect(demo.secret_key).toMatch(/^svc_sk_/);
  expect(demo.publishable_key).toMatch(/^svc_pk_/);
  expect(demo.snippet).toContain(`${s.url}/v1/widget.js`);
  const body = await (await ask(s.url, demo.secret_key, "How long does shipping to Canada take?")).json();
  expect(body.choices[0].message.content).toMatch(/5 to 8 business days/);
  // The README's page on port 8000 may open a widget session.
  const session = await fetch(`${s.url}/v1/widget/sessions`, { method: "POST", headers: { authorization: `Bearer ${demo.publishable_key}`, origin: "http://localhost:8000", "content-type": "application/json" }, body: "{}" });
  expect(session.status).toBe(201);
  await s.stop();
  const again = await start({ db, args: ["--demo"] });
  await (await fetch(`${again.url}/healthz`)).text();
  expect(again.lines.filter((l) => l.includes('"demo"'))).toHaveLength(0);
});
