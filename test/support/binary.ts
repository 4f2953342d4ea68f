/**
 * Drives the built binary (dist/zenith): operator commands, and `serve` on port 0 with a
 * temp store. What ships is what is tested.
 */
import { resolve } from "node:path";
import { tempDb } from "./tmp";

export const BINARY = resolve(import.meta.dir, "../../dist/zenith");

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  /** stdout parsed as JSON (for --json commands), or undefined. */
  json: any;
}

/** Runs `zenith ARGS --db DB` and waits for it. */
export function zenith(db: string, args: string[], env: Record<string, string> = {}): CliResult {
  const proc = Bun.spawnSync([BINARY, ...args, "--db", db], { env: { ...process.env, ...env }, stdout: "pipe", stderr: "pipe" });
  const stdout = proc.stdout.toString();
  let json: any;
  try {
    json = JSON.parse(stdout);
  } catch {
    json = undefined;
  }
  return { code: proc.exitCode ?? -1, stdout, stderr: proc.stderr.toString(), json };
}

/** Like `zenith`, but the command must succeed with --json; returns the parsed object. */
export function zenithJson(db: string, args: string[], env: Record<string, string> = {}): any {
  const r = zenith(db, [...args, "--json"], env);
  if (r.code !== 0 || r.json === undefined) throw new Error(`zenith ${args.join(" ")} failed (${r.code}): ${r.stderr}${r.stdout}`);
  return r.json;
}

export interface Server {
  url: string;
  admin: string;
  db: string;
  proc: ReturnType<typeof Bun.spawn>;
  /** Every stdout line after the first (e.g. the demo JSON). */
  lines: string[];
  /** stderr so far (the request log). */
  stderr(): string;
  stop(signal?: NodeJS.Signals): Promise<number>;
}

async function drain(stream: ReadableStream<Uint8Array>, sink: (text: string) => void) {
  const decoder = new TextDecoder();
  for await (const chunk of stream) sink(decoder.decode(chunk, { stream: true }));
}

/** Every server a test started and has not seen exit (test/support/preload.ts kills them at the end). */
const live = new Set<ReturnType<typeof Bun.spawn>>();

export function killLiveServers(): void {
  for (const proc of live) proc.kill("SIGKILL");
}

/** Starts `zenith serve --port 0 --admin-port 0` and waits for its first line. */
export async function startServer(opts: { db?: string; args?: string[]; env?: Record<string, string> } = {}): Promise<Server> {
  const db = opts.db ?? tempDb();
  const proc = Bun.spawn([BINARY, "serve", "--port", "0", "--admin-port", "0", "--host", "127.0.0.1", "--db", db, ...(opts.args ?? [])], {
    env: { ...process.env, ...opts.env },
    stdout: "pipe",
    stderr: "pipe",
  });
  live.add(proc);
  void proc.exited.then(() => live.delete(proc));
  let out = "";
  let err = "";
  let firstLine: (line: string) => void;
  const first = new Promise<string>((r) => (firstLine = r));
  // Both pipes are drained for the server's whole life, so it never blocks on a full pipe.
  void drain(proc.stdout as ReadableStream<Uint8Array>, (t) => {
    out += t;
    if (out.includes("\n")) firstLine(out.slice(0, out.indexOf("\n")));
  });
  void drain(proc.stderr as ReadableStream<Uint8Array>, (t) => (err += t));
  const line = await Promise.race([first, proc.exited.then((c) => Promise.reject(new Error(`server exited ${c}: ${err}`)))]);
  const addresses = JSON.parse(line);
  return {
    url: addresses.listening,
    admin: addresses.admin,
    db,
    proc,
    get lines() {
      return out.split("\n").slice(1).filter(Boolean);
    },
    stderr: () => err,
    async stop(signal = "SIGTERM") {
      proc.kill(signal);
      return proc.exited;
    },
  };
}

/** Waits until `cond` holds (never a fixed sleep). */
export async function until(cond: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await Bun.sleep(10);
  }
}

/** A ready-to-use account, agent and secret key created through the CLI. */
export function seedWithCli(db: string, opts: { rpm?: number; monthly?: number } = {}) {
  const account = zenithJson(db, ["account", "create", "--name", "Acme", "--rpm", String(opts.rpm ?? 1000), "--monthly", String(opts.monthly ?? 100000)]).id as string;
  const agent = zenithJson(db, ["agent", "create", "--account", account, "--name", "Acme Help"]).id as string;
  const key = zenithJson(db, ["key", "create", "--agent", agent]);
  return { account, agent, keyId: key.id as string, key: key.key as string };
}
