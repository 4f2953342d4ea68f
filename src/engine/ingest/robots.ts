/**
 * A site's robots.txt, read once before a crawl (RFC 9309). Parsing and matching (user-agent
 * groups, longest Allow/Disallow match, `*` and `$`) are robots-parser's; this file decides
 * what each way of failing to get the file means.
 */
import robotsParser from "robots-parser";
import { charsetOf, decodeText } from "./decode";

const ROBOTS_TIMEOUT_MS = 5_000;
/** RFC 9309 asks crawlers to read at least 500 KiB; anything past it is ignored. */
const ROBOTS_MAX_BYTES = 500 * 1024;

export interface RobotsRules {
  /** The robots.txt address the rules came from. */
  readonly url: string;
  /** True when the rules let our user agent fetch this URL of the site; false for any other site's URL. */
  allows(url: string): boolean;
  /** Why refused URLs are refused, for the operator's error line. */
  readonly refusal: string;
}

/**
 * `allows` restricted to `origin`: rules say nothing about another site's pages (robots-parser
 * answers undefined), and a crawl that asked about one must not read that as a yes.
 */
function onOrigin(origin: string, allows: (url: string) => boolean): (url: string) => boolean {
  return (url) => {
    try {
      return new URL(url).origin === origin && allows(url);
    } catch {
      return false;
    }
  };
}

const allowAll = (url: string, origin: string): RobotsRules => ({ url, allows: onOrigin(origin, () => true), refusal: "" });

/** The body's text, at most `cap` bytes of it (the rest is not downloaded), decoded by its declared charset. */
async function cappedText(res: Response, cap: number): Promise<string> {
  const reader = res.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < cap) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  await reader.cancel().catch(() => {});
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.byteLength;
  }
  // A cut file ends at its last whole line: half a UTF-8 character would make it read as Windows-1252.
  const end = size > cap ? all.lastIndexOf(0x0a, cap - 1) + 1 : size;
  return decodeText(all.subarray(0, end), { declared: charsetOf(res.headers.get("content-type")) });
}

/**
 * The rules of `origin`'s robots.txt for `userAgent` (its product token picks the group, else `*`).
 * - 2xx: the file's rules.
 * - 4xx (none, or forbidden): everything is allowed, as RFC 9309 §2.3.1.3 says.
 * - 5xx: nothing is allowed, as RFC 9309 §2.3.1.4 and Google say: the site may be refusing
 *   crawlers while it is down, so we wait for it to answer rather than guess.
 * - No answer (connection refused, DNS, timeout): everything is allowed. The RFC treats this
 *   like a 5xx, but then the page fetch that follows fails with its own, more precise error,
 *   and a robots.txt that merely hangs does not block ingesting one's own site.
 */
export async function robotsFor(origin: string, userAgent: string): Promise<RobotsRules> {
  const own = new URL(origin).origin;
  const url = `${own}/robots.txt`;
  let res: Response;
  try {
    res = await fetch(url, { redirect: "follow", signal: AbortSignal.timeout(ROBOTS_TIMEOUT_MS), headers: { "user-agent": userAgent, accept: "text/plain,*/*;q=0.5" } });
  } catch {
    return allowAll(url, own);
  }
  if (res.status >= 500) {
    await res.body?.cancel().catch(() => {});
    return { url, allows: () => false, refusal: `${url} answered HTTP ${res.status}, which means nothing may be crawled until it answers (RFC 9309)` };
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => {});
    return allowAll(url, own);
  }
  let body: string;
  try {
    body = await cappedText(res, ROBOTS_MAX_BYTES);
  } catch {
    return allowAll(url, own); // the body stopped arriving: same as no answer
  }
  const rules = robotsParser(url, body);
  return { url, allows: onOrigin(own, (page) => rules.isAllowed(page, userAgent) === true), refusal: `${url} disallows it for ${userAgent.split("/")[0]}` };
}
