/**
 * SQuAD 2.0 as public, real material: every paragraph of the dev half but a seeded tenth
 * is one agent's material; then (a) answerable questions on loaded paragraphs must be
 * answered with a gold answer inside, (b) answerable questions on held-out paragraphs
 * must be declined, (c) SQuAD's own unanswerable questions are reported.
 */
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { answer, findFor, ingest, type IngestInput } from "../../src/engine";
import { fitHalf } from "./split";
import { evalStore, normalise, percentile, rng } from "./harness";

export const SQUAD_PATH = resolve(import.meta.dir, "../../../shared/data/squad2/dev-v2.0.json");
const SEED = 20240601;
const HELD_OUT_SHARE = 0.1;

export interface Item {
  question: string;
  /** The article (SQuAD title) the question is about. */
  title: string;
  gold: string[];
  group: "a" | "b" | "c";
}

export interface SquadResult {
  a: { correct: number; total: number };
  b: { correct: number; total: number; answeredElsewhere: number };
  c: { declined: number; total: number };
  paragraphs: { loaded: number; heldOut: number };
  latency: { p50: number; p99: number };
  /** Confidence of the best extract per item, for threshold sweeps. */
  sweep: { group: Item["group"]; confidence: number; contains: boolean; title: string }[];
  /** (a) and (b) on the half of the articles the confidence model was not fitted on (split.ts). */
  reportHalf: { a: { correct: number; total: number }; b: { correct: number; total: number } };
}

export interface SquadSetup {
  ev: ReturnType<typeof evalStore>;
  items: Item[];
  paragraphs: { loaded: number; heldOut: number };
}

/**
 * The agent with every paragraph but the seeded held-out tenth, and the questions to ask.
 * `holdOut` replaces the held-out choice (the fitting tools hold out other paragraphs to
 * get more examples of uncovered questions; `make eval` always uses the seeded tenth).
 */
export async function setupSquad(path = SQUAD_PATH, holdOut?: (index: number, title: string) => boolean): Promise<SquadSetup | null> {
  if (!existsSync(path)) return null;
  const data = JSON.parse(readFileSync(path, "utf8")) as { data: { title: string; paragraphs: { context: string; qas: { question: string; is_impossible: boolean; answers: { text: string }[] }[] }[] }[] };
  const all = data.data.flatMap((a) => a.paragraphs.map((p) => ({ title: a.title.replace(/_/g, " "), ...p })));
  const random = rng(SEED);
  const order = all.map((p, i) => ({ i, r: random() })).sort((x, y) => x.r - y.r);
  const seeded = new Set(order.slice(0, Math.round(all.length * HELD_OUT_SHARE)).map((o) => o.i));
  const heldOut = holdOut ? new Set(all.flatMap((p, i) => (holdOut(i, p.title) ? [i] : []))) : seeded;
  const ev = evalStore({ name: "SQuAD", persona: "", instructions: "" });
  const inputs: IngestInput[] = all.flatMap((p, i) => (heldOut.has(i) ? [] : [{ kind: "text" as const, text: p.context, title: p.title, source: `${p.title} #${i}` }]));
  await ingest(ev.store, ev.agent.id, inputs);
  const items: Item[] = all.flatMap((p, i) =>
    p.qas.map((q) => ({
      question: q.question,
      title: p.title,
      gold: q.answers.map((a) => normalise(a.text)),
      group: q.is_impossible ? ("c" as const) : heldOut.has(i) ? ("b" as const) : ("a" as const),
    })),
  );
  return { ev, items, paragraphs: { loaded: all.length - heldOut.size, heldOut: heldOut.size } };
}

export async function runSquad(path = SQUAD_PATH): Promise<SquadResult | null> {
  const setup = await setupSquad(path);
  if (!setup) return null;
  const { ev, items, paragraphs } = setup;
  try {
    const result: SquadResult = {
      a: { correct: 0, total: 0 },
      b: { correct: 0, total: 0, answeredElsewhere: 0 },
      c: { declined: 0, total: 0 },
      paragraphs,
      latency: { p50: 0, p99: 0 },
      sweep: [],
      reportHalf: { a: { correct: 0, total: 0 }, b: { correct: 0, total: 0 } },
    };
    const times: number[] = [];
    for (const item of items) {
      const messages = [{ role: "user" as const, content: item.question }];
      const t0 = performance.now();
      const reply = await answer(ev.store, ev.agent, messages);
      times.push(performance.now() - t0);
      const contains = item.gold.some((g) => normalise(reply.content).includes(g));
      const half = result.reportHalf;
      if (!fitHalf(item.title) && item.group === "a") {
        half.a.total++;
        if (reply.covered && contains) half.a.correct++;
      } else if (!fitHalf(item.title) && item.group === "b") {
        half.b.total++;
        if (!reply.covered) half.b.correct++;
      }
      if (item.group === "a") {
        result.a.total++;
        if (reply.covered && contains) result.a.correct++;
      } else if (item.group === "b") {
        result.b.total++;
        if (!reply.covered) result.b.correct++;
        // SQuAD's paragraphs overlap: another paragraph of the article may hold the answer.
        else if (contains) result.b.answeredElsewhere++;
      } else {
        result.c.total++;
        if (!reply.covered) result.c.declined++;
      }
      const found = findFor(ev.store, ev.agent.id, messages);
      result.sweep.push({ group: item.group, confidence: found?.confidence ?? 0, contains: !!found && item.gold.some((g) => normalise(found.text).includes(g)), title: item.title });
    }
    times.sort((x, y) => x - y);
    result.latency = { p50: percentile(times, 50), p99: percentile(times, 99) };
    return result;
  } finally {
    ev.dispose();
  }
}
