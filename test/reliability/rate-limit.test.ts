/**
 * The per-minute plan limit under a burst: 200 requests at once admit exactly the limit,
 * and every other one is a 429 in the envelope with Retry-After.
 */
import { expect, test } from "bun:test";
import { zenithJson } from "../support/binary";
import { chat, serveAgent, storeFacts, TIMEOUT_MS } from "./support";

const LIMIT = 37;
const BURST = 200;

test(`the per-minute limiter admits exactly ${LIMIT} of ${BURST} concurrent requests`, async () => {
  const { server, db, account, agent, key } = await serveAgent({ rpm: LIMIT });
  try {
    const responses = await Promise.all(
      Array.from({ length: BURST }, (_, i) => chat(server.url, key, `What is the warranty on kettles? (${i})`)),
    );
    const bodies = await Promise.all(responses.map((r) => r.json() as Promise<any>));
    const admitted = responses.filter((r) => r.status === 200);
    const refused = responses.map((r, i) => ({ r, body: bodies[i] })).filter(({ r }) => r.status === 429);

    expect(admitted).toHaveLength(LIMIT);
    expect(refused).toHaveLength(BURST - LIMIT);
    for (const { r, body } of refused) {
      expect(body.error.code).toBe("tenant_plan_rate_limit_exceeded");
      expect(body.error.type).toBe("rate_limit_error");
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    }

    // Only admitted requests were answered, counted and logged (reading the log settles the
    // server's exchange journal into the store, so the raw counter is read after it).
    const log = zenithJson(db, ["log", "--agent", agent]);
    expect(log.sessions.reduce((n: number, s: any) => n + s.turns.length, 0)).toBe(LIMIT);
    expect(storeFacts(db, account).counted).toBe(LIMIT);
  } finally {
    await server.stop();
  }
}, TIMEOUT_MS);
