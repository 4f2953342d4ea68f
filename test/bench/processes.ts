/**
 * The processes a bench run drives: the built binary (serve and operator commands), the
 * baseline server, and the Node load generator. (test/support/binary.ts is for `bun test`
 * only: its temp folders hook into the test runner.)
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export const ROOT = resolve(import.meta.dir, "../..");
export const BINARY = join(ROOT, "dist/zenith");

export interface Running {
  url: string;
  pid: number;
  /** Milliseconds from spawn to the first stdout line (listening). */
  listeningMs: number;
  /** Peak resident memory so far (VmHWM), in bytes. */
  peakRss(): number;
  stop(): Promise<void>;
}

/** Reads a line of /proc/PID/status in bytes (VmRSS, VmHWM). */
export function procMemory(pid: number, field: "VmRSS" | "VmHWM"): number {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!m) throw new Error(`no ${field} for process ${pid}`);
  return Number(m[1]) * 1024;
}

async function drain(stream: ReadableStream<Uint8Array>, onLine?: (line: string) => void) {
  const decoder = new TextDecoder();
  let buffered = "";
  for await (const chunk of stream) {
    if (!onLine) continue;
    buffered += decoder.decode(chunk, { stream: true });
    for (let i = buffered.indexOf("\n"); i >= 0; i = buffered.indexOf("\n")) {
      onLine(buffered.slice(0, i));
      buffered = buffered.slice(i + 1);
    }
  }
}

const live = new Set<ReturnType<typeof Bun.spawn>>();

/** Stops every server still running (a failed run must not leave them behind). */
export async function stopAll(): Promise<void> {
  for (const proc of live) proc.kill("SIGKILL");
  await Promise.all([...live].map((p) => p.exited));
}

/**
 * Spawns a server that prints {"listening":URL} first, and waits for that line. Its stderr
 * (Zenith's one log line per request) goes to a file, as under a supervisor: the server
 * still pays for every line it writes, but the bench does not spend the shared cores
 * reading them while it measures (the baseline writes none).
 */
export async function spawnServer(cmd: string[], env: Record<string, string> = {}): Promise<Running> {
  const started = performance.now();
  const logDir = mkdtempSync(join(tmpdir(), "zenith-bench-log-"));
  const logPath = join(logDir, "stderr.log");
  const proc = Bun.spawn(cmd, { env: { ...process.env, ...env }, stdout: "pipe", stderr: Bun.file(logPath) });
  live.add(proc);
  void proc.exited.then(() => {
    live.delete(proc);
    rmSync(logDir, { recursive: true, force: true });
  });
  let first: (line: string) => void;
  const line = new Promise<string>((r) => (first = r));
  // stdout is drained for the whole run: a full pipe would stall the server.
  void drain(proc.stdout as ReadableStream<Uint8Array>, (l) => first(l));
  const errText = () => {
    try {
      return readFileSync(logPath, "utf8").slice(-4000);
    } catch {
      return "";
    }
  };
  const listening = JSON.parse(
    await Promise.race([line, proc.exited.then((c) => Promise.reject(new Error(`${cmd.join(" ")} exited ${c}: ${errText()}`)))]),
  ).listening as string;
  const listeningMs = performance.now() - started;
  return {
    url: listening,
    pid: proc.pid,
    listeningMs,
    peakRss: () => procMemory(proc.pid, "VmHWM"),
    async stop() {
      proc.kill("SIGTERM");
      await proc.exited;
    },
  };
}

export function startZenith(db: string): Promise<Running> {
  return spawnServer([BINARY, "serve", "--port", "0", "--admin-port", "0", "--host", "127.0.0.1", "--db", db]);
}

export function startBaseline(bodyBytes: number): Promise<Running> {
  return spawnServer([process.execPath, join(ROOT, "test/bench/baseline-server.ts"), String(bodyBytes)]);
}

/** Runs an operator command with --json and returns its object. */
export function cli(db: string, args: string[]): any {
  const run = Bun.spawnSync([BINARY, ...args, "--db", db, "--json"], { stdout: "pipe", stderr: "pipe" });
  if (run.exitCode !== 0) throw new Error(`zenith ${args.slice(0, 3).join(" ")} failed: ${run.stderr.toString()}`);
  return JSON.parse(run.stdout.toString());
}

export interface LoadResult {
  connections: number;
  seconds: number;
  requests: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** Drives `url` with autocannon from a separate Node process. */
export async function load(opts: { url: string; key: string; connections: number; seconds: number; bodies: string[]; start?: number; workDir: string }): Promise<LoadResult> {
  const config = join(opts.workDir, `load-${Date.now()}-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(config, JSON.stringify({ url: opts.url, connections: opts.connections, seconds: opts.seconds, headers: { authorization: `Bearer ${opts.key}` }, bodies: opts.bodies, start: opts.start ?? 0 }));
  const node = process.env.ZENITH_BENCH_NODE ?? "node";
  const proc = Bun.spawn([node, join(ROOT, "test/bench/load.mjs"), config], { stdout: "pipe", stderr: "pipe", cwd: ROOT });
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  if (code !== 0) throw new Error(`load generator failed (${code}): ${err}`);
  const result = JSON.parse(out) as LoadResult;
  if (result.non2xx || result.errors || result.timeouts)
    throw new Error(`load against ${opts.url} had failures: ${JSON.stringify(result)}`);
  return result;
}
