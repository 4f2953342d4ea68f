/**
 * One API test suite, two targets: the app in-process (app.handle on a temp store) and the
 * built binary over HTTP. `peer` simulates the client's address (X-Forwarded-For with
 * --trust-proxy on the binary, the socket peer in-process).
 */
import { afterAll } from "bun:test";
import { fixture } from "./app";
import { startServer, zenithJson, seedWithCli, type Server } from "./binary";
import { tempDb } from "./tmp";
import { ingest } from "../../src/engine";
import { createInstallation, revokeInstallation } from "../../src/admin/keys";
import { openStore } from "../../src/store/db";
import { updateAccount } from "../../src/admin/accounts";
import { readLog } from "../../src/admin/chat-log";

export interface Target {
  name: string;
  key: string;
  keyId: string;
  agent: string;
  account: string;
  send(path: string, init?: RequestInit & { peer?: string }): Promise<Response>;
  chat(body: unknown, headers?: Record<string, string>, peer?: string): Promise<Response>;
  installation(origins: string[]): Promise<{ id: string; publishable_key: string }>;
  addText(text: string, title: string): Promise<void>;
  revokeInstallation(id: string): Promise<void>;
  updateAccount(patch: { monthly?: number; rpm?: number; subscription?: "active" | "past_due" }): Promise<void>;
  /** The chat log of the agent, as `zenith log --json` prints it. */
  log(session?: string): Promise<{ sessions: { id: string; session_id: string | null; turns: any[] }[] }>;
}

export interface TargetOptions {
  rpm?: number;
  monthly?: number;
  probeLimit?: number;
}

function withChat(t: Omit<Target, "chat">): Target {
  return {
    ...t,
    chat: (body, headers = {}, peer) =>
      t.send("/v1/chat/completions", {
        method: "POST",
        headers: { authorization: `Bearer ${t.key}`, "content-type": "application/json", ...headers },
        body: typeof body === "string" ? body : JSON.stringify(body),
        peer,
      }),
  };
}

export function inProcess(opts: TargetOptions = {}): Target {
  const f = fixture({ rpm: opts.rpm, monthly: opts.monthly, probeLimit: opts.probeLimit ?? 1000 });
  // Operator changes come through their own connection, as from the CLI or the dashboard.
  const admin = openStore(f.store.path);
  return withChat({
    name: "in-process",
    key: f.key,
    keyId: f.keyId,
    agent: f.agent,
    account: f.account,
    send: (path, init = {}) => f.request(path, init),
    installation: async (origins) => createInstallation(admin, f.agent, origins, "http://localhost:8787"),
    addText: async (text, title) => void (await ingest(admin, f.agent, { kind: "text", text, title })),
    revokeInstallation: async (id) => void revokeInstallation(admin, id),
    updateAccount: async (patch) => void updateAccount(admin, f.account, patch),
    // A reader in the server's process applies the pending journal first, as the dashboard does.
    log: async (session) => {
      f.app.context.recorder.flush();
      return readLog(f.store, { agentId: f.agent, session });
    },
  });
}

const servers: Server[] = [];
afterAll(async () => {
  for (const s of servers) if (s.proc.exitCode === null) await s.stop("SIGKILL");
});

export async function binary(opts: TargetOptions = {}): Promise<Target> {
  const db = tempDb();
  const seed = seedWithCli(db, { rpm: opts.rpm ?? 1000, monthly: opts.monthly ?? 100_000 });
  const server = await startServer({ db, args: ["--trust-proxy", "--probe-limit", String(opts.probeLimit ?? 1000)] });
  servers.push(server);
  return withChat({
    name: "binary",
    ...seed,
    send: (path, init = {}) => {
      const headers = new Headers(init.headers);
      headers.set("x-forwarded-for", init.peer ?? "127.0.0.1");
      return fetch(`${server.url}${path}`, { ...init, headers });
    },
    installation: async (origins) => zenithJson(db, ["install", "create", "--agent", seed.agent, ...origins.flatMap((o) => ["--origin", o])]),
    addText: async (text, title) => void zenithJson(db, ["material", "add", "--agent", seed.agent, "--text", text, "--title", title]),
    revokeInstallation: async (id) => void zenithJson(db, ["install", "revoke", id]),
    updateAccount: async (patch) =>
      void zenithJson(db, ["account", "update", seed.account, ...Object.entries(patch).flatMap(([k, v]) => [`--${k}`, String(v)])]),
    log: async (session) => zenithJson(db, ["log", "--agent", seed.agent, ...(session ? ["--session", session] : [])]),
  });
}

export const TARGETS: [string, (o?: TargetOptions) => Promise<Target> | Target][] = [
  ["in-process", inProcess],
  ["binary", binary],
];
