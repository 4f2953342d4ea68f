/** Answers through the built binary's chat endpoint: abstention, follow-ups, Q&A pairs first, voice, usage. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { seedWithCli, startServer, zenithJson, type Server } from "../support/binary";
import { tempDb } from "../support/tmp";
import { ask } from "./binary-helpers";
import { SHIPPING_MD } from "./engine-fixture";

describe("answers through dist/zenith", () => {
  const db = tempDb();
  let seed: ReturnType<typeof seedWithCli>;
  let server: Server;
  beforeAll(async () => {
    seed = seedWithCli(db);
    zenithJson(db, ["agent", "update", seed.agent, "--persona", "A friendly helper.", "--instructions", 'When you do not know, say "Hmm, that is not available in our help pages."']);
    zenithJson(db, ["material", "add", "--agent", seed.agent, "--text", SHIPPING_MD, "--title", "Shipping"]);
    zenithJson(db, ["material", "add", "--agent", seed.agent, "--qa", "Can I ship to a PO box?", "Yes, we ship to PO boxes with standard shipping only."]);
    server = await startServer({ db });
  });
  afterAll(() => server?.stop());

  test("a covered question gets a short extract with real token usage", async () => {
    const reply = await ask(server.url, seed.key, "How much does express shipping cost?");
    expect(reply.content).toContain("$12");
    expect(reply.content).not.toMatch(/source|\[\d\]|passage/i);
    expect(reply.usage.prompt_tokens).toBeGreaterThan(3);
    expect(reply.usage.completion_tokens).toBeGreaterThan(5);
    expect(reply.usage.total_tokens).toBe(reply.usage.prompt_tokens + reply.usage.completion_tokens);
  });

  test("an uncovered question sharing the material's words gets the agent's not-available reply", async () => {
    for (const q of ["Do you ship to Brazil?", "How much does express shipping to the moon cost in bitcoin?", "What is your tracking number for my parcel to Mars?"]) {
      expect((await ask(server.url, seed.key, q)).content).toBe("Hmm, that is not available in our help pages.");
    }
  });

  test("follow-ups are understood with the conversation", async () => {
    expect((await ask(server.url, seed.key, "How long does shipping to Canada take?", "Orders to Canada arrive in 5 to 8 business days.", "and to Europe?")).content).toContain("7 to 12 business days");
    expect((await ask(server.url, seed.key, "Can I pause my subscription?", "You can pause your subscription at any time.", "how do I turn it off?")).content).toContain("Cancel subscription");
  });

  test("a question/answer pair that matches answers first", async () => {
    expect((await ask(server.url, seed.key, "Do you ship to PO boxes?")).content).toBe("Yes, we ship to PO boxes with standard shipping only.");
  });

  test("a change of instructions changes the voice on the next request", async () => {
    zenithJson(db, ["agent", "update", seed.agent, "--instructions", 'If you can\'t answer, say "No idea, sorry!"']);
    expect((await ask(server.url, seed.key, "Do you sell lamps?")).content).toBe("No idea, sorry!");
  });
});
