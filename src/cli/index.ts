/** Dispatch of `zenith <command>`: one module per command, each with `run` and `usage`. */
import { CliError } from "../errors";
import { print } from "./args";
import * as account from "./account";
import * as agent from "./agent";
import * as key from "./key";
import * as install from "./install";
import * as material from "./material";
import * as log from "./log";
import * as backup from "./backup";
import * as serve from "./serve";
import * as admin from "./admin";
import pkg from "../../package.json";

interface Command {
  run(argv: string[]): Promise<void>;
  usage: string;
}

export const COMMANDS: Record<string, Command> = { serve, account, agent, key, install, material, log, backup, admin };

export const VERSION = pkg.version;

export function helpText(): string {
  return `Zenith ${VERSION}: a self-hosted question-answering service in one binary.

Usage:
${Object.values(COMMANDS).map((c) => c.usage).join("\n")}
zenith --help | --version

Every command takes --db PATH (default ./zenith.db, or ZENITH_DB). Admin commands take
--json to print exactly one JSON object. Environment for serve: ZENITH_HOST, ZENITH_PORT,
ZENITH_ADMIN_HOST, ZENITH_ADMIN_PORT, ZENITH_TRUST_PROXY=1, ZENITH_PROBE_LIMIT,
ZENITH_PROBE_WINDOW, ZENITH_PUBLIC_URL (base address used in embed snippets),
ZENITH_LLM_BASE_URL / ZENITH_LLM_MODEL / ZENITH_LLM_API_KEY (optional generator).
`;
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  try {
    if (!name || name === "--help" || name === "-h" || name === "help") {
      await print(helpText());
      return name ? 0 : 2;
    }
    if (name === "--version" || name === "-v" || name === "version") {
      await print(`zenith ${VERSION}\n`);
      return 0;
    }
    const command = COMMANDS[name];
    if (!command) throw new CliError(`unknown command: ${name} (see zenith --help)`);
    if (rest.includes("--help") || rest.includes("-h")) {
      await print(command.usage + "\n");
      return 0;
    }
    await command.run(rest);
    return 0;
  } catch (err) {
    if (err instanceof CliError) {
      process.stderr.write(`Error: ${err.message.split("\n").join("\nError: ")}\n`);
      return 1;
    }
    process.stderr.write(`Error: unexpected failure: ${(err as Error)?.message ?? String(err)}\n`);
    return 1;
  }
}
