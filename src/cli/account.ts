/** `zenith account create|update` */
import { createAccount, MAX_MONTHLY, MAX_RPM, updateAccount } from "../admin/accounts";
import { CliError } from "../errors";
import { int, oneOf, output, parse, positional, required, str, withStore } from "./args";

export const usage = `zenith account create --name NAME [--rpm N] [--monthly N]
zenith account update ID [--name NAME] [--rpm N] [--monthly N] [--subscription active|past_due]`;

const PLAN = { name: { type: "string" }, rpm: { type: "string" }, monthly: { type: "string" } } as const;

export async function run(argv: string[]): Promise<void> {
  const [sub, ...rest] = argv;
  if (sub === "create") {
    const p = parse(rest, PLAN);
    const input = { name: required(p, "name"), rpm: int(p, "rpm", 1, MAX_RPM), monthly: int(p, "monthly", 0, MAX_MONTHLY) };
    await output(p, await withStore(p, (s) => createAccount(s, input)));
  } else if (sub === "update") {
    const p = parse(rest, { ...PLAN, subscription: { type: "string" } }, 1);
    const id = positional(p, 0, "account id");
    const patch = Object.fromEntries(
      Object.entries({
        name: str(p, "name"),
        rpm: int(p, "rpm", 1, MAX_RPM),
        monthly: int(p, "monthly", 0, MAX_MONTHLY),
        subscription: oneOf(p, "subscription", ["active", "past_due"] as const),
      }).filter(([, v]) => v !== undefined),
    );
    if (patch.name !== undefined && String(patch.name).trim() === "") throw new CliError("--name must not be empty");
    await output(p, await withStore(p, (s) => updateAccount(s, id, patch)));
  } else {
    throw new CliError(`unknown account command: ${sub ?? "(none)"}; expected create or update`);
  }
}
