/** `zenith log --agent ID [--session S]` */
import { readLog } from "../admin/chat-log";
import { output, parse, required, str, withStore } from "./args";

export const usage = `zenith log --agent ID [--session S]`;

export async function run(argv: string[]): Promise<void> {
  const p = parse(argv, { agent: { type: "string" }, session: { type: "string" } });
  const filter = { agentId: required(p, "agent"), session: str(p, "session") };
  await output(p, await withStore(p, (s) => readLog(s, filter)));
}
