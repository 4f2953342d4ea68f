/**
 * Clients that misbehave on the wire do not wedge the server: slow bodies, bodies cut
 * short, and connections dropped mid-request. Other callers are served meanwhile, and a
 * graceful stop still finishes (nothing is left counted as in flight).
 */
import { expect, test } from "bun:test";
import type { Socket } from "node:net";
import { chat, chatBody, chatHead, rawSocket, readUntil, serveAgent, TIMEOUT_MS } from "./support";

const SLOW = 20;
const CUT = 30;
const DROPPED = 50;

async function served(url: string, key: string): Promise<void> {
  const res = await chat(url, key, "When do orders ship?");
  expect(res.status).toBe(200);
  expect(((await res.json()) as any).object).toBe("chat.completion");
}

/** Resolves with the exit code, or rejects if the process is still running after `ms`. */
function exitWithin(proc: { exited: Promise<number> }, ms: number): Promise<number> {
  let timer: Timer;
  return Promise.race([
    proc.exited.finally(() => clearTimeout(timer)),
    new Promise<number>((_, reject) => (timer = setTimeout(() => reject(new Error(`server still running ${ms} ms after SIGTERM`)), ms))),
  ]);
}

test("slow, truncated and dropped requests do not wedge the server", async () => {
  const { server, key } = await serveAgent();
  const sockets: Socket[] = [];
  try {
    // Slow bodies: half of each body arrives, then the server must still serve others.
    const body = chatBody("What is the returns policy?");
    const half = Math.floor(body.length / 2);
    const slow = await Promise.all(Array.from({ length: SLOW }, () => rawSocket(server.url)));
    sockets.push(...slow);
    const replies = slow.map((s) => readUntil(s, /\r\n\r\n[\s\S]*\}\s*$/));
    for (const s of slow) s.write(chatHead(server.url, key, Buffer.byteLength(body)) + body.slice(0, half));
    await served(server.url, key);
    for (const s of slow) s.write(body.slice(half));
    for (const reply of await Promise.all(replies)) {
      expect(reply).toStartWith("HTTP/1.1 200");
      expect(JSON.parse(reply.slice(reply.indexOf("\r\n\r\n") + 4)).object).toBe("chat.completion");
    }

    // Truncated bodies: fewer bytes than declared, then the client half-closes or vanishes.
    const cut = await Promise.all(Array.from({ length: CUT }, () => rawSocket(server.url)));
    sockets.push(...cut);
    cut.forEach((s, i) => {
      s.on("error", () => {});
      s.write(chatHead(server.url, key, Buffer.byteLength(body) + 100) + body.slice(0, half));
      if (i % 2) s.end();
      else s.destroy();
    });
    await served(server.url, key);

    // Abrupt disconnects: complete requests whose callers leave before the answer.
    const dropped = await Promise.all(Array.from({ length: DROPPED }, () => rawSocket(server.url)));
    sockets.push(...dropped);
    for (const s of dropped) {
      s.on("error", () => {});
      s.write(chatHead(server.url, key, Buffer.byteLength(body)) + body);
      s.destroy();
    }
    await Promise.all(Array.from({ length: 10 }, () => served(server.url, key)));
  } finally {
    for (const s of sockets) s.destroy();
  }
  // A graceful stop waits for in-flight requests: it finishes only if none was leaked.
  server.proc.kill("SIGTERM");
  expect(await exitWithin(server.proc, 5_000)).toBe(0);
}, TIMEOUT_MS);
