/** `zenith backup --out FILE`: an online, consistent copy (VACUUM INTO runs in one read transaction). */
import { existsSync } from "node:fs";
import { CliError } from "../errors";
import { output, parse, required, withStore } from "./args";

export const usage = `zenith backup --out FILE`;

export async function run(argv: string[]): Promise<void> {
  const p = parse(argv, { out: { type: "string" } });
  const out = required(p, "out");
  if (existsSync(out)) throw new CliError(`refusing to overwrite ${out}: choose a new file`);
  const result = await withStore(p, (s) => {
    try {
      s.sqlite.run("VACUUM INTO ?", [out]);
    } catch (err) {
      throw new CliError(`backup failed: ${(err as Error).message}`);
    }
    return { out };
  }, { existing: true });
  await output(p, result);
}
