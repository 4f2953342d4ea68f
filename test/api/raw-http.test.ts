/** What only a raw socket can send: odd Host headers, huge declared bodies. Always the envelope. */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startServer, type Server } from "../support/binary";
import { rawHttp, rawJson } from "../support/raw-http";

let s: Server;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.stop());

test("a body declared far over the limit is a 413 in the envelope, not the runtime's bare answer", async () => {
  const res = await rawHttp(s.url, "POST /v1/chat/completions HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 50000000\r\nConnection: close\r\n\r\n{}");
  expect(res).toStartWith("HTTP/1.1 413");
  expect(rawJson(res).error.code).toBe("request_too_large");
});

test.each(["Host: \r\n", "Host: a b\r\n", "Host: x\r\n"])("Host header %j never breaks routing or the envelope", async (host) => {
  const res = await rawHttp(s.url, `GET /v1/models HTTP/1.1\r\n${host}Connection: close\r\n\r\n`);
  const status = Number(res.slice(9, 12));
  expect([400, 401]).toContain(status);
  expect(Object.keys(rawJson(res).error).sort()).toEqual(["code", "message", "param", "type"]);
});
