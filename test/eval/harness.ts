/** Shared pieces of the evaluations: a temp store with one agent, a seeded RNG, timing. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openStore, type Store } from "../../src/store/db";
import { createAccount } from "../../src/admin/accounts";
import { createAgent } from "../../src/admin/agents";
import type { AgentProfile } from "../../src/types";
import { rng } from "../support/rng";
export { rng };

export interface EvalStore {
  store: Store;
  agent: AgentProfile;
  dispose(): void;
}

export function evalStore(profile: Omit<AgentProfile, "id">): EvalStore {
  const dir = mkdtempSync(join(tmpdir(), "zenith-eval-"));
  const store = openStore(join(dir, "eval.db"));
  const account = createAccount(store, { name: "Eval", rpm: 1_000_000, monthly: 1_000_000_000 }).id;
  const id = createAgent(store, { accountId: account, ...profile }).id;
  return {
    store,
    agent: { id, ...profile },
    dispose: () => {
      store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}


export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export const pct = (n: number, d: number) => (d ? ((100 * n) / d).toFixed(1) + "%" : "n/a");

/** Lower-case, collapsed whitespace, punctuation spaced out: for "contains" checks. */
export function normalise(s: string): string {
  return s.toLowerCase().normalize("NFKD").replace(/\p{M}+/gu, "").replace(/[^\p{L}\p{N}$%.]+/gu, " ").replace(/\s+/g, " ").trim();
}
