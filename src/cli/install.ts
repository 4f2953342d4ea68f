/** `zenith install create|rotate|revoke`: widget installations and their publishable keys */
import { createInstallation, revokeInstallation, rotateInstallation } from "../admin/keys";
import { publicBaseUrl } from "../config";
import { CliError } from "../errors";
import { output, parse, positional, required, withStore } from "./args";

export const usage = `zenith install create --agent ID --origin ORIGIN [--origin ORIGIN ...]
zenith install rotate ID
zenith install revoke ID`;

export async function run(argv: string[]): Promise<void> {
  const [sub, ...rest] = argv;
  if (sub === "create") {
    const p = parse(rest, { agent: { type: "string" }, origin: { type: "string", multiple: true } });
    const agentId = required(p, "agent");
    const origins = (p.values.origin as string[] | undefined) ?? [];
    return output(p, await withStore(p, (s) => createInstallation(s, agentId, origins, publicBaseUrl())));
  }
  if (sub === "rotate" || sub === "revoke") {
    const p = parse(rest, {}, 1);
    const id = positional(p, 0, "installation id");
    return output(p, await withStore(p, (s) => (sub === "rotate" ? rotateInstallation(s, id, publicBaseUrl()) : revokeInstallation(s, id))));
  }
  throw new CliError(`unknown install command: ${sub ?? "(none)"}; expected create, rotate or revoke`);
}
