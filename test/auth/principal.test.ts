/** Key resolution: cached lookups, and refusals that cost the same whatever was cached. */
import { expect, test } from "bun:test";
import type { Database } from "bun:sqlite";
import { KeyResolver } from "../../src/auth/principal";
import { openStore } from "../../src/store/db";
import { createAccount } from "../../src/admin/accounts";
import { createAgent } from "../../src/admin/agents";
import { createSecretKey } from "../../src/admin/keys";
import { tempDb } from "../support/tmp";

function counting(sqlite: Database) {
  let queries = 0;
  const fake = {
    query: (sql: string) => {
      const stmt = sqlite.query(sql);
      return { get: (...args: unknown[]) => (queries++, (stmt.get as (...a: unknown[]) => unknown)(...args)) };
    },
  } as unknown as Database;
  return { fake, count: () => queries };
}

test("accepted keys are served from the cache; every refusal asks the store once", () => {
  const store = openStore(tempDb());
  const agent = createAgent(store, { accountId: createAccount(store, { name: "A" }).id, name: "B" }).id;
  const { key } = createSecretKey(store, agent);
  const { fake, count } = counting(store.sqlite);
  const resolver = new KeyResolver(fake);

  expect(resolver.resolve(key, null, "secret")).not.toBeNull();
  expect(resolver.resolve(key, null, "secret")).not.toBeNull();
  expect(count()).toBe(1);

  // The same (cached) key refused on a publishable-only route, and an unknown key, twice each.
  for (const k of [key, key, "svc_sk_ffffffffffffffffffffffffffffffff", "svc_sk_ffffffffffffffffffffffffffffffff", "junk"]) {
    const before = count();
    expect(resolver.resolve(k, null, "publishable")).toBeNull();
    expect(count() - before).toBe(1);
  }
  store.close();
});

test("clear() forgets lookups, so a revoked key is refused at once", () => {
  const store = openStore(tempDb());
  const agent = createAgent(store, { accountId: createAccount(store, { name: "A" }).id, name: "B" }).id;
  const { key, id } = createSecretKey(store, agent);
  const resolver = new KeyResolver(store.sqlite);
  expect(resolver.resolve(key, null, "secret")).not.toBeNull();
  store.sqlite.run("UPDATE api_keys SET state = 'revoked' WHERE id = ?", [id]);
  resolver.clear();
  expect(resolver.resolve(key, null, "secret")).toBeNull();
  store.close();
});
