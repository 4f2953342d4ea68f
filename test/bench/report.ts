/** docs/benchmarks.md: the record of the latest `make bench` run. */
import { MIB, median, ms, rate, targets, type Figures } from "./figures";
import type { LoadResult } from "./processes";

const kb = (b: number) => `${(b / 1024).toFixed(1)} KiB`;
const mb = (b: number) => `${(b / MIB).toFixed(1)} MiB`;

function table(head: string[], rows: (string | number)[][]): string {
  return [`| ${head.join(" | ")} |`, `|${head.map(() => "---").join("|")}|`, ...rows.map((r) => `| ${r.join(" | ")} |`)].join("\n");
}

function loadRows(label: string, results: LoadResult[], baseline?: LoadResult[]): (string | number)[][] {
  return results.map((r, i) => [
    label,
    r.connections,
    r.rps.toFixed(0),
    ms(r.p50),
    ms(r.p99),
    baseline ? `${(r.rps / baseline[i].rps).toFixed(2)}×` : "—",
    r.requests,
  ]);
}

function engineSection(engine: unknown): string {
  if (engine === undefined) return "Not run: `test/bench/engine.ts` is not present in this tree.";
  return "From `test/bench/engine.ts` (`runEngineBench()`, in-process, no HTTP):\n\n```json\n" + JSON.stringify(engine, null, 2) + "\n```";
}

export function renderReport(f: Figures): string {
  const checks = targets(f);
  const startupMedian = median(f.startup.map((s) => s.firstAnswerMs));
  return `# Benchmarks

Written by \`make bench\` (test/bench/run.ts) on ${f.startedAt}; the run took ${f.totalSeconds.toFixed(0)} s.
Every figure below comes from that one run; rerun \`make bench\` to refresh this file.

## Machine

${table(["", ""], Object.entries(f.machine))}

## Targets

${table(["measure", "measured", "target", "met"], checks.map((c) => [c.name, c.measured, c.target, c.ok ? "yes" : "**no**"]))}

## Throughput and latency: \`POST /v1/chat/completions\`

Each point is ${f.seconds} s of closed-loop load after ${f.warmupSeconds} s of warm-up (discarded). Zenith's answer
body is ${f.responseBytes} bytes; the baseline returns a fixed body of the same size.

${table(
  ["workload", "connections", "req/s", "p50", "p99", "vs baseline", "requests"],
  [
    ...loadRows("baseline: bare Bun.serve, parse JSON, fixed body", f.baseline),
    ...loadRows("repeated question (hot path)", f.hot, f.baseline),
    ...loadRows("distinct questions, 10k passages", f.distinct10k, f.baseline),
    ...loadRows(`distinct questions, 100k passages`, [f.p100k]),
  ],
)}

The hot path is the whole request: key lookup (with the check for commits by other
connections), validation, the per-minute limiter, the monthly counter and the durable
chat-log record (one append to the exchange journal, written before the answer is returned;
the journal reaches the log tables in one SQLite transaction per batch a few milliseconds
later), with the answer itself served from the answer cache. Distinct questions miss that
cache on every request.

## Common words

The same distinct questions, once as asked ("How does X Y Z work?") and once padded with
eight words that occur in most passages of the corpus, at one connection.

${table(
  ["passages", "plain p50", "plain p99", "with common words p50", "with common words p99", "ratio (p50)"],
  f.common.map((c) => [c.label, ms(c.plain.p50), ms(c.plain.p99), ms(c.wordy.p50), ms(c.wordy.p99), `${(c.wordy.p50 / c.plain.p50).toFixed(2)}×`]),
)}

## Scale

Answer latency for distinct questions at one connection, over HTTP, by corpus size.

${table(
  ["passages", "p50", "p90", "p99", "req/s"],
  f.scale.map((s) => [s.passages.toLocaleString("en"), ms(s.result.p50), ms(s.result.p90), ms(s.result.p99), s.result.rps.toFixed(0)]),
)}

Ingestion (\`zenith material add --agent ID FILE...\`, wall time of the whole command, process start included):

${table(
  ["store", "passages", "raw text", "store file", "store / raw", "ingest time", "passages/s"],
  f.stores.map((s) => [s.label, s.passages.toLocaleString("en"), mb(s.rawBytes), mb(s.storeBytes), `${(s.storeBytes / s.rawBytes).toFixed(2)}×`, `${s.ingestSeconds.toFixed(2)} s`, rate(s).toFixed(0)]),
)}

Start-up on the 100k-passage store, from spawning \`zenith serve\` to the first answered
chat request (the first request is sent as soon as the address line appears):

${table(
  ["trial", "listening", "first answer"],
  f.startup.map((s, i) => [i + 1, ms(s.listeningMs), ms(s.firstAnswerMs)]),
)}

Median to first answer: ${ms(startupMedian)}.

Peak resident memory (VmHWM): baseline under its load ${mb(f.memory.baselinePeak)}; Zenith serving
the 100k-passage store through all of its runs ${mb(f.memory.zenithPeak)}
(${mb(f.memory.zenithPeak - f.memory.baselinePeak)} above the baseline).

Widget: \`GET /v1/widget.js\` serves ${kb(f.widget.bytes)}, ${kb(f.widget.gzipBytes)} gzipped (gzip level 9 of the served bytes)${
    f.widget.helperGzipBytes !== undefined ? `; \`widgetGzipBytes()\` reports ${kb(f.widget.helperGzipBytes)}` : ""
  }.

## Answer engine (in-process)

${engineSection(f.engine)}

${f.skipped.length ? `## Not measured in this run\n\n${f.skipped.map((s) => `- ${s}`).join("\n")}\n` : ""}
## Method

- **Load generator**: autocannon (npm, a dev dependency) in a separate Node.js process,
  closed loop with N connections, HTTP/1.1 keep-alive, no pipelining. Latencies are recorded
  per response from autocannon's high-resolution timer (its own histogram keeps whole
  milliseconds only). Any non-2xx response, error or timeout aborts the run.
- **Same machine**: server and load generator share the machine's cores, so absolute figures
  are lower than on separate hosts; baseline and Zenith are measured the same way in the
  same run, so the ratios are the meaningful part.
- **Baseline**: \`test/bench/baseline-server.ts\`, a bare \`Bun.serve\` that reads and parses the
  same JSON request and returns a fixed body of the same size as Zenith's answer.
- **Corpus**: deterministic and synthetic (\`test/bench/corpus.ts\`): a 30,000-word vocabulary
  drawn from a Zipf distribution (the 20 most frequent words appear in most passages),
  passages of 50–90 words in short sentences, a heading every ten passages. Questions are
  built from three of a passage's rarer words, so each has an answer in the corpus; the list
  is long enough that no question repeats within the answer cache's reach during a run.
- **Stores** are built through the product: \`zenith account/agent/key create\` and
  \`zenith material add --agent ID FILE...\` with the corpus in Markdown files of 2,000
  passages each (under the 2,000,000-character limit per material), one store per corpus
  size (so a larger corpus never slows a smaller one).
  The account's limits are set far above the load.
- **Logs**: each server's stderr (Zenith's one JSON line per request) goes to a file, as
  under a supervisor; the server pays for writing it, the bench does not read it while
  measuring (it did until 2026-11-22, which charged the shared cores for parsing Zenith's
  log lines and not the baseline's, which has none).
- **Memory** is VmHWM from /proc (peak resident set) of the server process.
- **Knobs**: \`ZENITH_BENCH_SECONDS\` (per point, default 3), \`ZENITH_BENCH_1M=1\` adds the
  1M-passage store (about 1.7 GB of store and over five minutes of ingestion, so it is off by
  default), \`ZENITH_BENCH_NODE\` (the Node.js binary for the load generator).
`;
}

/** One line per target for the terminal. */
export function summary(f: Figures): string {
  return targets(f)
    .map((t) => `${t.ok ? "ok  " : "MISS"}  ${t.name}: ${t.measured} (target ${t.target})`)
    .join("\n");
}
