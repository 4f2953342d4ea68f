/** `zenith agent create|update|activate|deactivate|delete` */
import { createAgent, deleteAgent, updateAgent } from "../admin/agents";
import { CliError } from "../errors";
import { output, parse, positional, required, str, withStore } from "./args";

export const usage = `zenith agent create --account ID --name NAME [--persona T] [--instructions T]
zenith agent update ID [--name T] [--persona T] [--instructions T] [--accent-color #RRGGBB] [--welcome T]
zenith agent deactivate ID | activate ID | delete ID`;

const TEXT = { name: { type: "string" }, persona: { type: "string" }, instructions: { type: "string" } } as const;

export async function run(argv: string[]): Promise<void> {
  const [sub, ...rest] = argv;
  switch (sub) {
    case "create": {
      const p = parse(rest, { ...TEXT, account: { type: "string" } });
      const input = { accountId: required(p, "account"), name: required(p, "name"), persona: str(p, "persona"), instructions: str(p, "instructions") };
      return output(p, await withStore(p, (s) => createAgent(s, input)));
    }
    case "update": {
      const p = parse(rest, { ...TEXT, "accent-color": { type: "string" }, welcome: { type: "string" } }, 1);
      const id = positional(p, 0, "agent id");
      const accent = str(p, "accent-color");
      if (accent !== undefined && !/^#[0-9a-fA-F]{6}$/.test(accent))
        throw new CliError(`--accent-color must look like #RRGGBB, got ${JSON.stringify(accent)}`);
      const name = str(p, "name");
      if (name !== undefined && name.trim() === "") throw new CliError("--name must not be empty");
      const patch = Object.fromEntries(
        Object.entries({ name, persona: str(p, "persona"), instructions: str(p, "instructions"), accentColor: accent?.toLowerCase(), welcome: str(p, "welcome") }).filter(([, v]) => v !== undefined),
      );
      return output(p, await withStore(p, (s) => updateAgent(s, id, patch)));
    }
    case "activate":
    case "deactivate": {
      const p = parse(rest, {}, 1);
      const id = positional(p, 0, "agent id");
      const state = sub === "activate" ? "active" : "inactive";
      return output(p, await withStore(p, (s) => updateAgent(s, id, { state })));
    }
    case "delete": {
      const p = parse(rest, {}, 1);
      const id = positional(p, 0, "agent id");
      return output(p, await withStore(p, (s) => deleteAgent(s, id)));
    }
    default:
      throw new CliError(`unknown agent command: ${sub ?? "(none)"}; expected create, update, activate, deactivate or delete`);
  }
}
