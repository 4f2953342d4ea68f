/**
 * `make bench`: builds the bench stores through the CLI, drives the built binary and a bare
 * Bun.serve baseline with autocannon (a separate Node process) on loopback, measures scale,
 * start-up and memory, calls the engine and widget benches when they exist, prints every
 * figure and writes docs/benchmarks.md.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, release, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chatBody, question } from "./corpus";
import { buildStore, type BenchStore } from "./stores";
import { load, ROOT, startBaseline, startZenith, stopAll, type LoadResult, type Running } from "./processes";
import { MIB, ms, type Figures, type StoreFigures } from "./figures";
import { renderReport, summary } from "./report";

const SECONDS = Number(process.env.ZENITH_BENCH_SECONDS ?? 3);
const WARMUP = 1;
const WITH_1M = process.env.ZENITH_BENCH_1M === "1";
const HOT_QUESTION = "How does the service plan work?";

const work = mkdtempSync(join(tmpdir(), "zenith-bench-"));
const began = performance.now();
const loadAtStart = loadavg().map((l) => l.toFixed(2)).join(" ");
const say = (line: string) => process.stdout.write(line + "\n");

function machine(): Record<string, string> {
  const version = (cmd: string[]) => Bun.spawnSync(cmd, { stdout: "pipe" }).stdout.toString().trim();
  return {
    CPU: `${cpus()[0]?.model ?? "unknown"} × ${cpus().length}`,
    // Other work on the machine skews every figure; the load average tells how busy it was.
    "load average at start / end": `${loadAtStart} / ${loadavg().map((l) => l.toFixed(2)).join(" ")}`,
    memory: `${(totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    kernel: `Linux ${release()}`,
    Bun: Bun.version,
    "Node.js (load generator)": version([process.env.ZENITH_BENCH_NODE ?? "node", "--version"]),
    autocannon: require(join(ROOT, "node_modules/autocannon/package.json")).version,
    zenith: "dist/zenith (bun build --compile --minify)",
  };
}

/**
 * Request bodies in a fixed order with a cursor that every run moves past what it sent, so
 * a question is never asked twice while the answer cache could still hold it.
 */
class Questions {
  private cursor = 0;
  constructor(readonly bodies: string[]) {}
  async run(opts: { url: string; key: string; connections: number; seconds: number }): Promise<LoadResult> {
    const r = await load({ ...opts, bodies: this.bodies, start: this.cursor, workDir: work });
    this.cursor += r.requests + opts.connections;
    return r;
  }
}

/** Warm-up then a measured point; prints the point. */
async function point(label: string, server: Running, key: string, connections: number, questions: Questions): Promise<LoadResult> {
  await questions.run({ url: server.url, key, connections, seconds: WARMUP });
  const r = await questions.run({ url: server.url, key, connections, seconds: SECONDS });
  say(`  ${label.padEnd(44)} c=${String(connections).padEnd(3)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${ms(r.p50)}  p99 ${ms(r.p99)}`);
  return r;
}

async function post(url: string, key: string, body: string): Promise<Response> {
  return fetch(`${url}/v1/chat/completions`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body });
}

/** Enough for every run to ask new questions; spread over the whole corpus. */
const QUESTIONS_MAX = 40_000;

/**
 * A question's words in every order: the same passage asked for, but a different request.
 * A small corpus (1k passages: ~1,000 questions) would otherwise cycle through fewer
 * questions than the answer cache holds and measure cache hits, not answers.
 */
function orderings(words: string[]): string[][] {
  if (words.length <= 1) return [words];
  return words.flatMap((w, i) => orderings([...words.slice(0, i), ...words.slice(i + 1)]).map((rest) => [w, ...rest]));
}

function distinct(s: BenchStore, common = false): Questions {
  const asked = s.questions.flatMap(orderings);
  const stride = Math.ceil(asked.length / QUESTIONS_MAX);
  return new Questions(asked.filter((_, i) => i % stride === 0).map((q) => chatBody(question(q, common))));
}

async function startupTrial(store: BenchStore): Promise<{ listeningMs: number; firstAnswerMs: number }> {
  // Made before the clock starts: building the question list is the bench's work, not Zenith's.
  const body = distinct(store).bodies[0];
  const started = performance.now();
  const server = await startZenith(store.db);
  try {
    const res = await post(server.url, store.key, body);
    if (res.status !== 200) throw new Error(`first request answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
    return { listeningMs: server.listeningMs, firstAnswerMs: performance.now() - started };
  } finally {
    await server.stop();
  }
}

async function optionalImport<T>(file: string, name: string): Promise<T | undefined> {
  const path = join(ROOT, "test/bench", file);
  if (!existsSync(path)) return undefined;
  const mod = await import(path);
  return typeof mod[name] === "function" ? await mod[name]() : undefined;
}

async function main(): Promise<Figures> {
  const skipped: string[] = [];
  const sizes: [string, number][] = [["1k", 1_000], ["10k", 10_000], ["100k", 100_000]];
  if (WITH_1M) sizes.push(["1M", 1_000_000]);
  else skipped.push("1M passages: off by default to keep `make bench` within minutes on a 2-core machine; run `ZENITH_BENCH_1M=1 make bench`.");

  say(`Zenith bench: ${SECONDS} s per point after ${WARMUP} s warm-up; work dir ${work}`);
  say("Building stores with `zenith material add`:");
  const stores: Record<string, BenchStore> = {};
  for (const [i, [label, count]] of sizes.entries()) {
    const s = (stores[label] = await buildStore(work, label, count, i + 1));
    say(`  ${label.padEnd(5)} ${s.passages} passages in ${s.ingestSeconds.toFixed(2)} s = ${(s.passages / s.ingestSeconds).toFixed(0)}/s; store ${(s.storeBytes / MIB).toFixed(1)} MiB for ${(s.rawBytes / MIB).toFixed(1)} MiB of text`);
  }
  // The stores' writes (1.6 GB at 1M) are still being flushed by the kernel: measured during
  // that writeback, the first load points lost up to a third of their throughput.
  Bun.spawnSync(["sync"]);

  const s10k = stores["10k"];
  const z10k = await startZenith(s10k.db);
  const hotBody = chatBody(HOT_QUESTION);
  const repeated = () => new Questions([hotBody]);
  const first = await post(z10k.url, s10k.key, hotBody);
  const responseBytes = (await first.arrayBuffer()).byteLength;
  if (first.status !== 200) throw new Error(`hot question answered ${first.status}`);
  const widgetRes = await fetch(`${z10k.url}/v1/widget.js`);
  const widgetBytes = new Uint8Array(await widgetRes.arrayBuffer());

  say(`Baseline (bare Bun.serve, fixed ${responseBytes}-byte body):`);
  const baselineServer = await startBaseline(responseBytes);
  const baseline: LoadResult[] = [];
  for (const c of [1, 16, 64]) baseline.push(await point("baseline", baselineServer, s10k.key, c, repeated()));
  const baselinePeak = baselineServer.peakRss();
  await baselineServer.stop();

  say("Zenith, 10k passages:");
  const hot: LoadResult[] = [];
  for (const c of [1, 16, 64]) hot.push(await point("repeated question (hot path)", z10k, s10k.key, c, repeated()));
  const distinct10k: LoadResult[] = [];
  const asked10k = distinct(s10k);
  for (const c of [1, 16, 64]) distinct10k.push(await point("distinct questions", z10k, s10k.key, c, asked10k));
  const common = [{ label: "10k", plain: distinct10k[0], wordy: await point("distinct questions + common words", z10k, s10k.key, 1, distinct(s10k, true)) }];
  await z10k.stop();

  const scale: Figures["scale"] = [];
  let p100k: LoadResult | undefined;
  let zenithPeak = 0;
  for (const [label] of sizes) {
    const store = stores[label];
    if (label === "10k") {
      scale.push({ label, passages: store.passages, result: distinct10k[0] });
      continue;
    }
    say(`Zenith, ${label} passages:`);
    const server = await startZenith(store.db);
    const asked = distinct(store);
    const c1 = await point("distinct questions", server, store.key, 1, asked);
    scale.push({ label, passages: store.passages, result: c1 });
    if (label === "100k") {
      p100k = await point("distinct questions", server, store.key, 8, asked);
      common.push({ label, plain: c1, wordy: await point("distinct questions + common words", server, store.key, 1, distinct(store, true)) });
      zenithPeak = server.peakRss();
    }
    await server.stop();
  }

  say("Start-up on the 100k store (spawn → first answer):");
  const startup = [];
  for (let i = 0; i < 3; i++) {
    const t = await startupTrial(stores["100k"]);
    say(`  listening ${ms(t.listeningMs)}, first answer ${ms(t.firstAnswerMs)}`);
    startup.push(t);
  }

  const helperGzipBytes = await optionalImport<number>("widget-size.ts", "widgetGzipBytes");
  const engine = await optionalImport<unknown>("engine.ts", "runEngineBench");
  if (engine === undefined) skipped.push("In-process answer-engine figures: test/bench/engine.ts is not present.");
  if (engine !== undefined) say(`Engine bench (test/bench/engine.ts):\n${JSON.stringify(engine, null, 2)}`);

  const storeFigures: StoreFigures[] = Object.values(stores).map(({ label, passages, rawBytes, storeBytes, ingestSeconds }) => ({ label, passages, rawBytes, storeBytes, ingestSeconds }));
  return {
    startedAt: new Date().toISOString(),
    totalSeconds: (performance.now() - began) / 1000,
    machine: machine(),
    seconds: SECONDS,
    warmupSeconds: WARMUP,
    responseBytes,
    stores: storeFigures,
    baseline,
    hot,
    distinct10k,
    scale,
    p100k: p100k!,
    common,
    startup,
    memory: { baselinePeak, zenithPeak },
    widget: { bytes: widgetBytes.byteLength, gzipBytes: gzipSync(widgetBytes, { level: 9 }).byteLength, helperGzipBytes },
    skipped,
    engine,
  };
}

try {
  const figures = await main();
  say(`Widget: ${figures.widget.bytes} bytes, ${figures.widget.gzipBytes} gzipped`);
  say(`Peak RSS: baseline ${(figures.memory.baselinePeak / MIB).toFixed(1)} MiB, Zenith at 100k ${(figures.memory.zenithPeak / MIB).toFixed(1)} MiB`);
  say("\nTargets:\n" + summary(figures));
  writeFileSync(join(ROOT, "docs/benchmarks.md"), renderReport(figures));
  say(`\nWrote docs/benchmarks.md (${figures.totalSeconds.toFixed(0)} s).`);
} finally {
  await stopAll();
  rmSync(work, { recursive: true, force: true });
}
