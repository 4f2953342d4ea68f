/**
 * What a tester broke from outside, in-process: parallel password guesses, absurd query
 * values, double-submitted create forms, oversized form fields, control characters.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { dashboard, fieldError, type Client, type Dashboard } from "./client";
import { createAccount, listAccounts } from "../../src/admin/accounts";
import { createAgent, listAgents, requireAgent } from "../../src/admin/agents";
import { listInstallations, listKeys } from "../../src/admin/keys";
import { Lockout } from "../../src/dashboard/lockout";

let d: Dashboard;
let c: Client;
let account: string;
let agent: string;

beforeAll(async () => {
  d = dashboard();
  c = d.client();
  await c.signIn(d.password);
  account = createAccount(d.store, { name: "Acme", rpm: 100, monthly: 1000 }).id;
  agent = createAgent(d.store, { accountId: account, name: "Acme Help" }).id;
});

/** Sends the same form `n` times at once, as a double click or a script does. */
async function concurrently(n: number, path: string, fields: Record<string, string> = {}) {
  return Promise.all(Array.from({ length: n }, () => c.post(path, fields)));
}

const statuses = (results: { status: number }[]) => results.map((r) => r.status).sort();

describe("sign-in lockout under parallel guesses", () => {
  test("parallel wrong passwords from one address: at most the allowed number are checked", async () => {
    const dd = dashboard({ lockout: { attempts: 5, windowMs: 60_000 } });
    const guesser = dd.client("10.6.6.6");
    await guesser.get("/sign-in");
    const results = await Promise.all(Array.from({ length: 40 }, () => guesser.post("/sign-in", { password: "wrong", next: "/" })));
    const counts = Object.groupBy(results, (r) => String(r.status));
    expect(counts["401"]?.length).toBe(5);
    expect(counts["429"]?.length).toBe(35);
    // Locked now, even with the right password; another address is not.
    await guesser.get("/sign-in");
    expect((await guesser.post("/sign-in", { password: dd.password, next: "/" })).status).toBe(429);
    expect((await dd.client("10.7.7.7").signIn(dd.password)).status).toBe(303);
  });

  test("a guess counts from its start and a right one is forgiven", () => {
    let now = 1_000;
    const lockout = new Lockout({ attempts: 3, windowMs: 60_000 }, () => now);
    const pending = [lockout.start("a")!, lockout.start("a")!, lockout.start("a")!];
    expect(lockout.start("a")).toBeNull();
    expect(lockout.wait("a")).toBeGreaterThan(0);
    lockout.right(pending[0]);
    // One slot is free again; the two still being checked keep theirs.
    const fourth = lockout.start("a")!;
    expect(lockout.start("a")).toBeNull();
    for (const g of [pending[1], pending[2], fourth]) lockout.wrong(g);
    now += 59_000;
    expect(lockout.wait("a")).toBe(60_000 - 59_000);
    now += 1_000;
    expect(lockout.wait("a")).toBe(0);
    expect(lockout.start("a")).not.toBeNull();
  });

  test("a sign-in form of megabytes is refused without reading it all", async () => {
    const dd = dashboard();
    const cc = dd.client();
    await cc.get("/sign-in");
    const res = await cc.post("/sign-in", { password: "x".repeat(2 * 1024 * 1024), next: "/" });
    expect(res.status).toBe(413);
    expect(res.body.length).toBeLessThan(20_000);
  });
});

describe("query values", () => {
  test("absurd page numbers never fail the log: refused clearly, or the last page", async () => {
    for (const bad of ["abc", "-1", "1e308", "Infinity", "1.5", "0x10"]) {
      const res = await c.get(`/log?page=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
      expect(res.body, bad).toContain("pages are numbered 1, 2, 3");
    }
    for (const far of ["99999999999999999999", "1000001", "2", "0"]) {
      const res = await c.get(`/log?page=${far}`);
      expect(res.status, far).toBe(200);
      expect(res.body, far).not.toContain("Something went wrong");
    }
  });

  test("a day that does not exist is refused, not read as another", async () => {
    for (const [name, value] of [["from", "2026-02-30"], ["to", "2026-13-01"], ["from", "2025-02-29"]]) {
      const res = await c.get(`/log?${name}=${value}`);
      expect(res.status, value).toBe(400);
      expect(fieldError(res.body, name), value).toBe(`There is no such day as ${value}.`);
      expect((await c.request(`/log/export.json?${name}=${value}`)).status, value).toBe(400);
    }
    expect((await c.get("/log?from=2024-02-29&to=2024-03-01")).status).toBe(200);
  });

  test("no dashboard page fails on junk in its query", async () => {
    const junk = ["99999999999999999999", "1e308", "-1", "abc", "2026-02-30", "%00", "x".repeat(5_000)].map(encodeURIComponent);
    const names = ["page", "from", "to", "q", "agent", "key", "installation", "account", "question", "job", "next"];
    const paths = ["/accounts", `/accounts/${account}`, "/agents", `/agents/${agent}`, `/agents/${agent}/material`, `/agents/${agent}/keys`, `/agents/${agent}/installations`, `/agents/${agent}/playground`, `/agents/${agent}/unanswered`, "/log", "/log/export.csv", "/log/export.json", "/unanswered", "/playground"];
    // One parameter at a time: a bad one beside it could hide another's failure.
    for (const path of paths)
      for (const name of names)
        for (const value of junk) {
          const res = await c.request(`${path}?${name}=${value}`);
          expect([200, 303, 400], `${path}?${name}=${decodeURIComponent(value).slice(0, 20)}`).toContain(res.status);
          expect((await res.text()).length, path).toBeLessThan(200_000);
        }
  });
});

describe("double-submitted create forms", () => {
  test("two 'Create secret key' submissions of one page make one key", async () => {
    const before = listKeys(d.store, agent).length;
    await c.get(`/agents/${agent}/keys`);
    const results = await concurrently(2, `/agents/${agent}/keys`);
    expect(statuses(results)).toEqual([303, 400]);
    const refused = results.find((r) => r.status === 400)!;
    expect(refused.body).toContain("already sent");
    expect(refused.body).toContain(`href="/agents/${agent}/keys"`);
    expect(listKeys(d.store, agent)).toHaveLength(before + 1);
    // The refusal leaves the new value for the keys page, and a fresh page can create another.
    expect(refused.body).not.toContain("svc_sk_");
    expect((await c.get(`/agents/${agent}/keys`)).body).toMatch(/data-testid="secret-value">svc_sk_/);
    expect((await c.post(`/agents/${agent}/keys`)).status).toBe(303);
    expect(listKeys(d.store, agent)).toHaveLength(before + 2);
  });

  test("accounts, agents and installations are created once per form too", async () => {
    const cases: [string, string, Record<string, string>, () => number][] = [
      ["/accounts", "/accounts", { name: "Twice", rpm: "5", monthly: "5" }, () => listAccounts(d.store).length],
      ["/agents", "/agents", { account, name: "Twice" }, () => listAgents(d.store).length],
      [`/agents/${agent}/installations`, `/agents/${agent}/installations`, { origins: "https://twice.example.com" }, () => listInstallations(d.store, agent, "x").length],
    ];
    for (const [pagePath, action, fields, count] of cases) {
      const before = count();
      await c.get(pagePath);
      expect(statuses(await concurrently(3, action, fields)), action).toEqual([303, 400, 400]);
      expect(count(), action).toBe(before + 1);
    }
  });

  test("a form refused for a typing error comes back with a fresh one-time token", async () => {
    await c.get("/accounts");
    const bad = await c.post("/accounts", { name: "", rpm: "5", monthly: "5" });
    expect(bad.status).toBe(400);
    const before = listAccounts(d.store).length;
    expect((await c.post("/accounts", { name: "Fixed", rpm: "5", monthly: "5" })).status).toBe(303);
    expect(listAccounts(d.store)).toHaveLength(before + 1);
  });

  test("without its one-time token a create is refused and creates nothing", async () => {
    const before = listKeys(d.store, agent).length;
    const res = await c.post(`/agents/${agent}/keys`, { _once: "" });
    expect(res.status).toBe(400);
    expect(listKeys(d.store, agent)).toHaveLength(before);
  });
});

describe("form sizes", () => {
  test("a 30 MB field is refused before it is read, with a short page", async () => {
    await c.get(`/agents/${agent}`);
    const res = await c.post(`/agents/${agent}`, { name: "x".repeat(30 * 1024 * 1024), accent_color: "#4f46e5", welcome: "Hi" });
    expect(res.status).toBe(413);
    expect(res.body).toContain("Form too large");
    expect(res.body.length).toBeLessThan(20_000);
    expect(requireAgent(d.store, agent).name).toBe("Acme Help");
  });

  test("a body with no declared length is counted as it arrives", async () => {
    await c.get(`/agents/${agent}`);
    const chunk = new TextEncoder().encode(`_csrf=${c.csrf}&name=${"x".repeat(64 * 1024)}`);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(ctl) {
        if (sent++ < 40) ctl.enqueue(sent === 1 ? chunk : new TextEncoder().encode("x".repeat(64 * 1024)));
        else ctl.close();
      },
    });
    const res = await c.request(`/agents/${agent}`, { method: "POST", body: stream, headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(40);
  });

  test("a long field under the body cap is refused beside the field and not echoed whole", async () => {
    await c.get(`/agents/${agent}`);
    const res = await c.post(`/agents/${agent}`, { name: "y".repeat(500_000), accent_color: "#4f46e5", welcome: "Hi" });
    expect(res.status).toBe(400);
    expect(fieldError(res.body, "name")).toBe("Display name must be at most 200 characters.");
    expect(res.body.length).toBeLessThan(100_000);
  });

  test("an upload may still be larger than a form", async () => {
    await c.get(`/agents/${agent}/material`);
    const form = new FormData();
    form.append("files", new File([`# Big\n\n${"All about shipping. ".repeat(150_000)}`], "big.md"));
    const res = await c.upload(`/agents/${agent}/material/upload`, form);
    expect(res.status).toBe(303);
  });
});

describe("control characters", () => {
  test("a display name with a control character is refused with a clear message", async () => {
    await c.get(`/agents/${agent}`);
    const res = await c.post(`/agents/${agent}`, { name: "Acme\x01Help", accent_color: "#4f46e5", welcome: "Hi" });
    expect(res.status).toBe(400);
    expect(fieldError(res.body, "name")).toBe("Display name cannot contain control characters.");
    expect(requireAgent(d.store, agent).name).toBe("Acme Help");
    await c.get("/agents");
    const created = await c.post("/agents", { account, name: "Bell\x07" });
    expect(created.status).toBe(400);
    expect(fieldError(created.body, "name")).toBe("Display name cannot contain control characters.");
  });

  test("multi-line fields keep line breaks and tabs but refuse other controls", async () => {
    await c.get(`/agents/${agent}`);
    const ok = await c.post(`/agents/${agent}`, { name: "Acme Help", persona: "Line one\n\tLine two", accent_color: "#4f46e5", welcome: "Hi" });
    expect(ok.status).toBe(303);
    await c.get(`/agents/${agent}`);
    const bad = await c.post(`/agents/${agent}`, { name: "Acme Help", persona: "Escape \x1b[31m", accent_color: "#4f46e5", welcome: "Hi" });
    expect(bad.status).toBe(400);
    expect(fieldError(bad.body, "persona")).toContain("cannot contain control characters");
  });
});
