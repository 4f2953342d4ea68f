/**
 * Material from the web: one page, a sitemap, or a same-site crawl from a page, capped.
 * Only the start address must load; pages found on the way that fail are skipped.
 * The site's robots.txt is honoured: disallowed pages are not fetched, a disallowed start is refused.
 */
import { CliError } from "../../errors";
import { MAX_FILE_BYTES, type Doc } from "./document";
import { docsFromFile, textDoc } from "./formats";
import { htmlToText } from "./html";
import { robotsFor, type RobotsRules } from "./robots";

export const DEFAULT_MAX_PAGES = 20;
const FETCH_TIMEOUT_MS = 15_000;
/** Sent with every request; its product token ("zenith-ingest") picks our robots.txt group. */
const USER_AGENT = "zenith-ingest/1";

interface Fetched {
  url: string;
  type: string;
  bytes: Uint8Array;
}

function parseStart(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new CliError(`not a valid URL: ${raw}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new CliError(`only http and https URLs can be added, got ${url.protocol}`);
  url.hash = "";
  return url;
}

async function get(url: string): Promise<Fetched> {
  let res: Response;
  try {
    res = await fetch(url, { redirect: "follow", signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), headers: { "user-agent": USER_AGENT, accept: "text/html,application/xhtml+xml,application/xml,text/plain,application/pdf;q=0.9,*/*;q=0.5" } });
  } catch (err) {
    const reason = (err as Error).name === "TimeoutError" ? `no answer within ${FETCH_TIMEOUT_MS / 1000} s` : (err as Error).message;
    throw new CliError(`cannot fetch ${url}: ${reason}`);
  }
  if (!res.ok) throw new CliError(`cannot fetch ${url}: HTTP ${res.status}`);
  const declared = Number(res.headers.get("content-length") ?? 0);
  if (declared > MAX_FILE_BYTES) throw new CliError(`${url} is too large: ${declared} bytes (limit ${MAX_FILE_BYTES})`);
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (bytes.byteLength > MAX_FILE_BYTES) throw new CliError(`${url} is too large: ${bytes.byteLength} bytes (limit ${MAX_FILE_BYTES})`);
  return { url: res.url || url, type: (res.headers.get("content-type") ?? "").toLowerCase(), bytes };
}

const text = (f: Fetched) => new TextDecoder().decode(f.bytes);
const isSitemap = (f: Fetched) => /<(urlset|sitemapindex)[\s>]/i.test(text(f).slice(0, 2000));
const isHtml = (f: Fetched) => f.type.includes("html") || (!f.type && /<html|<body|<p[\s>]/i.test(text(f).slice(0, 2000)));

const locs = (f: Fetched) => [...text(f).matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/gi)].map((m) => m[1].replace(/&amp;/g, "&"));

/** Sitemap <loc> entries (nested sitemap indexes followed once, if robots.txt allows them). */
async function sitemapPages(f: Fetched, origin: string, robots: RobotsRules): Promise<string[]> {
  const out: string[] = [];
  for (const loc of locs(f)) {
    if (!loc.startsWith(origin)) continue;
    if (/\.xml(\?|$)/i.test(loc)) {
      const nested = robots.allows(loc) ? await get(loc).catch(() => null) : null;
      if (nested && isSitemap(nested)) out.push(...locs(nested).filter((u) => u.startsWith(origin)));
    } else out.push(loc);
  }
  return out;
}

function pageDoc(f: Fetched): Doc {
  const page = htmlToText(text(f));
  return textDoc("url", page.text, page.title ?? new URL(f.url).pathname, f.url);
}

/** Links on an HTML page that stay on the site and under the start path. */
function sameSiteLinks(f: Fetched, start: URL): string[] {
  const scope = start.pathname.replace(/[^/]*$/, "");
  const out: string[] = [];
  for (const href of htmlToText(text(f), { mainContent: false }).links) {
    try {
      const u = new URL(href, f.url);
      u.hash = "";
      if (u.origin === start.origin && u.pathname.startsWith(scope) && !/\.(png|jpe?g|gif|svg|css|js|zip|mp4|mp3|ico|woff2?)$/i.test(u.pathname)) out.push(u.toString());
    } catch {
      // not a usable link
    }
  }
  return out;
}

/** One fetched response as documents, whatever its format. */
async function docsOf(f: Fetched): Promise<Doc[]> {
  if (isHtml(f)) return [pageDoc(f)];
  const name = new URL(f.url).pathname.split("/").pop() || "page";
  const ext = f.type.includes("pdf") ? ".pdf" : f.type.includes("markdown") ? ".md" : f.type.startsWith("text/plain") ? ".txt" : /\.[a-z]+$/i.exec(name)?.[0] ?? "";
  const docs = await docsFromFile(name.replace(/\.[a-z]+$/i, "") + ext, f.bytes);
  return docs.map((d) => ({ ...d, source: f.url }));
}

/** Fetches a URL: a page (and the same-site pages it links to), or every page of a sitemap. */
export async function docsFromUrl(raw: string, maxPages = DEFAULT_MAX_PAGES): Promise<Doc[]> {
  const start = parseStart(raw);
  const robots = await robotsFor(start.origin, USER_AGENT);
  if (!robots.allows(start.toString())) throw new CliError(`cannot crawl ${start}: ${robots.refusal}`);
  const first = await get(start.toString());
  if (!robots.allows(first.url)) throw new CliError(`cannot crawl ${start}: it redirects to ${first.url}, and ${robots.refusal}`);
  const docs: Doc[] = [];
  const seen = new Set<string>([start.toString(), first.url]);
  let queue: string[];
  const fromSitemap = isSitemap(first);
  if (fromSitemap) {
    queue = await sitemapPages(first, start.origin, robots);
    if (!queue.length) throw new CliError(`the sitemap ${start} lists no pages on ${start.origin}`);
  } else {
    docs.push(...(await docsOf(first)));
    queue = isHtml(first) ? sameSiteLinks(first, start) : [];
  }
  let refused = 0;
  while (queue.length && docs.length < maxPages) {
    const next = queue.shift()!;
    if (seen.has(next)) continue;
    seen.add(next);
    if (!robots.allows(next)) {
      refused++;
      continue;
    }
    const page = await get(next).catch(() => null);
    // A redirect may land on a disallowed page: it was fetched, but is not kept.
    if (!page || !isHtml(page) || !robots.allows(page.url)) continue;
    try {
      docs.push(pageDoc(page));
    } catch {
      continue; // an empty page on the way is skipped, not fatal
    }
    if (!fromSitemap) queue.push(...sameSiteLinks(page, start));
  }
  if (!docs.length) throw new CliError(`no readable pages at ${start}${refused ? ` (${refused} disallowed by ${robots.url})` : ""}`);
  return docs;
}
