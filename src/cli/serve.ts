/** `zenith serve`: parses its flags and hands a ServeConfig to the server. */
import { loadServeConfig } from "../config";
import { serve } from "../server/serve";
import { parse } from "./args";

export const usage = `zenith serve [--db PATH] [--host H] [--port P] [--admin-host H] [--admin-port P]
             [--trust-proxy] [--probe-limit N] [--probe-window S] [--demo]`;

export async function run(argv: string[]): Promise<void> {
  const p = parse(argv, {
    host: { type: "string" },
    port: { type: "string" },
    "admin-host": { type: "string" },
    "admin-port": { type: "string" },
    "trust-proxy": { type: "boolean" },
    "probe-limit": { type: "string" },
    "probe-window": { type: "string" },
    demo: { type: "boolean" },
  });
  await serve(loadServeConfig(p.values as Record<string, string | boolean | undefined>));
}
