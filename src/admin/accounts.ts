/** Accounts and their plans: per-minute and monthly limits, subscription state. */
import { eq } from "drizzle-orm";
import type { Store } from "../store/db";
import { accounts } from "../store/schema";
import { newId } from "../ids";
import { CliError } from "../errors";

export type Subscription = "active" | "past_due";
export const DEFAULT_RPM = 60;
export const DEFAULT_MONTHLY = 10_000;
/** The largest plan limits the dashboard and the CLI accept. */
export const MAX_RPM = 1_000_000_000;
export const MAX_MONTHLY = 1_000_000_000;

export interface AccountInput {
  name: string;
  rpm?: number;
  monthly?: number;
}

export function createAccount(store: Store, input: AccountInput): { id: string } {
  const id = newId("acct");
  store.write(() =>
    store.db
      .insert(accounts)
      .values({
        id,
        name: input.name,
        rpm: input.rpm ?? DEFAULT_RPM,
        monthly: input.monthly ?? DEFAULT_MONTHLY,
        subscription: "active",
        createdAt: Date.now(),
      })
      .run(),
  );
  return { id };
}

export interface AccountPatch {
  name?: string;
  rpm?: number;
  monthly?: number;
  subscription?: Subscription;
}

export function updateAccount(store: Store, id: string, patch: AccountPatch): { id: string } {
  store.write(() => {
    requireAccount(store, id);
    if (Object.keys(patch).length) store.db.update(accounts).set(patch).where(eq(accounts.id, id)).run();
  });
  return { id };
}

export function requireAccount(store: Store, id: string) {
  const row = store.db.select().from(accounts).where(eq(accounts.id, id)).get();
  if (!row) throw new CliError(`unknown account: ${id}`);
  return row;
}

export function listAccounts(store: Store) {
  return store.db.select().from(accounts).all();
}
