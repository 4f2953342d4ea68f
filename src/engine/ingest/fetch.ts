/**
 * One address fetched for a crawl: redirects followed by hand, so that every address on the
 * way can be vetted before it is fetched (not only where it lands), and bodies read within
 * the size limit.
 */
import { CliError } from "../../errors";
import { MAX_FILE_BYTES } from "./document";

const FETCH_TIMEOUT_MS = 15_000;
/** Redirects followed from one address: RFC 9309 asks for five, and real sites need one or two. */
const MAX_REDIRECTS = 5;
/** Sent with every request; its product token ("zenith-ingest") picks our robots.txt group. */
export const USER_AGENT = "zenith-ingest/1";
const ACCEPT = "text/html,application/xhtml+xml,application/xml,text/plain,application/pdf;q=0.9,*/*;q=0.5";
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export interface Fetched {
  url: string;
  type: string;
  bytes: Uint8Array;
  /** The body decoded, once it has been asked for. */
  text?: string;
}

/** Decides on an address before it is fetched (hop 0 is the address asked for): null to go ahead, else why not. */
export type Vet = (url: URL, hop: number) => string | null | Promise<string | null>;

/** An address that will not be fetched; the message reads after "cannot crawl START: ". */
export class Refused extends Error {}

/** One GET, redirects not followed. */
async function request(url: string): Promise<Response> {
  try {
    return await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), headers: { "user-agent": USER_AGENT, accept: ACCEPT } });
  } catch (err) {
    const reason = (err as Error).name === "TimeoutError" ? `no answer within ${FETCH_TIMEOUT_MS / 1000} s` : (err as Error).message;
    throw new CliError(`cannot fetch ${url}: ${reason}`);
  }
}

/** Where a redirect's Location points, resolved against the address that sent it. */
function nextHop(location: string, from: URL): URL {
  let to: URL;
  try {
    to = new URL(location, from);
  } catch {
    throw new Refused(`it redirects to an invalid address (${location})`);
  }
  to.hash = "";
  return to;
}

/**
 * The first answer that is not a redirect, and every address on the way to it. At most
 * MAX_REDIRECTS are followed, a loop is stopped at its first repeat, and `vet` sees each
 * address before it is fetched.
 */
export async function follow(start: URL, vet: Vet): Promise<{ url: string; res: Response; chain: string[] }> {
  const chain: string[] = [];
  for (let url = start, hop = 0; ; hop++) {
    if (chain.includes(url.href)) throw new Refused(`it redirects in a loop (back to ${url})`);
    chain.push(url.href);
    const refusal = await vet(url, hop);
    if (refusal) throw new Refused(refusal);
    const res = await request(url.href);
    const location = REDIRECT_STATUSES.has(res.status) ? res.headers.get("location") : null;
    if (location === null) return { url: url.href, res, chain };
    await res.body?.cancel().catch(() => {});
    if (hop === MAX_REDIRECTS) throw new Refused(`it redirects more than ${MAX_REDIRECTS} times`);
    url = nextHop(location, url);
  }
}

/** A final answer's body, within the size limit; an error status is an error. */
export async function body(url: string, res: Response): Promise<Fetched> {
  if (!res.ok) {
    await res.body?.cancel().catch(() => {});
    throw new CliError(`cannot fetch ${url}: HTTP ${res.status}`);
  }
  const declared = Number(res.headers.get("content-length") ?? 0);
  if (declared > MAX_FILE_BYTES) {
    await res.body?.cancel().catch(() => {});
    throw new CliError(`${url} is too large: ${declared} bytes (limit ${MAX_FILE_BYTES})`);
  }
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (bytes.byteLength > MAX_FILE_BYTES) throw new CliError(`${url} is too large: ${bytes.byteLength} bytes (limit ${MAX_FILE_BYTES})`);
  return { url, type: (res.headers.get("content-type") ?? "").toLowerCase(), bytes };
}
