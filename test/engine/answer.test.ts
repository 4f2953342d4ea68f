/** Answering in-process: extracts, abstention, follow-ups, Q&A pairs first, the agent's voice. */
import { beforeAll, describe, expect, test } from "bun:test";
import { answer, ingest } from "../../src/engine";
import { queryOf } from "../../src/engine/question";
import { engineStore, SHIPPING_MD, turns } from "./engine-fixture";

describe("answer", () => {
  const { store, agent } = engineStore({ name: "Northwind Help" });
  beforeAll(async () => {
    await ingest(store, agent.id, [
      { kind: "text", text: SHIPPING_MD, title: "Shipping" },
      { kind: "text", text: "# Returns\n\nYou can return unused items within 30 days. Refunds reach your card in 5 business days.", title: "Returns" },
      { kind: "qa", question: "Do you offer gift wrapping?", answer: "Yes, gift wrapping costs $4 per item." },
    ]);
  });

  test("answers with the sentence that holds the fact, without markup or citations", async () => {
    const reply = await answer(store, agent, turns("How much does express shipping cost?"));
    expect(reply).toEqual({ content: expect.stringContaining("$12"), covered: true });
    expect(reply.content).not.toMatch(/\[|\]|source|#/i);
    expect(reply.content.split(/\s+/).length).toBeLessThan(40);
  });

  test("declines what the material does not cover, even when it shares words with it", async () => {
    for (const q of ["Do you ship to Japan?", "Can I pay with bitcoin?", "What is the return policy for gift cards bought in stores?"]) {
      const reply = await answer(store, agent, turns(q));
      expect(reply.covered).toBe(false);
      expect(reply.content).toMatch(/not available/);
    }
  });

  test("a follow-up is understood with the earlier turns", async () => {
    const first = turns("How long does delivery to Canada take?", "Orders to Canada arrive in 5 to 8 business days.", "and to Europe?");
    expect((await answer(store, agent, first)).content).toContain("7 to 12 business days");
    const us = turns("How long does delivery to Canada take?", "Orders to Canada arrive in 5 to 8 business days.", "and to the US?");
    expect((await answer(store, agent, us)).content).toContain("2 to 4 business days");
    const second = turns("Can I pause my subscription?", "You can pause your subscription at any time from the account page.", "How do I turn it off?");
    expect((await answer(store, agent, second)).content).toContain("Cancel subscription");
  });

  test("a question that could stand alone is answered alone when it can be", async () => {
    const reply = await answer(store, agent, turns("How long does delivery to Canada take?", "Orders to Canada arrive in 5 to 8 business days.", "When do refunds reach my card?"));
    expect(reply.content).toContain("5 business days");
  });

  test("the same words without history are not a follow-up", () => {
    expect(queryOf(turns("and to Europe?")).followUp).toBe(false);
    expect(queryOf(turns("Where do you ship?", "Canada and Europe.", "What does express shipping cost?")).followUp).toBe(false);
  });

  test("a matching question/answer pair answers first, whole", async () => {
    const reply = await answer(store, agent, turns("Is gift wrapping offered?"));
    expect(reply).toEqual({ content: "Yes, gift wrapping costs $4 per item.", covered: true });
  });

  test("a greeting or thanks before the question is not part of what is asked", async () => {
    const plain = await answer(store, agent, turns("How much does express shipping cost?"));
    for (const q of ["Hey, how much does express shipping cost?", "Good morning! How much does express shipping cost?", "hi there how much does express shipping cost?"])
      expect(await answer(store, agent, turns(q))).toEqual(plain);
    const followUp = turns("How long does delivery to Canada take?", "Orders to Canada arrive in 5 to 8 business days.", "Thanks! And to Europe?");
    expect((await answer(store, agent, followUp)).content).toContain("7 to 12 business days");
    expect(queryOf(turns("Great Britain shipping?")).weights.has("great")).toBe(true);
  });

  test("greetings and thanks get the agent's own words", async () => {
    expect((await answer(store, agent, turns("Hello!"))).content).toContain("Northwind Help");
    expect((await answer(store, agent, turns("thanks a lot"))).content).toMatch(/welcome/i);
  });
});

describe("voice", () => {
  test("persona and instructions shape the not-available reply and the greeting", async () => {
    const custom = engineStore({ name: "Ada", instructions: 'If you do not know the answer, say "I will ask a colleague and get back to you." Greet visitors with "Welcome to Ada\'s shop!"' });
    await ingest(custom.store, custom.agent.id, { kind: "text", text: SHIPPING_MD });
    expect((await answer(custom.store, custom.agent, turns("Do you sell bicycles?"))).content).toBe("I will ask a colleague and get back to you.");
    expect((await answer(custom.store, custom.agent, turns("hi"))).content).toBe("Welcome to Ada's shop!");
    const formal = engineStore({ name: "Bank", persona: "A formal, professional assistant." });
    expect((await answer(formal.store, formal.agent, turns("Do you sell bicycles?"))).content).toBe("I am sorry, but that information is not available.");
    expect((await answer(formal.store, formal.agent, turns("Good morning"))).content).toBe("Hello, this is Bank. How may I help you?");
  });

  test("an agent asking for short answers gets one sentence", async () => {
    const brief = engineStore({ instructions: "Keep answers short." });
    const chatty = engineStore();
    const text = "# Refunds\n\nRefunds reach your card in 5 business days. Refunds to a gift card are instant and refunds to PayPal take a day.";
    for (const e of [brief, chatty]) await ingest(e.store, e.agent.id, { kind: "text", text });
    const q = turns("How long do refunds to my card take?");
    expect((await answer(brief.store, brief.agent, q)).content).toBe("Refunds reach your card in 5 business days.");
    expect((await answer(chatty.store, chatty.agent, q)).content).toContain("PayPal");
  });

  test("footnote marks in the material never reach an answer", async () => {
    const wiki = engineStore();
    await ingest(wiki.store, wiki.agent.id, { kind: "text", text: "# Lighthouse\n\nThe lighthouse was built in 1887 by the harbour board.[2] It is 40 metres tall.[3]" });
    const reply = await answer(wiki.store, wiki.agent, turns("When was the lighthouse built?"));
    expect(reply.content).toContain("1887");
    expect(reply.content).not.toMatch(/\[\d\]/);
  });

  test("an agent with no material declines everything", async () => {
    const empty = engineStore();
    expect((await answer(empty.store, empty.agent, turns("How long does shipping take?"))).covered).toBe(false);
  });
});

/** A fresh agent holding these pages, asked one question. */
async function askOf(pages: { title: string; text: string }[], question: string) {
  const { store, agent } = engineStore();
  await ingest(store, agent.id, pages.map((page) => ({ kind: "text" as const, ...page })));
  return answer(store, agent, turns(question));
}

describe("ranking on the question's kind and the section's title", () => {
  test("'How much is Studio?' finds the price among the many passages that name Studio", async () => {
    // Many short passages say "Studio"; the one with the price says it once, among other words.
    const features = Array.from({ length: 12 }, (_, i) => `## Studio feature ${i + 1}\n\nStudio includes shared board number ${i + 1} for Studio teams.`).join("\n\n");
    const prices = "## Prices\n\nEvery plan is billed per seat, and a workspace can change plans at any time from the billing page. The Starter plan is free for up to two seats. Studio costs $14 per seat each month, or $140 per seat each year when billed annually.";
    const reply = await askOf([{ title: "Studio", text: `# Studio\n\n${features}` }, { title: "Plans", text: `# Plans\n\n${prices}` }], "How much is Studio?");
    expect(reply.covered).toBe(true);
    expect(reply.content).toContain("$14 per seat");
  });

  test("a section whose title holds the whole question answers it, not a sentence that names the word in passing", async () => {
    const reply = await askOf(
      [
        { title: "Posting", text: "# Posting\n\nWe pack orders on weekdays.\n\n## Delivery times\n\nParcels within the country arrive in 3 to 5 working days. Islands take 2 days more." },
        { title: "Plant club", text: "# Plant club\n\n## Pausing\n\nYou can pause the club for up to two months or skip a single delivery from your account." },
      ],
      "How long does delivery take?",
    );
    expect(reply.covered).toBe(true);
    expect(reply.content).toContain("3 to 5 working days");
  });

  test("a table row is named with its first column's label, and answers without the rows beside it", async () => {
    const table = "# Opening times\n\n| Store | Weekdays | Weekends |\n|---|---|---|\n| Downtown | 7am–7pm | 9am–5pm |\n| Airport | 5am–11pm | 6am–10pm |";
    const reply = await askOf([{ title: "Opening times", text: table }], "When is the airport store open on weekends?");
    expect(reply).toEqual({ content: "Airport (store) — Weekdays: 5am–11pm; Weekends: 6am–10pm.", covered: true });
  });

  test("an FAQ's 'Yes'/'No' answers its own question only, not another one asked of the same sentence", async () => {
    const faq = [{ title: "FAQ", text: "# FAQ\n\n## Do I need to book a helmet?\n\nNo, helmets are free with every rental.\n\n## Do you rent mountain bikes?\n\nNo. We only rent city bikes and tandems." }];
    expect((await askOf(faq, "Are helmets free?")).content).toBe("Helmets are free with every rental.");
    expect((await askOf(faq, "Do I need to book a helmet?")).content).toBe("No, helmets are free with every rental.");
    expect((await askOf(faq, "Can I rent a tandem for a week?")).content).not.toMatch(/^No\b/);
    expect((await askOf(faq, "Do you rent mountain bikes?")).content).toBe("No. We only rent city bikes and tandems.");
  });

  test("the letter of a compound is part of the question: an e-bike is not a bike", async () => {
    const table = "# Prices\n\n| Bike type | Full day |\n|---|---|\n| City bike | €22 |\n| E-bike | €45 |";
    expect((await askOf([{ title: "Prices", text: table }], "How much does an e-bike cost for a full day?")).content).toContain("€45");
    expect(queryOf(turns("Is an X-ray included?")).weights.has("x")).toBe(true);
    expect(queryOf(turns("Is plan a cheaper?")).weights.has("a")).toBe(false);
  });

  test("British and American spellings find each other", async () => {
    const pages = [{ title: "Repairs", text: "# Repairs\n\nA flat tyre costs €12 to repair. Lost keys cost €25." }];
    expect((await askOf(pages, "How much is a flat tire?")).content).toContain("€12");
  });

  test("a question word with two letters swapped, or 'per', is not a word the material lacks", async () => {
    const pages = [{ title: "Hours", text: "# Hours\n\nThe Central station closes at 18:00 in winter." }];
    expect((await askOf(pages, "waht time does central station close in winter")).content).toContain("18:00");
    const pharmacy = [{ title: "Doses", text: "# Doses\n\nThe usual dose for adults is two tablets." }];
    expect((await askOf(pharmacy, "what dose for adults?")).content).toContain("two tablets");
    // "per" is no missing word where the material writes "a day".
    expect((await askOf([{ title: "Prices", text: "# Prices\n\nE-bikes cost €45 a day." }], "how much is an e-bike per day?")).content).toContain("€45");
  });

  test("a four-letter word counts as related to its longer forms ('rent', 'renter')", async () => {
    const pages = [{ title: "Requirements", text: "# Requirements\n\nYou can book online or walk in to any station.\n\n## Age\n\nThe main renter must be at least 18 years old." }];
    expect((await askOf(pages, "How old do you have to be to rent?")).content).toContain("18 years old");
  });

  test("a compound typed as one word finds the material's hyphenated one; an unknown word stays unknown", async () => {
    const pages = [{ title: "Station", text: "# Station\n\nCentral Station has free Wi-Fi; the password is on the counter. E-bikes cost €45 a day." }];
    expect((await askOf(pages, "wifi password?")).content).toContain("password is on the counter");
    expect((await askOf(pages, "how much is an ebike for a day?")).content).toContain("€45");
    expect((await askOf(pages, "Can I pay with bitcoin at the station?")).covered).toBe(false);
  });

  test("'US', 'U.S.' and 'United States' find each other; 'us' stays a pronoun", async () => {
    const pages = [{ title: "Shipping", text: "# Shipping\n\nOrders to the US arrive in 3 days. Orders to Mexico arrive in 9 days.\n\n## Contact\n\nWrite to us at help@example.com." }];
    expect((await askOf(pages, "How long does shipping to the United States take?")).content).toContain("3 days");
    expect((await askOf(pages, "how long does shipping to the U.S. take?")).content).toContain("3 days");
    expect(queryOf(turns("can you help us?")).weights.has("usa")).toBe(false);
  });

  test("'how long' is answered with an amount of time before an 'immediately'", async () => {
    const reply = await askOf(
      [{ title: "Trial", text: "# Trial\n\nYou can try Quillset Pro free for 21 days.\n\n## Starting the trial\n\nClick Start trial on the billing page. The trial starts straight away for the whole team." }],
      "How long is the trial?",
    );
    expect(reply.content).toContain("21 days");
  });
});
