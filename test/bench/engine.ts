/**
 * The answer engine's own benchmark, in-process (no HTTP): ingestion throughput, and
 * answer latency p50/p99 at 1k, 10k and 100k passages on the synthetic help-centre-shaped
 * corpus of corpus.ts. `make bench` calls runEngineBench(); run it alone with
 * `node_modules/.bin/bun test/bench/engine.ts`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openStore } from "../../src/store/db";
import { createAccount } from "../../src/admin/accounts";
import { createAgent } from "../../src/admin/agents";
import { answer, ingest, type IngestInput } from "../../src/engine";
import type { AgentProfile } from "../../src/types";
import { passage, question, rareWords, rng, sectionHeading } from "./corpus";

const SIZES: [string, number][] = [["1k", 1_000], ["10k", 10_000], ["100k", 100_000]];
/** Passages per ingested document (one Markdown file's worth). */
const PER_DOC = 500;
const QUESTIONS = 400;
const WARMUP = 50;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function measure(label: string, count: number, out: Record<string, number | string>) {
  const dir = mkdtempSync(join(tmpdir(), "zenith-engine-bench-"));
  const store = openStore(join(dir, "bench.db"));
  try {
    const account = createAccount(store, { name: "Bench", rpm: 1_000_000, monthly: 1_000_000_000 }).id;
    const profile = { name: "Bench", persona: "", instructions: "" };
    const agent: AgentProfile = { id: createAgent(store, { accountId: account, ...profile }).id, ...profile };
    const next = rng(1234);
    const docs: IngestInput[] = [];
    const questions: string[] = [];
    let bytes = 0;
    for (let start = 0; start < count; start += PER_DOC) {
      const parts: string[] = [];
      for (let i = start; i < Math.min(count, start + PER_DOC); i++) {
        const p = passage(next);
        const heading = sectionHeading(p, i);
        if (heading) parts.push(heading);
        parts.push(p.text);
        const rare = rareWords(p);
        if (rare && questions.length < QUESTIONS * 4 && next() < 0.5) questions.push(question(rare));
      }
      const text = parts.join("\n\n");
      bytes += Buffer.byteLength(text);
      docs.push({ kind: "text", text, title: `Part ${start / PER_DOC}`, source: `part-${start / PER_DOC}.md` });
    }
    const t0 = performance.now();
    for (const doc of docs) await ingest(store, agent.id, doc);
    const seconds = (performance.now() - t0) / 1000;
    const stored = (store.sqlite.query("SELECT count(*) AS n FROM passages").get() as { n: number }).n;
    out[`ingest_${label}_passages`] = stored;
    out[`ingest_${label}_passages_per_s`] = Math.round(stored / seconds);
    out[`ingest_${label}_mb_per_s`] = +(bytes / 1e6 / seconds).toFixed(2);

    // Every question is distinct, so nothing is served from a cache (the engine keeps none).
    const asked = questions.filter((_, i) => i % Math.max(1, Math.floor(questions.length / (QUESTIONS + WARMUP))) === 0).slice(0, QUESTIONS + WARMUP);
    const times: number[] = [];
    let covered = 0;
    for (const [i, q] of asked.entries()) {
      const t = performance.now();
      const reply = await answer(store, agent, [{ role: "user", content: q }]);
      if (i >= WARMUP) {
        times.push(performance.now() - t);
        if (reply.covered) covered++;
      }
    }
    times.sort((a, b) => a - b);
    out[`answer_${label}_p50_ms`] = +percentile(times, 50).toFixed(3);
    out[`answer_${label}_p99_ms`] = +percentile(times, 99).toFixed(3);
    out[`answer_${label}_covered_share`] = +(covered / times.length).toFixed(3);
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function runEngineBench(): Promise<Record<string, number | string>> {
  const out: Record<string, number | string> = { corpus: "synthetic Zipf help-centre-shaped passages (test/bench/corpus.ts), questions from a passage's rarer words", questions_per_size: QUESTIONS };
  for (const [label, count] of SIZES) await measure(label, count, out);
  const p1k = out.answer_1k_p50_ms as number;
  const p100k = out.answer_100k_p50_ms as number;
  out.p50_growth_1k_to_100k = +(p100k / p1k).toFixed(2);
  return out;
}

if (import.meta.main) console.log(JSON.stringify(await runEngineBench(), null, 2));
