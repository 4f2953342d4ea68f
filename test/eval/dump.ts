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
 *
 * `--help-centre dev|test` writes the lines of a help-centre set instead (group "a":
 * answerable, contains: the reply holds every fact; group "b": to be declined), with
 * `set` naming it: fit.ts trains on the dev set's lines and only reports the test set's.
 */
import { findFor } from "../../src/engine";
import { setupSquad, type Item } from "./squad";
import { fitHalf } from "./split";
import { normalise } from "./harness";
import { DEV_SET, TEST_SET, hasFacts, helpCentreStore, loadQuestions, messagesOf } from "./own";

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

async function dumpHelpCentre(name: string) {
  const set = name === "dev" ? DEV_SET : name === "test" ? TEST_SET : null;
  if (!set) throw new Error("--help-centre takes dev or test");
  const { ev } = await helpCentreStore(set);
  try {
    for (const q of loadQuestions(set.questions)) {
      const found = findFor(ev.store, ev.agent.id, messagesOf(q));
      const contains = !!found && !q.decline && hasFacts(found.text, q.facts ?? []);
      console.log(JSON.stringify({ set: name, title: set.name, group: q.decline ? "b" : "a", contains, inPassages: false, confidence: found?.confidence ?? 0, features: found?.features ?? null, pair: found?.fromPair ?? false }));
    }
  } finally {
    ev.dispose();
  }
}

const centre = process.argv.indexOf("--help-centre");
if (centre > 0) await dumpHelpCentre(process.argv[centre + 1]);
else if (!folds) await dump();
else for (let k = 0; k < folds; k++) await dump((i, title) => fitHalf(title) && i % folds === k, (item) => fitHalf(item.title) && item.group !== "c");
