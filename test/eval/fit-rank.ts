/**
 * Fits the sentence-ranking weights (RANK_WEIGHTS in src/engine/compose.ts): a logistic model
 * of "this sentence holds a gold answer" over every candidate sentence of the answerable
 * SQuAD 2.0 questions of one half of the articles (split.ts); reports how often the top
 * sentence holds one on both halves. The own help-centre set is not used.
 * Usage: bun test/eval/fit-rank.ts
 */
import { queryOf } from "../../src/engine/question";
import { statsFor } from "../../src/engine/stats";
import { candidates } from "../../src/engine/retrieve";
import { RANK_WEIGHTS, SENTENCE_FEATURES, scoreSentences } from "../../src/engine/compose";
import { withSynonyms } from "../../src/engine/text/synonyms";
import { setupSquad } from "./squad";
import { normalise } from "./harness";
import { fitHalf } from "./split";

const setup = await setupSquad();
if (!setup) throw new Error("SQuAD data not found");
interface Q {
  fit: boolean;
  rows: { x: number[]; y: 0 | 1 }[];
}
const questions: Q[] = [];
try {
  for (const item of setup.items) {
    if (item.group !== "a") continue;
    const query = queryOf([{ role: "user", content: item.question }]);
    const stats = statsFor(setup.ev.store, setup.ev.agent.id, withSynonyms([...query.weights.keys()]));
    const list = candidates(setup.ev.store, setup.ev.agent.id, query, stats);
    const { scored, split } = scoreSentences(query, stats, list);
    const rows = scored.map((s) => ({ x: [...s.features, 1], y: (item.gold.some((g) => normalise(split[s.passage][s.sentence]).includes(g)) ? 1 : 0) as 0 | 1 }));
    questions.push({ fit: fitHalf(item.title), rows });
  }
} finally {
  setup.ev.dispose();
}

// Listwise: for each question, a softmax over its candidate sentences; the fit maximises the
// probability given to the sentences holding a gold answer (what top-1 choice needs),
// starting from the current weights. Plain gradient ascent with a small L2 pull.
const train = questions.filter((q) => q.fit && q.rows.some((r) => r.y));
const w = [...RANK_WEIGHTS];
const rate = 2;
for (let iter = 0; iter < 1500; iter++) {
  const grad = new Array(w.length).fill(0);
  for (const q of train) {
    const z = q.rows.map((r) => r.x.reduce((a, v, i) => a + v * w[i], 0));
    const m = Math.max(...z);
    const e = z.map((v) => Math.exp(v - m));
    const all = e.reduce((a, v) => a + v, 0);
    const gold = e.reduce((a, v, i) => a + (q.rows[i].y ? v : 0), 0);
    q.rows.forEach((r, k) => {
      // d log(gold/all) / dz_k = [y_k] e_k / gold - e_k / all
      const d = (r.y ? e[k] / gold : 0) - e[k] / all;
      for (let i = 0; i < w.length; i++) grad[i] += d * r.x[i];
    });
  }
  for (let i = 0; i < w.length; i++) w[i] += (rate * (grad[i] - 1e-4 * train.length * w[i] * (i < w.length - 1 ? 1 : 0))) / train.length;
}
console.log(SENTENCE_FEATURES.map((n, i) => `${n} ${w[i].toFixed(3)}`).join(", "), `intercept ${w[w.length - 1].toFixed(3)}`);
console.log(`[${w.map((v) => +v.toFixed(3)).join(", ")}]`);
const top = (q: Q, weights: number[]) => {
  let best = -Infinity;
  let y = 0;
  for (const r of q.rows) {
    const z = r.x.reduce((a, v, i) => a + v * weights[i], 0);
    if (z > best) [best, y] = [z, r.y];
  }
  return y;
};
for (const half of [true, false]) {
  const qs = questions.filter((q) => q.fit === half);
  const share = (weights: number[]) => ((100 * qs.filter((q) => top(q, weights)).length) / qs.length).toFixed(1) + "%";
  const any = ((100 * qs.filter((q) => q.rows.some((r) => r.y)).length) / qs.length).toFixed(1) + "%";
  console.log(`${half ? "fit" : "report"} half (${qs.length} questions): top sentence holds gold — fitted ${share(w)}, current ${share(RANK_WEIGHTS)}; any candidate sentence ${any}`);
}
