/** `zenith material add|list|remove` */
import { addDocs, listMaterial, readInput, removeMaterial, SUPPORTED_FILE_TYPES, DEFAULT_MAX_PAGES, type IngestInput } from "../engine";
import { requireAgent } from "../admin/agents";
import { CliError } from "../errors";
import { int, output, parse, positional, required, str, withStore } from "./args";

export const usage = `zenith material add --agent ID (FILE... | --text T [--title T] | --url URL [--max-pages N] | --qa QUESTION ANSWER)
    FILE: ${SUPPORTED_FILE_TYPES.join(" ")} (.csv/.json hold question/answer pairs)
    --url fetches the page and the pages under its path it links to (or every page of a sitemap), at most --max-pages (default ${DEFAULT_MAX_PAGES}), skipping what robots.txt disallows
zenith material list --agent ID
zenith material remove ID`;

const ADD = {
  agent: { type: "string" },
  text: { type: "string" },
  title: { type: "string" },
  url: { type: "string" },
  "max-pages": { type: "string" },
  qa: { type: "string" },
} as const;

function inputsFor(p: ReturnType<typeof parse>): IngestInput[] {
  const text = str(p, "text");
  const url = str(p, "url");
  const qa = str(p, "qa");
  const title = str(p, "title");
  const chosen = [text !== undefined, url !== undefined, qa !== undefined, qa === undefined && p.positionals.length > 0].filter(Boolean).length;
  if (chosen !== 1) throw new CliError("give exactly one source: FILE..., --text T, --url URL or --qa QUESTION ANSWER");
  if (str(p, "max-pages") !== undefined && url === undefined) throw new CliError("--max-pages only applies to --url");
  if (title !== undefined && (url !== undefined || qa !== undefined || p.positionals.length > 1))
    throw new CliError("--title applies to --text or a single FILE");
  if (text !== undefined) {
    if (!text.trim()) throw new CliError("--text is empty: nothing to add");
    return [{ kind: "text", text, title }];
  }
  if (qa !== undefined) {
    if (p.positionals.length !== 1) throw new CliError("--qa takes a question and an answer: --qa QUESTION ANSWER");
    if (!qa.trim() || !p.positionals[0].trim()) throw new CliError("--qa needs a non-empty question and answer");
    return [{ kind: "qa", question: qa, answer: p.positionals[0] }];
  }
  if (url !== undefined) return [{ kind: "url", url, maxPages: int(p, "max-pages", 1) ?? DEFAULT_MAX_PAGES }];
  return p.positionals.map((path) => ({ kind: "file" as const, path, title }));
}

export async function run(argv: string[]): Promise<void> {
  const [sub, ...rest] = argv;
  if (sub === "add") {
    const p = parse(rest, ADD, Number.MAX_SAFE_INTEGER);
    const agentId = required(p, "agent");
    const inputs = inputsFor(p);
    // Local files are read first (a missing file is the error to report); a site is only
    // crawled once the agent is known to exist.
    if (inputs.some((i) => i.kind === "url")) await withStore(p, (s) => requireAgent(s, agentId));
    const docs = (await Promise.all(inputs.map(readInput))).flat();
    return output(p, await withStore(p, (s) => ({ ids: addDocs(s, agentId, docs) })));
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
