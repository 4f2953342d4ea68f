/** Agents: display name, persona, instructions, cosmetics, state. */
import { eq } from "drizzle-orm";
import type { Store } from "../store/db";
import { agents } from "../store/schema";
import { newId } from "../ids";
import { CliError } from "../errors";
import { requireAccount } from "./accounts";

export interface AgentInput {
  accountId: string;
  name: string;
  persona?: string;
  instructions?: string;
}

export function createAgent(store: Store, input: AgentInput): { id: string } {
  const id = newId("agt");
  store.write(() => {
    requireAccount(store, input.accountId);
    store.db
      .insert(agents)
      .values({
        id,
        accountId: input.accountId,
        name: input.name,
        persona: input.persona ?? "",
        instructions: input.instructions ?? "",
        state: "active",
        createdAt: Date.now(),
      })
      .run();
  });
  return { id };
}

export interface AgentPatch {
  name?: string;
  persona?: string;
  instructions?: string;
  accentColor?: string;
  welcome?: string;
  state?: "active" | "inactive";
}

export function updateAgent(store: Store, id: string, patch: AgentPatch): { id: string } {
  store.write(() => {
    requireAgent(store, id);
    if (Object.keys(patch).length) store.db.update(agents).set(patch).where(eq(agents.id, id)).run();
  });
  return { id };
}

/** Deleting an agent takes its keys, installations, material and log down with it (cascade). */
export function deleteAgent(store: Store, id: string): { id: string } {
  store.write(() => {
    requireAgent(store, id);
    store.db.delete(agents).where(eq(agents.id, id)).run();
  });
  return { id };
}

export function requireAgent(store: Store, id: string) {
  const row = store.db.select().from(agents).where(eq(agents.id, id)).get();
  if (!row) throw new CliError(`unknown agent: ${id}`);
  return row;
}

export function listAgents(store: Store, accountId?: string) {
  const q = store.db.select().from(agents);
  return accountId ? q.where(eq(agents.accountId, accountId)).all() : q.all();
}

/** The cosmetic settings the public agent config exposes. */
export function cosmeticsOf(agent: { accentColor: string | null; welcome: string | null }) {
  return {
    accent_color: agent.accentColor ?? "#4f46e5",
    welcome_message: agent.welcome ?? "Hi! Ask me anything.",
  };
}
