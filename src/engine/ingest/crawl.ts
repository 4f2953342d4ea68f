/**
 * Material from the web: one page, a sitemap, or a same-site crawl from a page, capped.
 * Only the start address must load; pages found on the way that fail are skipped.
 * Redirects are followed by hand, so that every address is vetted before it is fetched
 * (robots.txt, the crawl's site and path, addresses already fetched), not only where it lands.
 */
import { CliError } from "../../errors";
import { charsetOf, decodeText } from "./decode";
import type { Doc } from "./document";
import { body, follow, Refused, USER_AGENT, type Fetched, type Vet } from "./fetch";
import { docsFromFile, textDoc } from "./formats";
import { htmlToText } from "./html";
import { robotsFor, type RobotsRules } from "./robots";

export const DEFAULT_MAX_PAGES = 20;

/** The pages a crawl from a page may reach: that page, and the folder it stands for. */
interface Scope {
  page: string;
  prefix: string;
}

/** What a crawl knows once its start address has landed. */
interface Crawl {
  origin: string;
  robots: RobotsRules;
  /** null for a sitemap's pages, which may be anywhere on the site. */
  scope: Scope | null;
  /** Every address fetched or refused, redirects included: none is fetched twice. */
  seen: Set<string>;
  /** Addresses robots.txt kept us from, for the error line when nothing could be read. */
  refused: number;
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

/** The body as text: its declared charset, else the page's <meta charset>, else UTF-8 or Windows-1252. */
const text = (f: Fetched) => (f.text ??= decodeText(f.bytes, { declared: charsetOf(f.type), html: true }));
/** The first 2 KB as text, enough to tell a page or a sitemap without decoding a whole PDF. */
const head = (f: Fetched) => decodeText(f.bytes.subarray(0, 2000), { declared: charsetOf(f.type), html: true });
const isSitemap = (f: Fetched) => /<(urlset|sitemapindex)[\s>]/i.test(head(f));
const isHtml = (f: Fetched) => f.type.includes("html") || (!f.type && /<html|<body|<p[\s>]/i.test(head(f)));

/** http and https, with or without "www.", of one host: where a start address may move the crawl. */
const bareHost = (u: URL) => u.hostname.replace(/^www\./, "");
const sameSite = (to: URL, from: URL) =>
  (to.protocol === "http:" || to.protocol === "https:") && bareHost(to) === bareHost(from) && (to.port === from.port || (from.protocol === "http:" && to.protocol === "https:"));

/** robots.txt of each origin the start address passes through, read once each. */
function robotsCache(): (origin: string) => Promise<RobotsRules> {
  const read = new Map<string, Promise<RobotsRules>>();
  return (origin) => {
    if (!read.has(origin)) read.set(origin, robotsFor(origin, USER_AGENT));
    return read.get(origin)!;
  };
}

/**
 * Fetches the start address. It may redirect to https or www. of its own host, and the crawl
 * then moves there (that origin's robots.txt applies); any other site, a disallowed address,
 * a loop or too many redirects refuse the crawl in one line.
 */
async function fetchStart(start: URL): Promise<{ first: Fetched; robots: RobotsRules; chain: string[] }> {
  const robotsOf = robotsCache();
  const vet: Vet = async (url, hop) => {
    const via = hop ? `it redirects to ${url}, ` : "";
    if (!sameSite(url, start)) return `${via}which is another site (add that address instead)`;
    const robots = await robotsOf(url.origin);
    return robots.allows(url.href) ? null : `${via}${hop ? "and " : ""}${robots.refusal}`;
  };
  try {
    const { url, res, chain } = await follow(start, vet);
    return { first: await body(url, res), robots: await robotsOf(new URL(url).origin), chain };
  } catch (err) {
    if (err instanceof Refused) throw new CliError(`cannot crawl ${start}: ${err.message}`);
    throw err;
  }
}

/**
 * The folder a start page stands for. A last segment without a dot is taken for a folder
 * (/help → /help and /help/…), not for a page in "/" — which would be the whole site.
 */
function scopeOf(url: URL): Scope {
  const path = url.pathname;
  const last = path.slice(path.lastIndexOf("/") + 1);
  return { page: path, prefix: last && !last.includes(".") ? `${path}/` : path.slice(0, path.length - last.length) };
}

const inScope = (url: URL, scope: Scope | null) => !scope || url.pathname === scope.page || url.pathname.startsWith(scope.prefix);

/** Vets the addresses of a page found on the way: once each, on the crawl's origin and path, allowed by robots.txt. */
function wayVet(crawl: Crawl): Vet {
  return (url) => {
    if (crawl.seen.has(url.href)) return "already fetched";
    crawl.seen.add(url.href);
    if (url.origin !== crawl.origin) return "another site";
    if (!inScope(url, crawl.scope)) return "outside the start path";
    if (crawl.robots.allows(url.href)) return null;
    crawl.refused++;
    return crawl.robots.refusal;
  };
}

/** The formats a crawl keeps from pages on the way (anything else is not downloaded): pages, text, PDF, DOCX. */
function isDocument(type: string, url: string): boolean {
  if (!type) return true; // told apart after the download, by its first bytes
  if (/html|text\/plain|markdown|application\/pdf|wordprocessingml/.test(type)) return true;
  return type.startsWith("application/octet-stream") && /\.(pdf|docx)$/i.test(new URL(url).pathname);
}

/** A page found on the way, or null when it is refused, fails, or is not a document `wanted`. */
async function fetchOnWay(raw: string, crawl: Crawl, wanted = isDocument): Promise<Fetched | null> {
  try {
    const { url, res } = await follow(new URL(raw), wayVet(crawl));
    if (res.ok && !wanted(res.headers.get("content-type")?.toLowerCase() ?? "", url)) {
      await res.body?.cancel().catch(() => {});
      return null;
    }
    return await body(url, res);
  } catch {
    return null;
  }
}

/** The URLs among `urls` on `origin`, normalised; a URL with another host in its user part is on its real host. */
function onOrigin(urls: string[], origin: string): string[] {
  return urls.flatMap((raw) => {
    try {
      const u = new URL(raw);
      u.hash = "";
      return u.origin === origin ? [u.href] : [];
    } catch {
      return [];
    }
  });
}

const locs = (f: Fetched) => [...text(f).matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/gi)].map((m) => m[1].replace(/&amp;/g, "&"));

/** Sitemap <loc> entries on the crawl's origin (nested sitemap indexes followed once). */
async function sitemapPages(f: Fetched, crawl: Crawl): Promise<string[]> {
  const out: string[] = [];
  for (const loc of onOrigin(locs(f), crawl.origin)) {
    if (/\.xml(\?|$)/i.test(loc)) {
      const nested = await fetchOnWay(loc, crawl, () => true);
      if (nested && isSitemap(nested)) out.push(...onOrigin(locs(nested), crawl.origin));
    } else out.push(loc);
  }
  return out;
}

function pageDoc(f: Fetched): Doc {
  const page = htmlToText(text(f));
  return textDoc("url", page.text, page.title ?? new URL(f.url).pathname, f.url);
}

/** Links on an HTML page that stay on the crawl's origin and path (assets left out). */
function sameSiteLinks(f: Fetched, crawl: Crawl): string[] {
  const hrefs = htmlToText(text(f), { mainContent: false }).links.flatMap((href) => {
    try {
      return [new URL(href, f.url).href];
    } catch {
      return []; // not a usable link
    }
  });
  return onOrigin(hrefs, crawl.origin).filter((u) => {
    const url = new URL(u);
    return inScope(url, crawl.scope) && !/\.(png|jpe?g|gif|svg|css|js|zip|mp4|mp3|ico|woff2?)$/i.test(url.pathname);
  });
}

/** One fetched response as documents, whatever its format. */
async function docsOf(f: Fetched): Promise<Doc[]> {
  if (isHtml(f)) return [pageDoc(f)];
  const name = new URL(f.url).pathname.split("/").pop() || "page";
  const byType = f.type.includes("pdf") ? ".pdf" : f.type.includes("wordprocessingml") ? ".docx" : f.type.includes("markdown") ? ".md" : f.type.startsWith("text/plain") ? ".txt" : null;
  const ext = byType ?? /\.[a-z]+$/i.exec(name)?.[0] ?? "";
  const docs = await docsFromFile(name.replace(/\.[a-z]+$/i, "") + ext, f.bytes);
  return docs.map((d) => ({ ...d, source: f.url }));
}

/** Fetches the queue's pages breadth first until `docs` holds `maxPages`; unreadable pages are skipped. */
async function crawlQueue(queue: string[], crawl: Crawl, docs: Doc[], maxPages: number): Promise<void> {
  while (queue.length && docs.length < maxPages) {
    const page = await fetchOnWay(queue.shift()!, crawl);
    if (!page) continue;
    const found = await docsOf(page).catch(() => []); // an empty or malformed file on the way is skipped, not fatal
    docs.push(...found.slice(0, maxPages - docs.length));
    if (crawl.scope && isHtml(page)) queue.push(...sameSiteLinks(page, crawl));
  }
}

/** Fetches a URL: a page (and the same-site pages it links to), or every page of a sitemap. */
export async function docsFromUrl(raw: string, maxPages = DEFAULT_MAX_PAGES): Promise<Doc[]> {
  const start = parseStart(raw);
  const { first, robots, chain } = await fetchStart(start);
  const landed = new URL(first.url);
  const fromSitemap = isSitemap(first);
  const crawl: Crawl = { origin: landed.origin, robots, scope: fromSitemap ? null : scopeOf(landed), seen: new Set(chain), refused: 0 };
  const docs: Doc[] = [];
  let queue: string[] = [];
  if (fromSitemap) {
    queue = await sitemapPages(first, crawl);
    if (!queue.length) throw new CliError(`the sitemap ${start} lists no pages on ${crawl.origin}`);
  } else {
    docs.push(...(await docsOf(first)));
    if (isHtml(first)) queue = sameSiteLinks(first, crawl);
  }
  await crawlQueue(queue, crawl, docs, maxPages);
  if (!docs.length) throw new CliError(`no readable pages at ${start}${crawl.refused ? ` (${crawl.refused} disallowed by ${robots.url})` : ""}`);
  return docs;
}
