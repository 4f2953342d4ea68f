/**
 * A flood of bad keys from many networks (simulated with --trust-proxy and
 * X-Forwarded-For): the server's memory stays bounded, a network over its failed-credential
 * budget is answered 429, and a valid caller on another network is served throughout.
 */
import { expect, test } from "bun:test";
import { ProbeBudget } from "../../src/limits/probe-budget";
import { chat, pool, rssBytes, serveAgent, TIMEOUT_MS } from "./support";

const NETWORKS = 20_000;
const PROBE_LIMIT = 5;
const MIB = 1024 * 1024;
/** Far above what 20k budget entries need; a per-request leak or unbounded table crosses it. */
const GROWTH_CEILING = 64 * MIB;

const badKey = (i: number) => `svc_sk_${i.toString(16).padStart(32, "0")}`;
const from = (address: string) => ({ "x-forwarded-for": address });

test("a flood of bad keys keeps memory bounded and valid callers served", async () => {
  const { server, key } = await serveAgent({ args: ["--trust-proxy", "--probe-limit", String(PROBE_LIMIT)] });
  try {
    // Warm up the paths involved so the baseline includes the runtime's own growth.
    await pool(Array.from({ length: 500 }, (_, i) => i), 32, (i) => chat(server.url, badKey(i), "x", { headers: from(`10.200.${i % 250}.1`) }).then((r) => r.text()));
    await pool(Array.from({ length: 50 }, (_, i) => i), 8, () => chat(server.url, key, "When do orders ship?", { headers: from("172.16.0.9") }).then((r) => r.text()));
    const before = rssBytes(server.proc.pid);

    let flooding = true;
    const valid: number[] = [];
    const validCaller = (async () => {
      while (flooding) {
        const res = await chat(server.url, key, "How long is the kettle warranty?", { headers: from("172.16.0.9") });
        valid.push(res.status);
        await res.text();
      }
    })();
    // Every flooding network makes one refused attempt: each one is a fresh budget entry.
    const statuses = await pool(Array.from({ length: NETWORKS }, (_, i) => i), 64, async (i) => {
      const res = await chat(server.url, badKey(i), "x", { headers: from(`10.${(i >> 8) & 255}.${i & 255}.${1 + (i % 200)}`) });
      await res.text();
      return res.status;
    });
    flooding = false;
    await validCaller;
    const after = rssBytes(server.proc.pid);

    expect(statuses.every((s) => s === 403)).toBe(true);
    expect(valid.length).toBeGreaterThan(0);
    expect(valid.every((s) => s === 200)).toBe(true);
    expect(after - before).toBeLessThan(GROWTH_CEILING);

    // One network spending its budget: PROBE_LIMIT refusals, then 429 even for a good key,
    // while the valid caller's network is still served.
    const hammer = await pool(Array.from({ length: PROBE_LIMIT + 5 }, (_, i) => i), 1, async (i) => {
      const res = await chat(server.url, badKey(i), "x", { headers: from("192.168.77.3") });
      return { status: res.status, body: (await res.json()) as any, retry: res.headers.get("retry-after") };
    });
    expect(hammer.slice(0, PROBE_LIMIT).map((r) => r.status)).toEqual(Array(PROBE_LIMIT).fill(403));
    for (const r of hammer.slice(PROBE_LIMIT)) {
      expect(r.status).toBe(429);
      expect(r.body.error.code).toBe("auth_probe_rate_limit_exceeded");
      expect(Number(r.retry)).toBeGreaterThanOrEqual(1);
    }
    expect((await chat(server.url, key, "When do orders ship?", { headers: from("192.168.77.200") })).status).toBe(429);
    expect((await chat(server.url, key, "When do orders ship?", { headers: from("172.16.0.9") })).status).toBe(200);
  } finally {
    await server.stop();
  }
}, TIMEOUT_MS);

test("the failed-credential budget never holds more networks than its cap", () => {
  // The server's cap (100k networks) is too many to flood in a quick test; the same class
  // with a small cap shows the bound, and that the newest networks keep their budgets.
  let now = 0;
  const budget = new ProbeBudget(2, 60_000, { now: () => now }, 1_000);
  for (let i = 0; i < 50_000; i++) {
    budget.recordFailure(`net-${i}`);
    budget.recordFailure(`net-${i}`);
    now++;
  }
  expect(budget.size).toBe(1_000);
  expect(budget.blockedFor("net-49999")).toBeGreaterThanOrEqual(1);
  expect(budget.blockedFor("net-0")).toBe(0);
});
