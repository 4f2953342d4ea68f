/** Failed-credential budget, per-minute plan limit, monthly allowance and subscription state. */
import { describe, expect, test } from "bun:test";
import { fixture } from "../support/app";
import { binary, inProcess } from "../support/target";
import type { Clock } from "../../src/limits/clock";
import { networkOf } from "../../src/limits/network";
import { ProbeBudget } from "../../src/limits/probe-budget";
import { createAgent } from "../../src/admin/agents";
import { createSecretKey } from "../../src/admin/keys";

const CHAT = { model: "service-zenith", messages: [{ role: "user", content: "When do you open?" }] };
const BAD = { authorization: "Bearer svc_sk_ffffffffffffffffffffffffffffffff" };

function manualClock(start = 1_800_000_000_000): Clock & { advance(ms: number): void } {
  let now = start;
  return { now: () => now, advance: (ms) => void (now += ms) };
}

describe("networks", () => {
  test.each([
    ["203.0.113.7", "203.0.113.0/24"],
    ["203.0.113.250", "203.0.113.0/24"],
    ["::ffff:203.0.113.9", "203.0.113.0/24"],
    ["::ffff:cb00:7109", "203.0.113.0/24"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:db8:1:2::ffff", "2001:db8:1:2::/64"],
    ["[2001:0db8:0001:0002::1]", "2001:db8:1:2::/64"],
    ["::1", "0:0:0:0::/64"],
  ])("%s is in %s", (addr, net) => expect(networkOf(addr)).toBe(net));
});

describe("failed-credential budget", () => {
  test("N refusals get 403, then 429 for every request from the network until the window passes", async () => {
    const clock = manualClock();
    const f = fixture({ clock, probeLimit: 3, probeWindowSeconds: 60 });
    for (let i = 0; i < 3; i++) expect((await f.request("/v1/models", { headers: BAD, peer: `198.51.100.${i + 1}` })).status).toBe(403);
    const blocked = await f.request("/v1/models", { headers: { authorization: `Bearer ${f.key}` }, peer: "198.51.100.77" });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("retry-after")).toBe("60");
    expect(blocked.headers.get("x-should-retry")).toBe("false");
    expect((await blocked.json()).error).toMatchObject({ code: "auth_probe_rate_limit_exceeded", type: "rate_limit_error", param: null });
    // Another network is served; an IPv4-mapped address of the blocked one is not.
    expect((await f.request("/v1/models", { headers: { authorization: `Bearer ${f.key}` }, peer: "198.51.101.1" })).status).toBe(200);
    expect((await f.request("/v1/models", { headers: { authorization: `Bearer ${f.key}` }, peer: "::ffff:198.51.100.5" })).status).toBe(429);
    clock.advance(45_000);
    expect((await f.request("/v1/models", { headers: BAD, peer: "198.51.100.1" })).headers.get("retry-after")).toBe("15");
    clock.advance(15_000);
    expect((await f.request("/v1/models", { headers: { authorization: `Bearer ${f.key}` }, peer: "198.51.100.1" })).status).toBe(200);
  });

  test("a missing header is 401 and does not count; every 403 cause counts alike", async () => {
    const clock = manualClock();
    const f = fixture({ clock, probeLimit: 2 });
    for (let i = 0; i < 5; i++) expect((await f.request("/v1/models", { peer: "192.0.2.1" })).status).toBe(401);
    expect((await f.request("/v1/models", { headers: { authorization: "Bearer junk" }, peer: "192.0.2.1" })).status).toBe(403);
    expect((await f.chat(CHAT, { authorization: `Bearer ${f.installation(["https://a.example"]).publishable_key}` })).status).toBe(403);
    expect((await f.request("/v1/models", { headers: BAD, peer: "192.0.2.1" })).status).toBe(403);
    expect((await f.request("/v1/models", { headers: BAD, peer: "192.0.2.1" })).status).toBe(429);
  });

  test("IPv6 networks are /64", async () => {
    const f = fixture({ clock: manualClock(), probeLimit: 1 });
    expect((await f.request("/v1/models", { headers: BAD, peer: "2001:db8:aa:bb::1" })).status).toBe(403);
    expect((await f.request("/v1/models", { headers: BAD, peer: "2001:db8:aa:bb::2" })).status).toBe(429);
    expect((await f.request("/v1/models", { headers: BAD, peer: "2001:db8:aa:bc::1" })).status).toBe(403);
  });

  test("memory stays bounded under a flood of distinct networks", async () => {
    const budget = new ProbeBudget(5, 60_000, manualClock(), 100);
    for (let i = 0; i < 1000; i++) budget.recordFailure(`net-${i}`);
    expect(budget.size).toBe(100);
    const f = fixture({ probeLimit: 5 });
    for (let i = 0; i < 2000; i++) await f.request("/v1/models", { headers: BAD, peer: `10.${(i >> 8) & 255}.${i & 255}.1` });
    expect((await f.request("/v1/models", { headers: { authorization: `Bearer ${f.key}` }, peer: "172.16.0.1" })).status).toBe(200);
  });

  test("binary: X-Forwarded-For only with --trust-proxy, rightmost address", async () => {
    const t = await binary({ probeLimit: 2 });
    for (let i = 0; i < 2; i++) expect((await t.send("/v1/models", { headers: BAD, peer: "203.0.113.10" })).status).toBe(403);
    const blocked = await t.send("/v1/models", { headers: { authorization: `Bearer ${t.key}` }, peer: "203.0.113.99" });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThanOrEqual(59);
    // A spoofed leftmost entry does not move the caller to another network.
    expect((await t.send("/v1/models", { headers: { authorization: `Bearer ${t.key}` }, peer: "8.8.8.8, 203.0.113.5" })).status).toBe(429);
    expect((await t.send("/v1/models", { headers: { authorization: `Bearer ${t.key}` }, peer: "203.0.113.5, 8.8.8.8" })).status).toBe(200);
  });
});

describe("per-minute plan limit", () => {
  test("exactly the limit per minute, a true Retry-After, shared by the account's agents", async () => {
    const clock = manualClock();
    const f = fixture({ clock, rpm: 3 });
    const other = createSecretKey(f.store, createAgent(f.store, { accountId: f.account, name: "Second" }).id).key;
    expect((await f.chat(CHAT)).headers.get("x-ratelimit-remaining-requests")).toBe("2");
    expect((await f.chat(CHAT, { authorization: `Bearer ${other}` })).status).toBe(200);
    expect((await f.chat(CHAT)).status).toBe(200);
    clock.advance(20_000);
    const refused = await f.chat(CHAT, { authorization: `Bearer ${other}` });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("40");
    expect(refused.headers.get("x-ratelimit-remaining-requests")).toBe("0");
    expect(refused.headers.get("x-ratelimit-limit-requests")).toBe("3");
    expect((await refused.json()).error).toMatchObject({ code: "tenant_plan_rate_limit_exceeded", type: "rate_limit_error" });
    // Models and config consume nothing.
    expect((await f.request("/v1/models", { headers: { authorization: `Bearer ${f.key}` } })).status).toBe(200);
    clock.advance(40_000);
    expect((await f.chat(CHAT)).status).toBe(200);
  });

  test("binary: N allowed under concurrency, not N+k", async () => {
    const t = await binary({ rpm: 20 });
    const results = await Promise.all(Array.from({ length: 60 }, () => t.chat(CHAT)));
    const counts = results.reduce<Record<number, number>>((acc, r) => ((acc[r.status] = (acc[r.status] ?? 0) + 1), acc), {});
    expect(counts).toEqual({ 200: 20, 429: 40 });
  });
});

describe("monthly allowance and subscription", () => {
  const zero = { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 };

  test("a spent allowance answers 200 with the unavailability message and zero usage", async () => {
    const t = inProcess({ monthly: 2 });
    await t.addText("The shop opens at 9 am.", "Hours");
    for (let i = 0; i < 2; i++) expect((await (await t.chat(CHAT)).json()).usage.total_tokens).toBeGreaterThan(0);
    const spent = await t.chat(CHAT);
    expect(spent.status).toBe(200);
    const body = await spent.json();
    expect(body.usage).toEqual(zero);
    expect(body.choices[0].message.content).toMatch(/unavailable/i);
    expect(body.choices[0].finish_reason).toBe("stop");
    await t.updateAccount({ monthly: 3 });
    expect((await (await t.chat(CHAT)).json()).usage.total_tokens).toBeGreaterThan(0);
  });

  test("a subscription that needs attention answers the same way", async () => {
    const t = inProcess();
    await t.updateAccount({ subscription: "past_due" });
    const body = await (await t.chat(CHAT)).json();
    expect(body.usage).toEqual(zero);
    expect(body.choices[0].message.content).toMatch(/unavailable/i);
    expect((await t.log()).sessions).toHaveLength(0);
  });

  test("binary: never overshot by concurrent requests at the edge; count equals logged answers", async () => {
    const t = await binary({ monthly: 10 });
    await t.addText("The shop opens at 9 am.", "Hours");
    const bodies = await Promise.all(Array.from({ length: 30 }, async () => (await t.chat(CHAT, { "x-service-session": "edge" })).json()));
    const answered = bodies.filter((b) => b.usage.total_tokens > 0);
    expect(answered).toHaveLength(10);
    expect(bodies.filter((b) => b.usage.total_tokens === 0)).toHaveLength(20);
    const log = await t.log("edge");
    expect(log.sessions[0].turns).toHaveLength(10);
  });
});
