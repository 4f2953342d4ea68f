/** `serve --demo`: on an empty store, a ready-to-ask demo agent, printed once. */
import type { Store } from "../store/db";
import { createAccount } from "../admin/accounts";
import { createAgent, updateAgent } from "../admin/agents";
import { createInstallation, createSecretKey } from "../admin/keys";
import { ingest } from "../engine";
import { DEMO_PAGES } from "../embedded";

export interface DemoInfo {
  account: string;
  agent: string;
  secret_key: string;
  publishable_key: string;
  snippet: string;
}

/** Where the README serves a page to try the demo widget on. */
export const DEMO_PAGE_ORIGINS = ["http://localhost:8000", "http://127.0.0.1:8000"];

export async function seedDemo(store: Store, baseUrl: string, origin: string): Promise<DemoInfo | null> {
  const any = store.sqlite.query("SELECT 1 FROM accounts LIMIT 1").get();
  if (any) return null;
  const account = createAccount(store, { name: "Demo account", rpm: 120, monthly: 100_000 });
  const agent = createAgent(store, {
    accountId: account.id,
    name: "Northwind Coffee Help",
    persona: "A friendly, concise support assistant for Northwind Coffee, a small coffee roaster.",
    instructions: "Answer only from the help pages. Keep answers short.",
  });
  updateAgent(store, agent.id, { accentColor: "#8b5a2b", welcome: "Hi! Ask me about shipping, returns, subscriptions or brewing." });
  for (const page of DEMO_PAGES) await ingest(store, agent.id, { kind: "text", title: page.title, text: page.text, source: `${page.title}.md` });
  const secret = createSecretKey(store, agent.id);
  const loopback = origin.replace("://localhost", "://127.0.0.1");
  // The server's own port serves no pages: a local page to try the widget on needs a port of its own.
  const install = createInstallation(store, agent.id, [origin, loopback, ...DEMO_PAGE_ORIGINS], baseUrl);
  return { account: account.id, agent: agent.id, secret_key: secret.key, publishable_key: install.publishable_key, snippet: install.snippet };
}
