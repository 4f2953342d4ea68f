/** Shared pieces of the operator commands: flag parsing, value checks, output. */
import { settleJournal } from "../api/chat/journal-writer";
import { parseArgs, type ParseArgsConfig } from "node:util";
import { existsSync, rmSync } from "node:fs";
import { CliError } from "../errors";
import { openStore, type Store } from "../store/db";
import { journalPath } from "../store/exchange-journal";

export type Options = NonNullable<ParseArgsConfig["options"]>;

/** Flags every admin command takes. */
export const COMMON: Options = {
  db: { type: "string" },
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
};

export interface Parsed {
  values: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
}

/** A flag given twice (unless it takes several, like --origin) would silently keep only its last value ("--text a --text b" added "b"). */
type Token = { kind: string; name?: string };
function refuseRepeats(tokens: Token[], options: Options): void {
  const seen = new Set<string>();
  for (const t of tokens) {
    if (t.kind !== "option" || !t.name || options[t.name]?.multiple) continue;
    if (seen.has(t.name)) throw new CliError(`--${t.name} is given more than once (one value per command)`);
    seen.add(t.name);
  }
}

/** Parses strictly: an unknown flag or a missing value is a one-line error, never a trace. */
export function parse(argv: string[], options: Options, positionals = 0): Parsed {
  let parsed: Parsed & { tokens: Token[] };
  try {
    parsed = parseArgs({ args: argv, options: { ...COMMON, ...options }, allowPositionals: true, strict: true, tokens: true }) as Parsed & { tokens: Token[] };
  } catch (err) {
    // Node's messages run on with advice about "--"; the first sentence is the useful part,
    // and a flag left without its value is said plainly ("--rpm -5" reads as two flags).
    const first = (err as Error).message.split("\n")[0].replace(/^TypeError \[[A-Z_]+\]: /, "");
    const valueless = /^Option '(--[\w-]+)(?: <value>)?' argument (?:is ambiguous|missing)/.exec(first);
    if (valueless) throw new CliError(`${valueless[1]} needs a value (one that starts with "-" is written ${valueless[1]}=VALUE)`);
    throw new CliError(first.replace(/^(Unknown option '[^']*')\..*$/, "$1 (see zenith --help)"));
  }
  refuseRepeats(parsed.tokens, options);
  if (parsed.positionals.length > positionals)
    throw new CliError(`unexpected argument: ${parsed.positionals[positionals]}`);
  return parsed;
}

export function str(p: Parsed, name: string): string | undefined {
  const v = p.values[name];
  return typeof v === "string" ? v : undefined;
}

export function required(p: Parsed, name: string): string {
  const v = str(p, name);
  if (v === undefined || v.trim() === "") throw new CliError(`--${name} is required`);
  return v;
}

export function positional(p: Parsed, index: number, what: string): string {
  const v = p.positionals[index];
  if (!v) throw new CliError(`missing ${what}`);
  return v;
}

export function int(p: Parsed, name: string, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  const v = str(p, name);
  if (v === undefined) return undefined;
  if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > max)
    throw new CliError(`--${name} must be a whole number from ${min} to ${max.toLocaleString("en")}, got ${JSON.stringify(v)}`);
  return Number(v);
}

export function oneOf<T extends string>(p: Parsed, name: string, choices: readonly T[]): T | undefined {
  const v = str(p, name);
  if (v === undefined) return undefined;
  if (!choices.includes(v as T)) throw new CliError(`--${name} must be one of ${choices.join(", ")}, got ${JSON.stringify(v)}`);
  return v as T;
}

export function dbPath(p: Parsed): string {
  return str(p, "db") ?? process.env.ZENITH_DB ?? "./zenith.db";
}

/** The files a store is made of: the database, SQLite's WAL and shared memory, the exchange journal. */
const storeFiles = (path: string) => [path, `${path}-wal`, `${path}-shm`, journalPath(path)];

/**
 * Opens the store for an operator command: every commit is durable before we report it.
 * `existing`: the command makes no sense on a new store (resetting a password, a backup), so
 * a path with no store is refused rather than created. A command that fails on a store it
 * has just created removes it again: a mistyped --db leaves no empty store behind.
 */
export async function withStore<T>(p: Parsed, fn: (store: Store) => T | Promise<T>, opts: { existing?: boolean } = {}): Promise<T> {
  const path = dbPath(p);
  const fresh = !existsSync(path);
  if (fresh && opts.existing) throw new CliError(`no store at ${path} (check --db or ZENITH_DB)`);
  let store: Store;
  try {
    store = openStore(path, { synchronous: "full" });
  } catch (err) {
    throw new CliError(`cannot open store ${path}: ${(err as Error).message}`);
  }
  let failed = true;
  try {
    // Answers a running (or killed) server recorded in its journal belong in what we read.
    try {
      settleJournal(store);
    } catch (err) {
      throw new CliError(`cannot apply the exchange journal of ${path}: ${(err as Error).message}`);
    }
    const result = await fn(store);
    failed = false;
    return result;
  } finally {
    store.close();
    if (failed && fresh) for (const file of storeFiles(path)) rmSync(file, { force: true });
  }
}

/**
 * Writes to standard output and waits until it is written. The process exits as soon as a
 * command returns, and a pipe takes 64 KiB at a time: process.stdout.write would leave the
 * rest unwritten (`material list --json | jq` read a cut-off object).
 */
export async function print(text: string): Promise<void> {
  try {
    await Bun.write(Bun.stdout, text);
  } catch (err) {
    // The reader went away (`| head`): what it did not read is not ours to report.
    if ((err as NodeJS.ErrnoException).code !== "EPIPE") throw err;
  }
}

/** Prints a result: one JSON object with --json, readable lines otherwise. */
export async function output(p: Parsed, result: object): Promise<void> {
  if (p.values.json) return print(JSON.stringify(result) + "\n");
  await print(Object.entries(result).map(([k, v]) => `${k}: ${typeof v === "string" ? v : JSON.stringify(v, null, 2)}\n`).join(""));
}
