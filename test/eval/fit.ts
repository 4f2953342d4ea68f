/**
 * Fits the confidence model's weights (src/engine/confidence.ts) and reports them on data
 * the fit never saw. Input: the lines of dump.ts.
 *
 *   bun test/eval/dump.ts > /tmp/f.jsonl                       # the seeded construction
 *   bun test/eval/dump.ts --folds 5 > /tmp/train.jsonl         # more uncovered examples
 *   bun test/eval/dump.ts --help-centre dev > /tmp/dev.jsonl   # the development help centre
 *   bun test/eval/dump.ts --help-centre test > /tmp/own.jsonl  # the test help centre
 *   bun test/eval/fit.ts /tmp/train.jsonl /tmp/f.jsonl [--dev /tmp/dev.jsonl] [--test /tmp/own.jsonl]
 *
 * Trained on: the first file's lines of SQuAD's fit half (split.ts), plus the development
 * help centre's lines when given (DEV_WEIGHT: its questions weigh as much in all as SQuAD's).
 * Reported on: the second file's report half and the test help centre — never trained on.
 */
import { readFileSync } from "node:fs";
import { FEATURE_NAMES } from "../../src/engine/confidence";
import { fitHalf } from "./split";
import { fitLogistic } from "./logistic";

interface Row {
  set?: "dev" | "test";
  title: string;
  group: "a" | "b" | "c";
  contains: boolean;
  inPassages: boolean;
  confidence: number;
  features: number[] | null;
  pair: boolean;
}

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args.splice(at, 2)[1] : undefined;
};
const devFile = option("--dev");
const testFile = option("--test");
const [trainFile = "/tmp/train.jsonl", reportFile = trainFile] = args;
const load = (file: string | undefined): Row[] => (file ? readFileSync(file, "utf8").trim().split("\n").map((l) => JSON.parse(l)).filter((r: Row) => r.group !== "c") : []);
const fit = load(trainFile).filter((r) => fitHalf(r.title));
const report = load(reportFile).filter((r) => !fitHalf(r.title));
const dev = load(devFile);
const own = load(testFile);
const dims = FEATURE_NAMES.length;
// The shipped model's features; FEATURES=a,b,… fits on others to compare (the rest get weight 0).
const SHIPPED = "coverage,own,passage,typeMiss,margin,score";
const only = (process.env.FEATURES ?? SHIPPED).split(",");
const mask = FEATURE_NAMES.map((n) => only.includes(n));
const x = (r: Row) => [...(r.features?.length ? r.features : new Array(dims).fill(0)).map((v, i) => (mask[i] ? v : 0)), 1];

// Within a source, covered and uncovered questions weigh the same in all: uncovered ones are
// fewer but matter as much. Sources: SQuAD's fit half, and the dev help centre times DEV_WEIGHT.
const DEV_WEIGHT = Number(process.env.DEV_WEIGHT ?? 1);
function weights(rows: Row[], total: number): Map<Row, number> {
  const a = rows.filter((r) => r.group === "a").length;
  const b = rows.filter((r) => r.group === "b").length;
  return new Map(rows.map((r) => [r, (r.group === "a" ? total / 2 / a : total / 2 / b) || 0]));
}
const squadWeights = weights(fit, fit.length);
const devWeights = weights(dev, fit.length * DEV_WEIGHT);
const label = (r: Row) => (r.group === "a" && r.contains ? 1 : 0);
// A matched Q&A pair's confidence is its agreement, not the model's: such lines are not fitted.
const trained = (r: Row) => !r.pair && !!r.features?.length;
const w = fitLogistic([...fit.filter(trained).map((r) => ({ x: x(r), y: label(r) as 0 | 1, weight: squadWeights.get(r)! })), ...dev.filter(trained).map((r) => ({ x: x(r), y: label(r) as 0 | 1, weight: devWeights.get(r)! }))]);

const prob = (r: Row) => (r.pair ? r.confidence : 1 / (1 + Math.exp(-x(r).reduce((a, v, i) => a + v * w[i], 0))));
console.log("weights:", FEATURE_NAMES.map((n, i) => `${n} ${w[i].toFixed(3)}`).join(", "), `intercept ${w[dims].toFixed(3)}`);
console.log(`[${w.map((v) => +v.toFixed(3)).join(", ")}]`);
const pc = (n: number, d: number) => ((100 * n) / d).toFixed(1).padStart(5) + "%";
for (const [name, set] of [["SQuAD fit half (trained on)", fit], ["dev help centre (trained on)", dev], ["SQuAD report half", report], ["test help centre (own set)", own]] as const) {
  if (!set.length) continue;
  const a = set.filter((r) => r.group === "a");
  const b = set.filter((r) => r.group === "b");
  console.log(`\n${name}: ${a.length} (a), ${b.length} (b); (a) ceiling: extract ${pc(a.filter((r) => r.contains).length, a.length)}`);
  for (const th of [0.3, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8]) {
    const aa = a.filter((r) => r.contains && prob(r) >= th).length;
    const bb = b.filter((r) => prob(r) < th).length;
    // The model the dump was made with, at the same threshold, for comparison.
    const was = [a.filter((r) => r.contains && r.confidence >= th).length, b.filter((r) => r.confidence < th).length];
    console.log(`  ${th.toFixed(2)}  (a) ${pc(aa, a.length)}  (b) ${pc(bb, b.length)}    [dumped model: ${pc(was[0], a.length)} ${pc(was[1], b.length)}]`);
  }
}
