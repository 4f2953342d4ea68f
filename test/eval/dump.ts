/**
 * Writes one JSON line per SQuAD question: its article, group, the engine's confidence
 * features and whether the best extract holds a gold answer — the input of fit.ts.
 * Usage: bun test/eval/dump.ts > /tmp/squad-features.jsonl
 *
 * `--folds K` writes training lines instead: only the fit half's articles (split.ts), in K
 * runs that each hold out a different K-th of their paragraphs, so every answerable
 * question of the fit half is asked once uncovered (b) and K−1 times covered (a) — ten
 * times the uncovered examples the seeded construction gives. The report half is loaded
 * whole and not asked.
 */
import { findFor } from "../../src/engine";
import { setupSquad, type Item } from "./squad";
import { fitHalf } from "./split";
import { normalise } from "./harness";

const at = process.argv.indexOf("--folds");
const folds = at > 0 ? Number(process.argv[at + 1]) : 0;

async function dump(holdOut?: (index: number, title: string) => boolean, keep: (item: Item) => boolean = () => true) {
  const setup = await setupSquad(undefined, holdOut);
  if (!setup) throw new Error("SQuAD data not found");
  try {
    for (const item of setup.items.filter(keep)) {
      const found = findFor(setup.ev.store, setup.ev.agent.id, [{ role: "user", content: item.question }]);
      const contains = !!found && item.gold.some((g) => normalise(found.text).includes(g));
      const inPassages = !!found && item.gold.some((g) => found.passages.some((p) => normalise(p.body).includes(g)));
      const row = { title: item.title, group: item.group, contains, inPassages, confidence: found?.confidence ?? 0, features: found?.features ?? null, pair: found?.fromPair ?? false };
      console.log(JSON.stringify(row));
    }
  } finally {
    setup.ev.dispose();
  }
}

if (!folds) await dump();
else for (let k = 0; k < folds; k++) await dump((i, title) => fitHalf(title) && i % folds === k, (item) => fitHalf(item.title) && item.group !== "c");
