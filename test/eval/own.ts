/**
 * The project's own evaluation: a help centre (orders, shipping, refunds, accounts,
 * pricing) in Markdown, HTML, text, PDF, DOCX and Q&A files, and questions with the facts
 * a correct answer must hold, questions it must decline, and follow-ups with history.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { answer, findFor, ingest, type IngestInput } from "../../src/engine";
import type { ChatMessage } from "../../src/types";
import { makeDocx, makePdf } from "../support/documents";
import { evalStore, normalise, percentile } from "./harness";

/** A help centre and its questions. */
export interface HelpCentreSet {
  dir: string;
  questions: string;
  name: string;
  persona: string;
}

/** The test set: what `make eval` reports. Never used to fit or to choose anything. */
export const TEST_SET: HelpCentreSet = {
  dir: resolve(import.meta.dir, "help-centre"),
  questions: resolve(import.meta.dir, "questions.json"),
  name: "Brightcart Help",
  persona: "A friendly support assistant for Brightcart, an online home-goods store.",
};

/** The development set (test/eval/dev-set.md): written apart from the test set, used only for fitting. */
export const DEV_SET: HelpCentreSet = {
  dir: resolve(import.meta.dir, "dev-centre"),
  questions: resolve(import.meta.dir, "dev-questions.json"),
  name: "Lumen Notes Help",
  persona: "A friendly support assistant for Lumen Notes, a note-taking and team wiki app.",
};

export interface EvalQuestion {
  q: string;
  history?: string[];
  /** Every fact must appear in the answer ("a|b": either). */
  facts?: string[];
  decline?: boolean;
}

/** Wraps text into lines of about 90 characters, as a PDF page would lay it out. */
function wrap(text: string): string[] {
  const out: string[] = [];
  for (const para of text.split(/\n\s*\n/)) {
    let line = "";
    for (const w of para.replace(/\s+/g, " ").trim().split(" ")) {
      if (line && line.length + w.length > 90) {
        out.push(line);
        line = "";
      }
      line = line ? `${line} ${w}` : w;
    }
    out.push(line, "");
  }
  return out;
}

/** The help centre as ingest inputs; *.pdf.txt and *.docx.txt are turned into real PDF/DOCX bytes. */
export async function helpCentreInputs(dir: string): Promise<IngestInput[]> {
  const inputs: IngestInput[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (name.endsWith(".pdf.txt")) inputs.push({ kind: "bytes", name: name.replace(/\.txt$/, ""), bytes: makePdf(wrap(readFileSync(path, "utf8"))) });
    else if (name.endsWith(".docx.txt")) {
      const blocks = readFileSync(path, "utf8").split(/\n\s*\n/).map((b) => b.trim()).filter(Boolean)
        .map((b) => (b.startsWith("## ") ? { heading: b.slice(3), level: 2 as const } : b.startsWith("# ") ? { heading: b.slice(2), level: 1 as const } : b));
      inputs.push({ kind: "bytes", name: name.replace(/\.txt$/, ""), bytes: await makeDocx(blocks) });
    } else inputs.push({ kind: "file", path });
  }
  return inputs;
}

export function loadQuestions(file: string): EvalQuestion[] {
  return JSON.parse(readFileSync(file, "utf8"));
}

/** An agent with the set's help centre loaded. */
export async function helpCentreStore(set: HelpCentreSet) {
  const ev = evalStore({ name: set.name, persona: set.persona, instructions: "Answer from the help centre only." });
  const inputs = await helpCentreInputs(set.dir);
  await ingest(ev.store, ev.agent.id, inputs);
  return { ev, pages: inputs.length };
}

export function messagesOf(q: EvalQuestion): ChatMessage[] {
  const history = (q.history ?? []).map((content, i) => ({ role: i % 2 ? ("assistant" as const) : ("user" as const), content }));
  return [...history, { role: "user", content: q.q }];
}

export function hasFacts(text: string, facts: string[]): boolean {
  const t = normalise(text);
  return facts.every((f) => f.split("|").some((alt) => t.includes(normalise(alt))));
}

export interface OwnResult {
  answerable: { correct: number; total: number };
  declinable: { correct: number; total: number };
  followUps: { correct: number; total: number };
  latency: { p50: number; p99: number };
  failures: string[];
  sweep: { decline: boolean; confidence: number; right: boolean }[];
  pages: number;
}

export async function runOwn(set = TEST_SET): Promise<OwnResult> {
  const { ev, pages } = await helpCentreStore(set);
  try {
    const result: OwnResult = {
      answerable: { correct: 0, total: 0 },
      declinable: { correct: 0, total: 0 },
      followUps: { correct: 0, total: 0 },
      latency: { p50: 0, p99: 0 },
      failures: [],
      sweep: [],
      pages,
    };
    const times: number[] = [];
    for (const q of loadQuestions(set.questions)) {
      const messages = messagesOf(q);
      const t0 = performance.now();
      const reply = await answer(ev.store, ev.agent, messages);
      times.push(performance.now() - t0);
      const ok = q.decline ? !reply.covered : reply.covered && hasFacts(reply.content, q.facts ?? []);
      const bucket = q.decline ? result.declinable : result.answerable;
      bucket.total++;
      if (ok) bucket.correct++;
      if (q.history) {
        result.followUps.total++;
        if (ok) result.followUps.correct++;
      }
      if (!ok) result.failures.push(`${q.decline ? "should decline" : "should answer"}: ${q.q} → ${reply.content.slice(0, 140).replace(/\n/g, " ")}`);
      const found = findFor(ev.store, ev.agent.id, messages);
      result.sweep.push({ decline: !!q.decline, confidence: found?.confidence ?? 0, right: !!found && !q.decline && hasFacts(found.text, q.facts ?? []) });
    }
    times.sort((a, b) => a - b);
    result.latency = { p50: percentile(times, 50), p99: percentile(times, 99) };
    return result;
  } finally {
    ev.dispose();
  }
}
