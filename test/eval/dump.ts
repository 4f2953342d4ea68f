/**
 * Writes one JSON line per SQuAD question: its article, group, the engine's confidence
 * features and whether the best extract holds a gold answer — the input of fit.ts.
 * Usage: bun test/eval/dump.ts > /tmp/squad-features.jsonl
 */
import { findFor } from "../../src/engine";
import { setupSquad } from "./squad";
import { normalise } from "./harness";

const setup = await setupSquad();
if (!setup) throw new Error("SQuAD data not found");
try {
  for (const item of setup.items) {
    const found = findFor(setup.ev.store, setup.ev.agent.id, [{ role: "user", content: item.question }]);
    const contains = !!found && item.gold.some((g) => normalise(found.text).includes(g));
    const inPassages = !!found && item.gold.some((g) => found.passages.some((p) => normalise(p.body).includes(g)));
    const row = { title: item.title, group: item.group, contains, inPassages, confidence: found?.confidence ?? 0, features: found?.features ?? null, pair: found?.fromPair ?? false };
    console.log(JSON.stringify(row));
  }
} finally {
  setup.ev.dispose();
}
