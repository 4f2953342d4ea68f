/**
 * Bench stores, built the way an operator builds one: an account with limits far above
 * the load, an agent, a secret key, and the corpus added with `zenith material add
 * FILE...` (the real ingestion path, so the indexing rate is the product's own).
 */
import { Database } from "bun:sqlite";
import { existsSync, mkdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { BINARY, cli } from "./processes";
import { writeCorpus } from "./corpus";

export interface BenchStore {
  label: string;
  db: string;
  agent: string;
  key: string;
  passages: number;
  rawBytes: number;
  storeBytes: number;
  ingestSeconds: number;
  questions: string[][];
}

/** Keeps each file under the material size limit (2,000,000 characters). */
const PER_FILE = 2_000;
const UNLIMITED = "1000000000";

/** Passages as the engine stored them (its splitter decides, not the corpus files). */
function countPassages(db: string, agent: string): number {
  const sqlite = new Database(db, { readonly: true });
  try {
    return sqlite.query<{ n: number }, [string]>("SELECT count(*) AS n FROM passages WHERE agent_id = ?").get(agent)!.n;
  } finally {
    sqlite.close();
  }
}

function fileBytes(path: string): number {
  return existsSync(path) ? statSync(path).size : 0;
}

export async function buildStore(workDir: string, label: string, count: number, seed: number): Promise<BenchStore> {
  const dir = join(workDir, label);
  mkdirSync(dir, { recursive: true });
  const db = join(dir, "zenith.db");
  const account = cli(db, ["account", "create", "--name", `Bench ${label}`, "--rpm", UNLIMITED, "--monthly", UNLIMITED]).id;
  const agent = cli(db, ["agent", "create", "--account", account, "--name", `Bench ${label}`]).id;
  const key = cli(db, ["key", "create", "--agent", agent]).key;
  const corpus = await writeCorpus(dir, count, PER_FILE, seed);

  const started = performance.now();
  const add = Bun.spawnSync([BINARY, "material", "add", "--agent", agent, ...corpus.files, "--db", db, "--json"], { stdout: "pipe", stderr: "pipe" });
  const ingestSeconds = (performance.now() - started) / 1000;
  if (add.exitCode !== 0) throw new Error(`material add failed: ${add.stderr.toString()}`);

  const passages = countPassages(db, agent);
  return {
    label,
    db,
    agent,
    key,
    passages,
    rawBytes: corpus.rawBytes,
    storeBytes: fileBytes(db) + fileBytes(`${db}-wal`),
    ingestSeconds,
    questions: corpus.questions,
  };
}
