/**
 * Shared pieces of the reliability suite: a served agent with material, chat requests,
 * the server's resident memory, and raw sockets for clients that misbehave on purpose.
 */
import { connect, type Socket } from "node:net";
import { readFileSync } from "node:fs";
import { Database } from "bun:sqlite";
import { seedWithCli, startServer, zenithJson, type Server } from "../support/binary";
import { tempDb } from "../support/tmp";

/** Each test drives a real server under load on a shared machine: room beyond bun's 5 s default. */
export const TIMEOUT_MS = 30_000;

export const MATERIAL = `# Shipping
Orders ship within two business days from our warehouse in Lyon.

# Returns
Returns are accepted within thirty days when the item is unused and in its box.

# Warranty
Every kettle carries a two year warranty covering the heating element.`;

export interface Served {
  server: Server;
  db: string;
  account: string;
  agent: string;
  key: string;
}

/** A store with one agent and its material, served by the built binary. */
export async function serveAgent(opts: { rpm?: number; monthly?: number; args?: string[] } = {}): Promise<Served> {
  const db = tempDb();
  const seed = seedWithCli(db, { rpm: opts.rpm ?? 1_000_000, monthly: opts.monthly ?? 1_000_000 });
  zenithJson(db, ["material", "add", "--agent", seed.agent, "--text", MATERIAL, "--title", "Help"]);
  const server = await startServer({ db, args: opts.args });
  return { server, db, account: seed.account, agent: seed.agent, key: seed.key };
}

export function chatBody(question: string, sessionId?: string): string {
  return JSON.stringify({ model: "service-zenith", messages: [{ role: "user", content: question }], ...(sessionId ? { session_id: sessionId } : {}) });
}

/** POSTs one chat question; `headers` are added (e.g. X-Forwarded-For). */
export function chat(url: string, key: string, question: string, opts: { sessionId?: string; headers?: Record<string, string> } = {}): Promise<Response> {
  return fetch(`${url}/v1/chat/completions`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json", ...opts.headers },
    body: chatBody(question, opts.sessionId),
  });
}

/** Resident memory of a process, in bytes (Linux /proc). */
export function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = /VmRSS:\s+(\d+) kB/.exec(status);
  if (!kb) throw new Error(`no VmRSS for ${pid}`);
  return Number(kb[1]) * 1024;
}

/** Runs `fn` over `items` with at most `width` in flight at once. */
export async function pool<T, R>(items: T[], width: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return out;
}

/** Opens a raw TCP connection to the server's public port. */
export function rawSocket(url: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) }, () => resolve(socket));
    socket.once("error", reject);
  });
}

/** The head of a chat POST with a declared body length, as a raw client would write it. */
export function chatHead(url: string, key: string, contentLength: number): string {
  const { host } = new URL(url);
  return (
    `POST /v1/chat/completions HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${key}\r\n` +
    `Content-Type: application/json\r\nContent-Length: ${contentLength}\r\n\r\n`
  );
}

/** Collects everything a socket receives until it closes or `until` matches. */
export function readUntil(socket: Socket, until: RegExp): Promise<string> {
  return new Promise((resolve) => {
    let text = "";
    const done = () => resolve(text);
    socket.on("data", (chunk) => {
      text += chunk.toString();
      if (until.test(text)) done();
    });
    socket.on("close", done);
    socket.on("error", done);
  });
}

/** Store facts read through a connection of our own (the server may be running). */
export function storeFacts(db: string, account: string) {
  const sqlite = new Database(db, { readonly: true });
  try {
    const integrity = sqlite.query<{ integrity_check: string }, []>("PRAGMA integrity_check").all().map((r) => r.integrity_check);
    const counted = sqlite.query<{ n: number }, [string]>("SELECT COALESCE(SUM(count), 0) AS n FROM usage_monthly WHERE account_id = ?").get(account)!.n;
    return { integrity, counted };
  } finally {
    sqlite.close();
  }
}
