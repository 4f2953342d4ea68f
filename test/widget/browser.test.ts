/**
 * The widget in a real browser (Debian's Chromium via playwright-core) against the built
 * binary: pages on an allowed and a disallowed origin embed the snippet, and a visitor uses
 * it with the mouse, the keyboard, on a phone-sized screen, offline and at the limits.
 * Screenshots land in test-artifacts/.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { resolve } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { startServer, zenithJson, type Server } from "../support/binary";
import { W, ask, focusedInWidget, hostPage, launchBrowser, servePages, shot } from "./browser";

const DEMO = resolve(import.meta.dir, "../../assets/demo");
const ACCENT = "#0f766e";
const HOSTILE_QUESTION = "What does the hostile markup notice say?";

let server: Server;
let browser: BrowserContext;
const pages: Record<string, string> = {};
const allowed = servePages(() => pages);
const disallowed = servePages(() => pages);
const keys: Record<string, string> = {};
let rotatable = "";

function seedAgent(db: string, opts: { account: string[]; name: string; material?: string[][]; cosmetics?: string[] }) {
  const account = zenithJson(db, ["account", "create", "--name", opts.name, ...opts.account]).id;
  const agent = zenithJson(db, ["agent", "create", "--account", account, "--name", opts.name]).id;
  if (opts.cosmetics) zenithJson(db, ["agent", "update", agent, ...opts.cosmetics]);
  for (const m of opts.material ?? []) zenithJson(db, ["material", "add", "--agent", agent, ...m]);
  return zenithJson(db, ["install", "create", "--agent", agent, "--origin", allowed.origin]);
}

const snippet = (key: string) => `<script src="${server.url}/v1/widget.js" data-key="${key}" async></script>`;

beforeAll(async () => {
  server = await startServer();
  const main = seedAgent(server.db, {
    account: ["--rpm", "1000", "--monthly", "100000"],
    name: "Northwind Help",
    cosmetics: ["--accent-color", ACCENT, "--welcome", "Hi! I'm Northwind's assistant. Ask me about shipping or returns."],
    material: [[`${DEMO}/shipping.md`], [`${DEMO}/returns.md`], ["--qa", HOSTILE_QUESTION, `The hostile markup notice says <img src=x onerror="window.__pwned=1"> and [claim your prize](javascript:window.__pwned=2) right now.`]],
  });
  keys.main = main.publishable_key;
  keys.tight = seedAgent(server.db, { account: ["--rpm", "1", "--monthly", "1000"], name: "Tight Plan", material: [[`${DEMO}/shipping.md`]] }).publishable_key;
  keys.dry = seedAgent(server.db, { account: ["--rpm", "1000", "--monthly", "0"], name: "Dry Plan", material: [[`${DEMO}/shipping.md`]] }).publishable_key;
  const rot = seedAgent(server.db, { account: ["--rpm", "1000", "--monthly", "1000"], name: "Rotating", material: [[`${DEMO}/shipping.md`]] });
  keys.rotate = rot.publishable_key;
  rotatable = rot.id;
  for (const [name, key] of Object.entries(keys)) pages[`/${name}`] = hostPage(snippet(key));
  browser = await launchBrowser();
  browser.setDefaultTimeout(15_000);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  allowed.stop();
  disallowed.stop();
});

async function visit(origin: string, path: string, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const page = await browser.newPage();
  await page.setViewportSize(viewport);
  await page.goto(origin + path);
  await page.locator(W.launcher).waitFor();
  return page;
}

/** Waits until the widget has its session (the launcher is themed from the agent's cosmetics). */
async function ready(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.querySelector("zenith-widget")?.shadowRoot;
    return !!root && Object.keys(sessionStorage).some((k) => k.startsWith("zenith-widget:"));
  });
}

function sessionsFrom(origin: string): number {
  const db = new Database(server.db, { readonly: true });
  try {
    return db.query<{ n: number }, [string]>("SELECT count(*) AS n FROM widget_sessions WHERE origin = ?").get(origin)!.n;
  } finally {
    db.close();
  }
}

describe("widget in a browser", () => {
  test("an allowed origin gets the themed bubble, and answers to a covered and an uncovered question", async () => {
    const page = await visit(allowed.origin, "/main");
    await ready(page);
    expect(await page.locator(W.launcher).evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(15, 118, 110)");
    await page.locator(W.launcher).click();
    await expect(page.locator(W.panel).isVisible()).resolves.toBe(true);
    expect(await page.locator(W.title).innerText()).toBe("Northwind Help");
    expect(await page.locator(W.bot).first().innerText()).toContain("Ask me about shipping or returns");
    // The host page's aggressive CSS does not reach inside the widget.
    expect(await page.locator(W.bot).first().evaluate((el) => getComputedStyle(el).fontFamily)).not.toContain("Georgia");

    const covered = await ask(page, "How much does express shipping cost?");
    expect(covered).not.toContain("not available");
    expect(covered.toLowerCase()).toContain("express");
    const uncovered = await ask(page, "What is the capital of Mongolia?");
    expect(uncovered).toContain("not available");
    await shot(page, "desktop-conversation");

    const log = zenithJson(server.db, ["log", "--agent", await agentOf(keys.main)]);
    const widgetSession = log.sessions.find((s: any) => s.turns.some((t: any) => t.question === "What is the capital of Mongolia?"));
    expect(widgetSession.turns.map((t: any) => t.covered)).toEqual([true, false]);
    await page.close();
  }, 60_000);

  test("shows a typing indicator, announced to screen readers, while the answer is on its way", async () => {
    const page = await visit(allowed.origin, "/main");
    await ready(page);
    await page.locator(W.launcher).click();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(`${server.url}/v1/widget/messages`, async (route) => {
      await held;
      await route.continue();
    });
    await page.locator(W.input).fill("Do you ship to the European Union?");
    await page.locator(W.input).press("Enter");
    await page.locator("zenith-widget .typing").waitFor();
    expect(await page.locator("zenith-widget [role=status]").innerText()).toBe("Northwind Help is typing…");
    expect(await page.locator("zenith-widget .send").isDisabled()).toBe(true);
    await shot(page, "typing");
    release();
    await page.locator(W.bot).nth(1).waitFor();
    expect(await page.locator("zenith-widget .typing").count()).toBe(0);
    expect(await page.locator("zenith-widget [role=status]").innerText()).toBe("");
    await page.close();
  }, 60_000);

  test("the conversation is kept across page loads of the same tab", async () => {
    const page = await visit(allowed.origin, "/main");
    await ready(page);
    await page.locator(W.launcher).click();
    await ask(page, "How long do orders to Canada take?");
    await page.reload();
    await page.locator(W.user).first().waitFor();
    expect(await page.locator(W.user).allInnerTexts()).toEqual(["How long do orders to Canada take?"]);
    expect(await page.locator(W.bot).count()).toBe(2); // welcome + answer
    expect(await page.locator(W.panel).isVisible()).toBe(true);
    // A new tab is a new conversation.
    const other = await visit(allowed.origin, "/main");
    await ready(other);
    expect(await other.locator(W.user).count()).toBe(0);
    await page.close();
    await other.close();
  }, 60_000);

  test("a disallowed origin gets no session and shows the refused state", async () => {
    pages["/elsewhere"] = hostPage(snippet(keys.main), "Someone else's site");
    const page = await visit(disallowed.origin, "/elsewhere");
    await page.locator("zenith-widget .zw.refused").waitFor({ state: "attached" });
    await page.locator(W.launcher).click();
    expect(await page.locator(W.notice).innerText()).toContain("isn't available on this website");
    expect(await page.locator(W.input).isDisabled()).toBe(true);
    expect(sessionsFrom(disallowed.origin)).toBe(0);
    await shot(page, "refused-origin");
    await page.close();
  }, 60_000);

  test("works with the keyboard alone: open, ask, Escape closes and focus returns", async () => {
    const page = await visit(allowed.origin, "/main");
    await ready(page);
    await page.keyboard.press("Tab"); // the page's own link
    await page.keyboard.press("Tab"); // the launcher
    expect(await focusedInWidget(page)).toBe("button.launcher");
    expect(await page.locator(W.launcher).getAttribute("aria-expanded")).toBe("false");
    await page.keyboard.press("Enter");
    expect(await page.locator(W.launcher).getAttribute("aria-expanded")).toBe("true");
    expect(await focusedInWidget(page)).toBe("textarea");
    await page.keyboard.type("Can I return an opened bag of coffee?");
    await page.keyboard.press("Enter");
    await page.locator(W.bot).nth(1).waitFor();
    expect(await page.locator("zenith-widget [role=log]").getAttribute("aria-live")).toBe("polite");
    expect(await page.locator("zenith-widget [role=dialog]").getAttribute("aria-labelledby")).toBe("zw-title");
    expect(await focusedInWidget(page)).toBe("textarea");
    await page.keyboard.press("Escape");
    expect(await page.locator(W.panel).isVisible()).toBe(false);
    expect(await focusedInWidget(page)).toBe("button.launcher");
    await page.keyboard.press("Space");
    expect(await page.locator(W.panel).isVisible()).toBe(true);
    await page.close();
  }, 60_000);

  test("a narrow viewport gets a full-screen panel that keeps focus inside", async () => {
    const page = await visit(allowed.origin, "/main", { width: 375, height: 740 });
    await ready(page);
    await page.locator(W.launcher).click();
    await ask(page, "Is shipping free?");
    expect(await page.locator(W.panel).boundingBox()).toEqual({ x: 0, y: 0, width: 375, height: 740 });
    expect(await page.locator(W.launcher).isVisible()).toBe(false);
    expect(await page.locator("zenith-widget [role=dialog]").getAttribute("aria-modal")).toBe("true");
    // Tab from the last control wraps to the first (close button) instead of leaving the panel.
    await page.locator("zenith-widget .send").focus();
    await page.keyboard.press("Tab");
    expect(await focusedInWidget(page)).toBe("button.close");
    await shot(page, "phone-fullscreen");
    await page.locator("zenith-widget .close").click();
    expect(await page.locator(W.launcher).isVisible()).toBe(true);
    await page.close();
  }, 60_000);

  test("hostile markup in an answer is shown as text and never runs", async () => {
    const page = await visit(allowed.origin, "/main");
    await ready(page);
    await page.locator(W.launcher).click();
    const answer = await ask(page, HOSTILE_QUESTION);
    expect(answer).toContain("hostile markup");

    // The same path with an exact hostile reply, as a compromised upstream could send it.
    await page.route(`${server.url}/v1/widget/messages`, (route) =>
      route.request().method() === "POST"
        ? route.fulfill({
            status: 200,
            headers: { "content-type": "application/json", "access-control-allow-origin": allowed.origin },
            body: JSON.stringify({
              object: "widget.message",
              role: "assistant",
              unavailable: false,
              expires_at: 4_102_444_800,
              content: `Here you go:\n\n<img src=x onerror="window.__pwned=3"><script>window.__pwned=4</script>\n\n- [claim your prize](javascript:window.__pwned=5)\n- [our returns page](https://example.com/returns)\n- <a href="javascript:window.__pwned=6">raw link</a>`,
            }),
          })
        : route.continue(),
    );
    const hostile = await ask(page, "Show me something");
    expect(hostile).toContain('<img src=x onerror="window.__pwned=3">');
    expect(hostile).toContain("claim your prize");
    await page.locator(W.bot).last().locator("a").first().waitFor();
    const links = await page.locator(W.bot).last().locator("a").evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute("href"), a.getAttribute("rel")]));
    expect(links).toEqual([["our returns page", "https://example.com/returns", "noopener noreferrer nofollow"]]);
    await shot(page, "hostile-answer");
    await page.locator(W.bot).last().getByText("claim your prize").click();
    const inShadow = await page.evaluate(() => {
      const root = document.querySelector("zenith-widget")!.shadowRoot!;
      return { imgs: root.querySelectorAll("img").length, scripts: root.querySelectorAll("script").length, pwned: (window as any).__pwned ?? null, badHrefs: [...root.querySelectorAll("a")].filter((a) => !/^(https?|mailto|tel):/.test(a.href)).length };
    });
    expect(inShadow).toEqual({ imgs: 0, scripts: 0, pwned: null, badHrefs: 0 });
    await page.close();
  }, 60_000);

  test("the rate limit shows a wait with a Retry that unlocks when allowed", async () => {
    const page = await visit(allowed.origin, "/tight");
    await ready(page);
    await page.locator(W.launcher).click();
    await ask(page, "How much does express shipping cost?");
    await page.locator(W.input).fill("And to Canada?");
    await page.locator(W.input).press("Enter");
    await page.locator(`${W.notice}.rate`).waitFor();
    expect(await page.locator(W.notice).innerText()).toContain("faster than this chat allows");
    const retry = page.locator(`${W.notice} button`);
    expect(await retry.isDisabled()).toBe(true);
    expect(await retry.innerText()).toMatch(/^Retry \(\d+s\)$/);
    await shot(page, "rate-limited");
    await page.close();
  }, 60_000);

  test("the unavailability answer is shown as a notice-styled reply", async () => {
    const page = await visit(allowed.origin, "/dry");
    await ready(page);
    await page.locator(W.launcher).click();
    const answer = await ask(page, "How much does express shipping cost?");
    expect(answer).toContain("temporarily unavailable");
    expect(await page.locator("zenith-widget .msg.unavailable").count()).toBe(1);
    await shot(page, "unavailable");
    await page.close();
  }, 60_000);

  test("a lost network shows Retry, which resends the question", async () => {
    const page = await visit(allowed.origin, "/main");
    await ready(page);
    await page.locator(W.launcher).click();
    // The service becomes unreachable: every call to it fails at the network level.
    const cut = `${server.url}/v1/**`;
    await page.route(cut, (route) => route.abort("internetdisconnected"));
    await page.locator(W.input).fill("How much does express shipping cost?");
    await page.locator(W.input).press("Enter");
    await page.locator(W.notice).getByText("offline").waitFor();
    await shot(page, "offline");
    await page.unroute(cut);
    await page.locator(`${W.notice} button`).getByText("Retry").click();
    await page.locator(W.bot).nth(1).waitFor();
    expect(await page.locator(W.user).count()).toBe(1);
    expect(await page.locator(W.notice).isHidden()).toBe(true);
    await page.close();
  }, 60_000);

  test("a question asked offline is answered when the browser comes back online", async () => {
    const page = await visit(allowed.origin, "/main");
    await ready(page);
    await page.locator(W.launcher).click();
    await browser.setOffline(true);
    try {
      await page.locator(W.input).fill("Is shipping free?");
      await page.locator(W.input).press("Enter");
      await page.locator(W.notice).getByText("offline").waitFor();
    } finally {
      await browser.setOffline(false);
    }
    await page.locator(W.bot).nth(1).waitFor();
    expect(await page.locator(W.notice).isHidden()).toBe(true);
    await page.close();
  }, 60_000);

  test("an expired session is replaced without the visitor noticing", async () => {
    const page = await visit(allowed.origin, "/main");
    await ready(page);
    await page.locator(W.launcher).click();
    // Stand-in for a session the server no longer knows (expired and swept).
    await page.evaluate(() => {
      const name = Object.keys(sessionStorage).find((k) => k.startsWith("zenith-widget:"))!;
      sessionStorage.setItem(name, JSON.stringify({ ...JSON.parse(sessionStorage.getItem(name)!), token: "wst_gone" }));
    });
    await page.reload();
    await page.locator(W.bot).first().waitFor();
    const answer = await ask(page, "How much does express shipping cost?");
    expect(answer).not.toContain("not available");
    // The session ends while the page is open: the server refuses it (readably, since key and origin are fine).
    let refusals = 0;
    await page.route(`${server.url}/v1/widget/messages`, (route) =>
      route.request().method() === "POST" && refusals++ === 0
        ? route.fulfill({
            status: 403,
            headers: { "content-type": "application/json", "access-control-allow-origin": allowed.origin },
            body: JSON.stringify({ error: { message: "Access denied", type: "authentication_error", param: null, code: "access_denied" } }),
          })
        : route.continue(),
    );
    const opened = page.waitForRequest((r) => r.url().endsWith("/v1/widget/sessions") && r.method() === "POST");
    expect(await ask(page, "How long does shipping to Canada take?")).toContain("5 to 8 business days");
    await opened;
    // The conversation on screen is kept.
    expect(await page.locator(W.user).count()).toBe(2);
    expect(await page.locator(W.notice).isHidden()).toBe(true);
    await page.close();
  }, 60_000);

  test("rotating the publishable key stops the widget that uses the old one", async () => {
    const page = await visit(allowed.origin, "/rotate");
    await ready(page);
    await page.locator(W.launcher).click();
    await ask(page, "How much does express shipping cost?");
    zenithJson(server.db, ["install", "rotate", rotatable]);
    await page.locator(W.input).fill("And to Canada?");
    await page.locator(W.input).press("Enter");
    await page.locator(W.notice).getByText("isn't available").waitFor();
    expect(await page.locator(W.input).isDisabled()).toBe(true);
    await page.close();
  }, 60_000);
});

async function agentOf(key: string): Promise<string> {
  const db = new Database(server.db, { readonly: true });
  try {
    return db.query<{ agent_id: string }, [string]>("SELECT agent_id FROM api_keys WHERE value = ?").get(key)!.agent_id;
  } finally {
    db.close();
  }
}
