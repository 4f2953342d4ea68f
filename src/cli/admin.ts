/** `zenith admin reset-password`: replaces the dashboard's admin password and signs everyone out. */
import { resetAdminPassword } from "../admin/credential";
import { CliError } from "../errors";
import { output, parse, withStore } from "./args";

export const usage = `zenith admin reset-password   (prints a new dashboard password once; signs every session out)`;

export async function run(argv: string[]): Promise<void> {
  const [sub, ...rest] = argv;
  if (sub === "reset-password") {
    const p = parse(rest, {});
    return output(p, await withStore(p, (s) => ({ admin_password: resetAdminPassword(s) }), { existing: true }));
  }
  throw new CliError(`unknown admin command: ${sub ?? "(none)"}; expected reset-password`);
}
