/** Tables and lists answer like prose: a table row with its columns' names, a list item with its lead-in. */
import { beforeAll, describe, expect, test } from "bun:test";
import { answer, ingest } from "../../src/engine";
import { leadsOf } from "../../src/engine/compose";
import { engineStore, turns } from "./engine-fixture";

const PLANS = `# Plans

## Prices

| Plan | Billed monthly | Billed annually |
|------|----------------|-----------------|
| Starter | $0 | $0 |
| Team | $12 per seat | $10 per seat |

## Limits

**Starter** — for a single household.
- Up to 2 delivery addresses
- Saved lists expire after 30 days

## Paying

We accept these payment methods:
- Visa
- Mastercard
- Bank transfer

**Team** — for offices.
- Unlimited delivery addresses
- Saved lists never expire
`;

describe("structured material", () => {
  const { store, agent } = engineStore({ name: "Plans Help" });
  beforeAll(async () => {
    const dir = await import("node:fs").then((fs) => fs.mkdtempSync(`${require("node:os").tmpdir()}/zenith-plans-`));
    const path = `${dir}/plans.md`;
    await Bun.write(path, PLANS);
    await ingest(store, agent.id, [{ kind: "file", path }]);
  });

  test("a table row answers with the row's and the column's words", async () => {
    const reply = await answer(store, agent, turns("What does the Team plan cost billed annually?"));
    expect(reply.covered).toBe(true);
    expect(reply.content).toContain("Team (plan) — Billed monthly: $12 per seat; Billed annually: $10 per seat.");
    expect(reply.content).not.toContain("|");
  });

  test("a list item is chosen and read with its lead-in", async () => {
    const reply = await answer(store, agent, turns("How many delivery addresses on Starter?"));
    expect(reply.covered).toBe(true);
    expect(reply.content).toContain("Up to 2 delivery addresses");
    expect(reply.content).toContain("Starter");
  });

  test("items under a lead-in ending in a colon come one per line; the lead-in is not repeated", async () => {
    const reply = await answer(store, agent, turns("Which payment methods do you accept?"));
    expect(reply.content).toBe("We accept these payment methods:\nVisa\nMastercard\nBank transfer");
  });

  test("an item read with its lead-in gets an end mark between them", async () => {
    const reply = await answer(store, agent, turns("Do saved lists expire on the Team plan?"));
    expect(reply.content).toMatch(/^Team — for offices\. (Unlimited delivery addresses\. )?Saved lists never expire$/);
  });

  test("leadsOf: items point at the nearest sentence above that is not an item", () => {
    expect(leadsOf(["Lead one.", "- a", "- b", "Lead two:", "1. c", "Prose."])).toEqual([-1, 0, 0, -1, 3, -1]);
  });
});
