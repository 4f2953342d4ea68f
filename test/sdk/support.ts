/**
 * What the SDK tests share: the built bundle (what ships, not src/), a scripted local
 * server that counts requests, and request counting at the real binary from its log.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { until, type Server } from "../support/binary";

export const SDK_BUNDLE = resolve(import.meta.dir, "../../dist/sdk/index.js");
if (!existsSync(SDK_BUNDLE)) throw new Error("dist/sdk/index.js is missing: run `make sdk` first");

export * from "../../dist/sdk/index.js";

export const SECRET = `svc_sk_${"0".repeat(32)}`;
export const PUBLISHABLE = `svc_pk_${"0".repeat(32)}`;

/** What a scripted server saw of one request (Bun recycles the Request itself). */
export interface Seen {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
}

export interface Scripted {
  url: string;
  /** Requests received so far, in order. */
  requests: Seen[];
  stop(): void;
}

/**
 * A local server on port 0 answering each request with the next scripted reply (the last
 * one repeats). A reply may be a promise, to hold a request open.
 */
export function scriptedServer(replies: Array<() => Response | Promise<Response>>): Scripted {
  const requests: Seen[] = [];
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const seen = { method: request.method, url: new URL(request.url), headers: new Headers(request.headers), body: "" };
      requests.push(seen);
      const reply = replies[Math.min(requests.length, replies.length) - 1];
      seen.body = await request.text();
      return reply();
    },
  });
  return { url: `http://127.0.0.1:${server.port}`, requests, stop: () => server.stop(true) };
}

/** An error answer in the service's envelope. */
export function envelope(status: number, code: string, headers: Record<string, string> = {}): () => Response {
  const type = status === 429 ? "rate_limit_error" : status >= 500 ? "server_error" : status === 401 || status === 403 ? "authentication_error" : "invalid_request_error";
  return () =>
    Response.json({ error: { message: `scripted ${code}`, type, param: null, code } }, { status, headers: { "x-request-id": `req_${status}`, ...headers } });
}

export const ok = (body: unknown = { object: "list", data: [] }) => () => Response.json(body, { headers: { "x-request-id": "req_ok" } });

/** The binary's request log (one JSON line per request on stderr). */
export function logLines(server: Server): Array<{ id: string; method: string; path: string; status: number }> {
  return server
    .stderr()
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l))
    .filter((l) => typeof l.path === "string");
}

/** Sends a marker request and waits until the log shows it; returns its request id. */
async function marker(server: Server): Promise<string> {
  const id = (await fetch(`${server.url}/healthz`)).headers.get("x-request-id") as string;
  await until(() => logLines(server).some((l) => l.id === id));
  return id;
}

/**
 * The requests the binary handled while `body` ran: those logged between two marker
 * requests. The log is in handling order, so an empty answer means nothing was sent.
 */
export async function requestsDuring(server: Server, body: () => Promise<unknown>): Promise<Array<{ path: string; status: number }>> {
  const start = await marker(server);
  await body();
  const end = await marker(server);
  const ids = logLines(server).map((l) => l.id);
  return logLines(server).slice(ids.indexOf(start) + 1, ids.indexOf(end));
}

/** The error a promise rejects with (fails the test if it resolves). */
export async function rejection(promise: Promise<unknown>): Promise<any> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error("expected the call to fail, but it succeeded");
}

/** The error a function throws synchronously. */
export function thrown(fn: () => unknown): any {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error("expected a throw");
}
