/** `zenith key create|rotate|revoke` (secret keys; publishable keys live on installations) */
import { createSecretKey, revokeSecretKey, rotateSecretKey } from "../admin/keys";
import { CliError } from "../errors";
import { output, parse, positional, required, withStore } from "./args";

export const usage = `zenith key create --agent ID
zenith key rotate ID
zenith key revoke ID`;

export async function run(argv: string[]): Promise<void> {
  const [sub, ...rest] = argv;
  if (sub === "create") {
    const p = parse(rest, { agent: { type: "string" } });
    const agentId = required(p, "agent");
    return output(p, await withStore(p, (s) => createSecretKey(s, agentId)));
  }
  if (sub === "rotate" || sub === "revoke") {
    const p = parse(rest, {}, 1);
    const id = positional(p, 0, "key id");
    return output(p, await withStore(p, (s) => (sub === "rotate" ? rotateSecretKey(s, id) : revokeSecretKey(s, id))));
  }
  throw new CliError(`unknown key command: ${sub ?? "(none)"}; expected create, rotate or revoke`);
}
