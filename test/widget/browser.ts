/**
 * Browser-test harness: Debian's Chromium driven by playwright-core (no browser download),
 * pages served from local origins on port 0, and helpers that reach into the widget's
 * (open) shadow root the way a visitor would.
 */
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { tempDir } from "../support/tmp";

export const CHROMIUM = "/usr/bin/chromium";
export const ARTIFACTS = resolve(import.meta.dir, "../../test-artifacts");

/** A fresh browser profile; every page in it gets its own sessionStorage. */
export async function launchBrowser(): Promise<BrowserContext> {
  return chromium.launchPersistentContext(tempDir("zenith-chromium-"), {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1280, height: 800 },
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}

/** A host page that tries hard to restyle everything, with the embed snippet at the end. */
export function hostPage(snippet: string, title = "Northwind Coffee"): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title>
<style>
* { font-family: Georgia, serif !important; color: #7c2d12 !important; letter-spacing: 1px !important; }
div, button, textarea, section { border: 3px dashed magenta !important; background: #fde68a !important; padding: 20px !important; }
body { margin: 0; padding: 40px; background: linear-gradient(#fff7ed, #ffedd5); min-height: 100vh; box-sizing: border-box; }
</style></head><body>
<h1>${title}</h1>
<p>Freshly roasted coffee, shipped to your door. Questions? Use the chat bubble.</p>
<a id="before" href="#top">Our story</a>
${snippet}
</body></html>`;
}

/** Serves `pages` (path → HTML) from http://127.0.0.1:PORT. */
export function servePages(pages: () => Record<string, string>) {
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch(req) {
      const html = pages()[new URL(req.url).pathname];
      return html ? new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } }) : new Response("not found", { status: 404 });
    },
  });
  return { origin: `http://127.0.0.1:${server.port}`, stop: () => server.stop(true) };
}

export function shot(page: Page, name: string) {
  mkdirSync(ARTIFACTS, { recursive: true });
  return page.screenshot({ path: resolve(ARTIFACTS, `widget-${name}.png`), animations: "disabled" });
}

/** Selectors inside the widget (playwright's CSS engine pierces open shadow roots). */
export const W = {
  launcher: "zenith-widget .launcher",
  panel: "zenith-widget .panel",
  input: "zenith-widget textarea",
  notice: "zenith-widget .notice",
  title: "zenith-widget h2",
  bot: "zenith-widget .msg.bot:not(.typing) .bubble",
  user: "zenith-widget .msg.user .bubble",
};

/** The element focused inside the widget's shadow root, described as tag.class. */
export function focusedInWidget(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const el = document.querySelector("zenith-widget")?.shadowRoot?.activeElement as HTMLElement | null | undefined;
    return el ? `${el.tagName.toLowerCase()}${el.className ? `.${el.className}` : ""}` : null;
  });
}

/** Types a question into the open panel, sends it with Enter and waits for the next answer. */
export async function ask(page: Page, question: string): Promise<string> {
  const before = await page.locator(W.bot).count();
  await page.locator(W.input).fill(question);
  await page.locator(W.input).press("Enter");
  await page.locator(W.bot).nth(before).waitFor();
  return (await page.locator(W.bot).nth(before).innerText()).trim();
}
