/** What a bench run measures, and the targets checked against it. */
import type { LoadResult } from "./processes";

export interface StoreFigures {
  label: string;
  passages: number;
  rawBytes: number;
  storeBytes: number;
  ingestSeconds: number;
}

export interface Figures {
  startedAt: string;
  totalSeconds: number;
  machine: Record<string, string>;
  seconds: number;
  warmupSeconds: number;
  responseBytes: number;
  stores: StoreFigures[];
  baseline: LoadResult[];
  hot: LoadResult[];
  distinct10k: LoadResult[];
  scale: { label: string; passages: number; result: LoadResult }[];
  p100k: LoadResult;
  common: { label: string; plain: LoadResult; wordy: LoadResult }[];
  startup: { listeningMs: number; firstAnswerMs: number }[];
  memory: { baselinePeak: number; zenithPeak: number };
  widget: { bytes: number; gzipBytes: number; helperGzipBytes?: number };
  skipped: string[];
  engine?: unknown;
}

export interface Target {
  name: string;
  measured: string;
  target: string;
  ok: boolean;
}

export const MIB = 1024 * 1024;
export const ms = (v: number) => `${v.toFixed(2)} ms`;
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
export const rate = (s: StoreFigures) => s.passages / s.ingestSeconds;

export function targets(f: Figures): Target[] {
  const out: Target[] = [];
  f.hot.forEach((hot, i) => {
    const ratio = hot.rps / f.baseline[i].rps;
    out.push({ name: `repeated question, c=${hot.connections}: throughput vs baseline`, measured: `${ratio.toFixed(2)}× (${hot.rps.toFixed(0)} vs ${f.baseline[i].rps.toFixed(0)} req/s)`, target: "≥ 0.50×", ok: ratio >= 0.5 });
  });
  const c1 = f.distinct10k.find((r) => r.connections === 1)!;
  out.push({ name: "distinct questions, 10k passages, c=1: p50", measured: ms(c1.p50), target: "< 2 ms", ok: c1.p50 < 2 });
  out.push({ name: `distinct questions, 100k passages, c=${f.p100k.connections}: p99`, measured: ms(f.p100k.p99), target: "< 20 ms", ok: f.p100k.p99 < 20 });
  for (const c of f.common) {
    const ratio = c.wordy.p50 / c.plain.p50;
    out.push({ name: `common words added, ${c.label} passages: p50 ratio`, measured: `${ratio.toFixed(2)}× (${ms(c.wordy.p50)} vs ${ms(c.plain.p50)})`, target: "≤ 3×", ok: ratio <= 3 });
  }
  const first = f.scale[0];
  const last = f.scale[f.scale.length - 1];
  const growth = last.result.p50 / first.result.p50;
  const corpus = last.passages / first.passages;
  out.push({ name: `answer p50 growth ${first.label} → ${last.label}`, measured: `${growth.toFixed(2)}× for ${corpus.toFixed(0)}× the passages`, target: "far slower than the corpus (< 10% of its growth)", ok: growth < corpus / 10 });
  const biggest = f.stores.reduce((a, b) => (b.passages > a.passages ? b : a));
  out.push({ name: `indexing rate (${biggest.label})`, measured: `${rate(biggest).toFixed(0)} passages/s`, target: "≥ 10,000 passages/s", ok: rate(biggest) >= 10_000 });
  const startup = median(f.startup.map((s) => s.firstAnswerMs));
  out.push({ name: "start-up to first answer, 100k passages (median)", measured: ms(startup), target: "< 150 ms", ok: startup < 150 });
  const extra = (f.memory.zenithPeak - f.memory.baselinePeak) / MIB;
  out.push({ name: "peak resident memory under load, 100k passages, above baseline", measured: `${extra.toFixed(1)} MiB`, target: "≤ 64 MiB", ok: extra <= 64 });
  return out;
}
