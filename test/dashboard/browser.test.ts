/**
 * The dashboard in a real browser (Debian's Chromium via playwright-core) against the built
 * binary: the owner's whole path from sign-in to exporting the chat log, plus the refusals.
 * Screenshots go to test-artifacts/dashboard-*.png.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { startServer, until, type Server } from "../support/binary";
import { tempDir } from "../support/tmp";
import { REFUNDS_PDF_LINES, SHIPPING_MD } from "./fixtures";
import { makePdf } from "../support/documents";

const CHROMIUM = "/usr/bin/chromium";
const ARTIFACTS = resolve(import.meta.dir, "../../test-artifacts");
const STEP = 30_000;

let server: Server;
let browser: BrowserContext;
let page: Page;
let password: string;
const state: { agentUrl?: string; key?: string; rotated?: string } = {};

function shot(name: string) {
  mkdirSync(ARTIFACTS, { recursive: true });
  return page.screenshot({ path: resolve(ARTIFACTS, `dashboard-${name}.png`), fullPage: true, animations: "disabled" });
}

function chat(key: string, question: string) {
  return fetch(`${server.url}/v1/chat/completions`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ model: "service-zenith", messages: [{ role: "user", content: question }] }),
  });
}

/** Fails clearly when the browser is missing: `make browser` installs it. */
beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run \`make browser\` first`);
  server = await startServer();
  await until(() => server.lines.some((l) => l.includes("admin_password")));
  password = JSON.parse(server.lines.find((l) => l.includes("admin_password"))!).admin_password;
  browser = await chromium.launchPersistentContext(tempDir("zenith-chromium-"), {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1280, height: 900 },
    acceptsDownloads: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  } as Parameters<typeof chromium.launchPersistentContext>[1]);
  await browser.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.admin });
  page = browser.pages()[0] ?? (await browser.newPage());
}, STEP);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("the owner in the dashboard", () => {
  test("a wrong password is refused beside the field; the right one signs in", async () => {
    await page.goto(server.admin);
    expect(new URL(page.url()).pathname).toBe("/sign-in");
    await page.getByLabel("Admin password").fill("not-it");
    await page.getByRole("button", { name: "Sign in" }).click();
    expect(await page.locator("#f-password-error").textContent()).toBe("Wrong password.");
    await shot("01-wrong-password");
    await page.getByLabel("Admin password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Accounts and plans" }).waitFor();
  }, STEP);

  test("creates an account, then an agent (a failed submit keeps what was typed)", async () => {
    await page.getByLabel("Name").fill("Acme Coffee");
    await page.getByLabel("Requests per minute").fill("120");
    await page.getByLabel("Monthly allowance (answers)").fill("5000");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByText('Account "Acme Coffee" created.').waitFor();
    await page.getByRole("link", { name: "New agent" }).click();
    await page.getByLabel("Persona").fill("a friendly barista");
    await page.getByRole("button", { name: "Create agent" }).click();
    expect(await page.locator("#f-name-error").textContent()).toBe("Display name is required.");
    expect(await page.getByLabel("Persona").inputValue()).toBe("a friendly barista");
    await shot("02-validation");
    await page.getByLabel("Display name").fill("Acme Help");
    await page.getByRole("button", { name: "Create agent" }).click();
    await page.getByText('Agent "Acme Help" created.').waitFor();
    state.agentUrl = new URL(page.url()).pathname.replace(/\/material$/, "");
  }, STEP);

  test("uploads a Markdown and a PDF file and sees both listed once ingested", async () => {
    await page.locator("#f-files").setInputFiles([
      { name: "shipping.md", mimeType: "text/markdown", buffer: Buffer.from(SHIPPING_MD) },
      { name: "refunds.pdf", mimeType: "application/pdf", buffer: Buffer.from(makePdf(REFUNDS_PDF_LINES)) },
    ]);
    await page.getByRole("button", { name: "Upload" }).click();
    const list = page.getByTestId("material-list");
    await list.locator("tr", { hasText: "shipping.md" }).waitFor();
    await list.locator("tr", { hasText: "refunds.pdf" }).waitFor();
    await shot("03-material");
  }, STEP);

  test("the cosmetics preview follows the form live", async () => {
    await page.goto(server.admin + state.agentUrl);
    await page.locator("#f-accent_color").fill("#dc2626");
    await page.getByLabel("Welcome message").fill("Hello from Acme!");
    expect(await page.locator(".pv-head").evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(220, 38, 38)");
    expect(await page.locator("[data-pv-welcome]").textContent()).toBe("Hello from Acme!");
    await page.getByRole("button", { name: "Save agent" }).click();
    await page.getByText("Agent saved.").waitFor();
    await shot("04-agent");
  }, STEP);

  test("asks in the playground and gets an answer from each file", async () => {
    await page.getByRole("link", { name: "Playground" }).last().click();
    await page.getByLabel("Question").fill("How many business days does standard shipping take?");
    await page.getByRole("button", { name: "Ask" }).click();
    const transcript = page.getByTestId("playground-transcript");
    await transcript.locator("li").nth(1).waitFor();
    expect(await transcript.locator("li").nth(1).textContent()).toContain("3 to 5 business days");
    await page.getByLabel("Follow-up question").fill("When are refunds issued?");
    await page.getByRole("button", { name: "Ask" }).click();
    await transcript.locator("li").nth(3).waitFor();
    expect(await transcript.locator("li").nth(3).textContent()).toContain("14 days");
    await shot("05-playground");
  }, STEP);

  test("creates a secret key shown once, uses it on the public port, rotates it", async () => {
    await page.getByRole("link", { name: "Secret keys" }).click();
    await page.getByRole("button", { name: "Create secret key" }).click();
    state.key = (await page.getByTestId("secret-value").textContent())!;
    expect(state.key).toMatch(/^svc_sk_[0-9a-f]{32}$/);
    await shot("06-key-once");
    await page.reload();
    expect(await page.getByTestId("secret-value").count()).toBe(0);
    expect(await page.content()).not.toContain(state.key);
    const res = await chat(state.key, "How many business days does standard shipping take?");
    expect(res.status).toBe(200);
    expect((await res.json()).choices[0].message.content).toContain("3 to 5 business days");
    await page.getByRole("button", { name: "Rotate" }).click();
    state.rotated = (await page.getByTestId("secret-value").textContent())!;
    expect(state.rotated).not.toBe(state.key);
    expect((await chat(state.key, "Hello")).status).toBe(403);
    expect((await chat(state.rotated, "Do you deliver to the Moon?")).status).toBe(200);
  }, STEP);

  test("adds a widget installation and copies its snippet", async () => {
    await page.getByRole("link", { name: "Widget" }).click();
    await page.locator("#f-origins").fill("https://shop.example.com");
    await page.getByRole("button", { name: "Create installation" }).click();
    await page.getByText("Installation created").waitFor();
    const snippet = (await page.locator("code.snippet").textContent())!;
    expect(snippet).toMatch(/^<script src="http:\/\/127\.0\.0\.1:\d+\/v1\/widget\.js" data-key="svc_pk_[0-9a-f]{32}" async><\/script>$/);
    await page.getByRole("button", { name: "Copy snippet" }).click();
    await page.getByRole("button", { name: "Copied" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(snippet);
    await shot("07-installation");
  }, STEP);

  test("finds the exchange in the chat log, reads it, and exports it as CSV and JSON", async () => {
    await page.getByRole("link", { name: "Chat log" }).click();
    await page.getByLabel("Search").fill("standard shipping");
    await page.getByRole("button", { name: "Filter" }).click();
    const rows = page.getByTestId("log-list").locator("tbody tr");
    expect(await rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain("How many business days does standard shipping take?");
    const [csv] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
    const csvText = readFileSync((await csv.path())!, "utf8");
    expect(csvText.split("\n")[0]).toContain("question");
    expect(csvText).toContain("How many business days does standard shipping take?");
    expect(csvText).toContain("3 to 5 business days");
    const [json] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export JSON" }).click()]);
    const exported = JSON.parse(readFileSync((await json.path())!, "utf8"));
    expect(exported.turns.map((t: { question: string }) => t.question)).toEqual(["How many business days does standard shipping take?"]);
    await rows.first().getByRole("link").click();
    await page.getByRole("heading", { name: "Conversation with Acme Help" }).waitFor();
    await shot("08-chat-log");
  }, STEP);

  test("the account shows this month's usage against its allowance, with a daily chart", async () => {
    await page.getByRole("link", { name: "Accounts" }).click();
    await page.getByRole("link", { name: "Acme Coffee" }).click();
    expect(await page.locator(".meter span").first().textContent()).toBe("2 / 5,000");
    expect(await page.locator("svg rect.bar").count()).toBe(new Date().getUTCDate());
    expect(await page.locator("svg rect.bar").last().getAttribute("height")).not.toBe("0.0");
    await shot("09-account");
  }, STEP);

  test("answers an unanswered question in one click", async () => {
    await page.getByRole("link", { name: "Unanswered" }).first().click();
    const item = page.getByTestId("unanswered-list").locator("li", { hasText: "Do you deliver to the Moon?" });
    await item.getByText("Add an answer").click();
    await item.getByLabel("Answer").fill("No, we only deliver on Earth.");
    await shot("10-unanswered");
    await item.getByRole("button", { name: "Save answer" }).click();
    await page.getByText("Answer added to Acme Help").waitFor();
    expect(await page.getByTestId("unanswered-list").count()).toBe(0);
    const res = await chat(state.rotated!, "Do you deliver to the Moon?");
    expect((await res.json()).choices[0].message.content).toContain("only deliver on Earth");
  }, STEP);

  test("a form submitted without its CSRF token is refused and changes nothing", async () => {
    await page.goto(`${server.admin}/accounts`);
    await page.getByLabel("Name").fill("Sneaky");
    await page.locator('form[action="/accounts"] input[name="_csrf"]').evaluate((el) => el.remove());
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByRole("heading", { name: "Refused" }).waitFor();
    await shot("11-csrf-refused");
    await page.goto(`${server.admin}/accounts`);
    expect(await page.getByText("Sneaky").count()).toBe(0);
  }, STEP);

  test("the public port serves no dashboard", async () => {
    const res = await page.goto(`${server.url}/accounts`);
    expect(res!.status()).toBe(404);
    expect(await page.locator("form").count()).toBe(0);
    const signIn = await page.goto(`${server.url}/sign-in`);
    expect(signIn!.status()).toBe(404);
  }, STEP);

  test("fits a phone-sized screen without sideways scrolling", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of [state.agentUrl!, `${state.agentUrl}/material`, "/log", "/accounts"]) {
      await page.goto(server.admin + path);
      expect([path, await page.evaluate(() => document.documentElement.scrollWidth)]).toEqual([path, 390]); // no sideways scroll
    }
    await page.goto(server.admin + state.agentUrl);
    await shot("12-phone");
    await page.setViewportSize({ width: 1280, height: 900 });
  }, STEP);

  test("signs out", async () => {
    await page.goto(`${server.admin}/accounts`);
    await page.getByRole("button", { name: "Sign out" }).click();
    expect(new URL(page.url()).pathname).toBe("/sign-in");
    await page.goto(`${server.admin}/accounts`);
    expect(new URL(page.url()).pathname).toBe("/sign-in");
  }, STEP);
});
