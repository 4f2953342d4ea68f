/** An in-process store with one agent, for the engine's unit tests. */
import { openStore, type Store } from "../../src/store/db";
import { createAccount } from "../../src/admin/accounts";
import { createAgent } from "../../src/admin/agents";
import type { AgentProfile, ChatMessage } from "../../src/types";
import { tempDb } from "../support/tmp";

export function engineStore(profile: Partial<Omit<AgentProfile, "id">> = {}): { store: Store; agent: AgentProfile } {
  const store = openStore(tempDb());
  const account = createAccount(store, { name: "Acme", rpm: 1000, monthly: 100_000 }).id;
  const full = { name: "Acme Help", persona: "", instructions: "", ...profile };
  const id = createAgent(store, { accountId: account, ...full }).id;
  return { store, agent: { id, ...full } };
}

/** Alternating user/assistant turns, oldest first; the last one is the question. */
export function turns(...texts: string[]): ChatMessage[] {
  const offset = texts.length % 2 === 1 ? 0 : 1;
  return texts.map((content, i) => ({ role: (i + offset) % 2 === 0 ? "user" : "assistant", content }));
}

export const SHIPPING_MD = `# Shipping

We ship every order within one business day.

## Delivery times

Orders within the United States arrive in 2 to 4 business days. Express shipping arrives in 1 to 2 business days and costs $12.

Orders to Canada arrive in 5 to 8 business days. Orders to Europe arrive in 7 to 12 business days. We do not ship to Australia yet.

## Tracking

Every order gets a tracking link by e-mail as soon as the parcel leaves the warehouse.

## Subscriptions

You can pause your subscription at any time from the account page. To turn it off completely, choose Cancel subscription; it stops after the current month.
`;
