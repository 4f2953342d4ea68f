/** `zenith material add|list|remove` */
import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import { ingest, listMaterial, removeMaterial, type IngestInput } from "../engine";
import { requireAgent } from "../admin/agents";
import { CliError } from "../errors";
import { output, parse, positional, required, str, withStore } from "./args";

export const usage = `zenith material add --agent ID (FILE... | --text T [--title T] | --url URL | --qa QUESTION ANSWER)
zenith material list --agent ID
zenith material remove ID`;

const ADD = { agent: { type: "string" }, text: { type: "string" }, title: { type: "string" }, url: { type: "string" }, qa: { type: "string" } } as const;

async function inputsFor(p: ReturnType<typeof parse>): Promise<IngestInput[]> {
  const text = str(p, "text");
  const url = str(p, "url");
  const qa = str(p, "qa");
  const chosen = [text !== undefined, url !== undefined, qa !== undefined, qa === undefined && p.positionals.length > 0].filter(Boolean).length;
  if (chosen !== 1) throw new CliError("give exactly one source: FILE..., --text T, --url URL or --qa QUESTION ANSWER");
  if (text !== undefined) return [{ kind: "text", text, title: str(p, "title") }];
  if (qa !== undefined) {
    if (p.positionals.length !== 1) throw new CliError("--qa takes a question and an answer: --qa QUESTION ANSWER");
    if (!qa.trim() || !p.positionals[0].trim()) throw new CliError("--qa needs a non-empty question and answer");
    return [{ kind: "qa", question: qa, answer: p.positionals[0] }];
  }
  if (url !== undefined) throw new CliError("adding a URL is not supported by this build yet");
  const inputs: IngestInput[] = [];
  for (const file of p.positionals) {
    if (!/\.(txt|md|markdown)$/i.test(file)) throw new CliError(`unsupported file type: ${file} (supported: .txt, .md)`);
    let body: string;
    try {
      body = await readFile(file, "utf8");
    } catch (err) {
      throw new CliError(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
    inputs.push({ kind: "text", text: body, title: str(p, "title") ?? basename(file).replace(/\.[^.]+$/, ""), source: basename(file) });
  }
  return inputs;
}

export async function run(argv: string[]): Promise<void> {
  const [sub, ...rest] = argv;
  if (sub === "add") {
    const p = parse(rest, ADD, Number.MAX_SAFE_INTEGER);
    const agentId = required(p, "agent");
    const inputs = await inputsFor(p);
    const result = await withStore(p, async (s) => {
      requireAgent(s, agentId);
      const ids: string[] = [];
      for (const input of inputs) ids.push(...(await ingest(s, agentId, input)).ids);
      return { ids };
    });
    return output(p, result);
  }
  if (sub === "list") {
    const p = parse(rest, { agent: { type: "string" } });
    const agentId = required(p, "agent");
    return output(p, await withStore(p, (s) => (requireAgent(s, agentId), { material: listMaterial(s, agentId) })));
  }
  if (sub === "remove") {
    const p = parse(rest, {}, 1);
    const id = positional(p, 0, "material id");
    return output(p, await withStore(p, (s) => removeMaterial(s, id)));
  }
  throw new CliError(`unknown material command: ${sub ?? "(none)"}; expected add, list or remove`);
}
