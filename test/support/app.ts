/** In-process harness: the real app on a temp store, driven through `app.handle`. */
import { openStore, type Store } from "../../src/store/db";
import { createApp, type AppDeps } from "../../src/app";
import { createAccount } from "../../src/admin/accounts";
import { createAgent } from "../../src/admin/agents";
import { createInstallation, createSecretKey } from "../../src/admin/keys";
import { tempDb } from "./tmp";
import { ExchangeJournal } from "../../src/store/exchange-journal";

export interface Fixture {
  store: Store;
  app: ReturnType<typeof createApp>;
  account: string;
  agent: string;
  keyId: string;
  key: string;
  /** Sends a request to the app; `peer` defaults to 127.0.0.1. */
  request(path: string, init?: RequestInit & { peer?: string }): Promise<Response>;
  /** POSTs a chat body with the secret key. */
  chat(body: unknown, headers?: Record<string, string>): Promise<Response>;
  installation(origins: string[]): { id: string; publishable_key: string };
}

export function fixture(opts: Partial<AppDeps> & { rpm?: number; monthly?: number } = {}): Fixture {
  const store = opts.store ?? openStore(tempDb());
  const app = createApp({ store, journal: ExchangeJournal.open(store.path), ...opts });
  const account = createAccount(store, { name: "Acme", rpm: opts.rpm ?? 1000, monthly: opts.monthly ?? 100_000 }).id;
  const agent = createAgent(store, { accountId: account, name: "Acme Help" }).id;
  const { id: keyId, key } = createSecretKey(store, agent);
  const request = (path: string, init: RequestInit & { peer?: string } = {}) =>
    app.handle(new Request(`http://localhost${path}`, init), init.peer ?? "127.0.0.1");
  return {
    store,
    app,
    account,
    agent,
    keyId,
    key,
    request,
    chat: (body, headers = {}) =>
      request("/v1/chat/completions", {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json", ...headers },
        body: typeof body === "string" ? body : JSON.stringify(body),
      }),
    // Through a connection of its own, as the CLI or dashboard would.
    installation: (origins) => {
      const admin = openStore(store.path);
      try {
        return createInstallation(admin, agent, origins, "http://localhost:8787");
      } finally {
        admin.close();
      }
    },
  };
}
