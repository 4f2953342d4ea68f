/** Question/answer pairs: one at a time, or a CSV or JSON file of them. */
import Papa from "papaparse";
import { CliError } from "../../errors";
import { makeDoc, type Doc } from "./document";

/** One pair as a document: the question is its title, the answer its only passage. */
export function qaDoc(question: string, answer: string, source: string | null = null): Doc {
  const q = question.replace(/\s+/g, " ").trim();
  const a = answer.trim();
  if (!q || !a) throw new CliError("a question/answer pair needs a non-empty question and answer");
  return makeDoc("qa", q, source, a, [{ title: q, body: a }]);
}

const Q_KEYS = ["question", "q", "questions", "prompt"];
const A_KEYS = ["answer", "a", "answers", "response"];

/** The row's value under one of the keys; a number is an answer too ({"answer": 42}). */
function pick(row: Record<string, unknown>, keys: string[]): string | undefined {
  for (const [k, v] of Object.entries(row))
    if (keys.includes(k.trim().toLowerCase()) && (typeof v === "string" || (typeof v === "number" && Number.isFinite(v)))) return String(v);
  return undefined;
}

function pairs(rows: Record<string, unknown>[], source: string): Doc[] {
  if (!rows.length) throw new CliError(`${source} has no question/answer pairs`);
  return rows.map((row, i) => {
    const q = pick(row, Q_KEYS);
    const a = pick(row, A_KEYS);
    if (!q?.trim() || !a?.trim()) throw new CliError(`${source}: entry ${i + 1} needs a non-empty "question" and "answer"`);
    return qaDoc(q, a, source);
  });
}

/** CSV with a header row naming "question" and "answer" columns. */
export function qaDocsFromCsv(text: string, source: string): Doc[] {
  const parsed = Papa.parse<Record<string, unknown>>(text.trim(), { header: true, skipEmptyLines: "greedy" });
  const fields = (parsed.meta.fields ?? []).map((f) => f.trim().toLowerCase());
  if (!fields.some((f) => Q_KEYS.includes(f)) || !fields.some((f) => A_KEYS.includes(f)))
    throw new CliError(`${source}: the CSV needs a header row with "question" and "answer" columns`);
  const bad = parsed.errors.find((e) => e.type !== "FieldMismatch" || e.code !== "TooFewFields");
  if (bad) throw new CliError(`${source}: CSV row ${(bad.row ?? 0) + 2}: ${bad.message}`);
  return pairs(parsed.data, source);
}

/** JSON: an array of {"question","answer"} objects (or {"pairs":[...]}). */
export function qaDocsFromJson(text: string, source: string): Doc[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new CliError(`${source} is not valid JSON: ${(err as Error).message}`);
  }
  const list = Array.isArray(data) ? data : (data as { pairs?: unknown })?.pairs;
  if (!Array.isArray(list) || list.some((x) => !x || typeof x !== "object"))
    throw new CliError(`${source}: expected an array of {"question", "answer"} objects`);
  return pairs(list as Record<string, unknown>[], source);
}
