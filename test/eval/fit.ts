/**
 * Fits the confidence model's weights (src/engine/confidence.ts) on one half of SQuAD 2.0's
 * articles and reports them on the other half. Input: the lines of dump.ts.
 * Usage: bun test/eval/dump.ts --folds 5 > /tmp/train.jsonl && bun test/eval/dump.ts > /tmp/f.jsonl
 *        && bun test/eval/fit.ts /tmp/train.jsonl /tmp/f.jsonl
 * (the first file's fit-half lines train the model, the second's report half reports it).
 * The own help-centre set is deliberately not used: it stays a test set.
 */
import { readFileSync } from "node:fs";
import { FEATURE_NAMES } from "../../src/engine/confidence";
import { fitHalf } from "./split";
import { fitLogistic } from "./logistic";

interface Row {
  title: string;
  group: "a" | "b" | "c";
  contains: boolean;
  inPassages: boolean;
  confidence: number;
  features: number[] | null;
  pair: boolean;
}

const load = (file: string): Row[] => readFileSync(file, "utf8").trim().split("\n").map((l) => JSON.parse(l)).filter((r: Row) => r.group !== "c");
const [trainFile = "/tmp/train.jsonl", reportFile = trainFile] = process.argv.slice(2);
const fit = load(trainFile).filter((r) => fitHalf(r.title));
const test = load(reportFile).filter((r) => !fitHalf(r.title));
const dims = FEATURE_NAMES.length;
// The shipped model's features; FEATURES=a,b,… fits on others to compare (the rest get weight 0).
const SHIPPED = "coverage,own,passage,typeMiss,margin,score";
const only = (process.env.FEATURES ?? SHIPPED).split(",");
const mask = FEATURE_NAMES.map((n) => only.includes(n));
const x = (r: Row) => [...(r.features ?? new Array(dims).fill(0)).map((v, i) => (mask[i] ? v : 0)), 1];

// Each group weighs the same in the loss: (b) is ten times smaller than (a) but matters as much.
const count = (g: string) => fit.filter((r) => r.group === g).length;
const groupWeight = { a: 1, b: count("a") / count("b"), c: 0 };
const w = fitLogistic(fit.map((r) => ({ x: x(r), y: r.group === "a" && r.contains ? 1 : 0, weight: groupWeight[r.group] })));

const prob = (r: Row) => (r.pair ? r.confidence : 1 / (1 + Math.exp(-x(r).reduce((a, v, i) => a + v * w[i], 0))));
console.log("weights:", FEATURE_NAMES.map((n, i) => `${n} ${w[i].toFixed(3)}`).join(", "), `intercept ${w[dims].toFixed(3)}`);
console.log(`[${w.map((v) => +v.toFixed(3)).join(", ")}]`);
for (const [name, set] of [["fit half", fit], ["report half", test]] as const) {
  const a = set.filter((r) => r.group === "a");
  const b = set.filter((r) => r.group === "b");
  const pc = (n: number, d: number) => ((100 * n) / d).toFixed(1).padStart(5) + "%";
  console.log(`\n${name}: ${a.length} (a), ${b.length} (b); (a) ceiling: extract ${pc(a.filter((r) => r.contains).length, a.length)}, top passages ${pc(a.filter((r) => r.inPassages).length, a.length)}`);
  for (const th of [0.3, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8]) {
    const aa = a.filter((r) => r.contains && prob(r) >= th).length;
    const bb = b.filter((r) => prob(r) < th).length;
    // The model the dump was made with, at the same threshold, for comparison.
    const was = [a.filter((r) => r.contains && r.confidence >= th).length, b.filter((r) => r.confidence < th).length];
    console.log(`  ${th.toFixed(2)}  (a) ${pc(aa, a.length)}  (b) ${pc(bb, b.length)}    [dumped model: ${pc(was[0], a.length)} ${pc(was[1], b.length)}]`);
  }
}
