/**
 * Server configuration: flags > environment > defaults, parsed once at start.
 * Every bad field is reported together, as one line each.
 */
import { CliError } from "./errors";

export interface ServeConfig {
  db: string;
  host: string;
  port: number;
  adminHost: string;
  adminPort: number;
  trustProxy: boolean;
  probeLimit: number;
  probeWindowSeconds: number;
  demo: boolean;
  /** Base URL printed in embed snippets. */
  publicUrl: string | null;
  llm: { baseUrl: string; model: string; apiKey: string | null; timeoutMs: number } | null;
}

export const DEFAULT_PROBE_LIMIT = 20;
export const DEFAULT_PROBE_WINDOW = 60;

type Flags = Record<string, string | boolean | undefined>;

/**
 * Base URL for embed snippets printed by operator commands, which run apart from the server:
 * ZENITH_PUBLIC_URL, else the port the server is told to use (ZENITH_PORT) on localhost.
 */
export function publicBaseUrl(env: NodeJS.ProcessEnv = process.env): string {
  const port = /^[1-9]\d{0,4}$/.test(env.ZENITH_PORT ?? "") ? env.ZENITH_PORT : "8787";
  return env.ZENITH_PUBLIC_URL || `http://localhost:${port}`;
}

export function loadServeConfig(flags: Flags, env: NodeJS.ProcessEnv = process.env): ServeConfig {
  const problems: string[] = [];
  const pick = (flag: string, envName: string, fallback: string): string => {
    const f = flags[flag];
    if (typeof f === "string") return f;
    const e = env[envName];
    return e !== undefined && e !== "" ? e : fallback;
  };
  const integer = (flag: string, envName: string, fallback: number, min: number, max: number): number => {
    const raw = pick(flag, envName, String(fallback));
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || n < min || n > max) {
      problems.push(`--${flag} (or ${envName}) must be a whole number from ${min} to ${max}, got ${JSON.stringify(raw)}`);
      return fallback;
    }
    return n;
  };
  const cfg: ServeConfig = {
    db: pick("db", "ZENITH_DB", "./zenith.db"),
    host: pick("host", "ZENITH_HOST", "0.0.0.0"),
    port: integer("port", "ZENITH_PORT", 8787, 0, 65535),
    adminHost: pick("admin-host", "ZENITH_ADMIN_HOST", "127.0.0.1"),
    adminPort: integer("admin-port", "ZENITH_ADMIN_PORT", 8788, 0, 65535),
    trustProxy: flags["trust-proxy"] === true || env.ZENITH_TRUST_PROXY === "1",
    probeLimit: integer("probe-limit", "ZENITH_PROBE_LIMIT", DEFAULT_PROBE_LIMIT, 1, 1_000_000),
    probeWindowSeconds: integer("probe-window", "ZENITH_PROBE_WINDOW", DEFAULT_PROBE_WINDOW, 1, 86_400),
    demo: flags.demo === true,
    publicUrl: env.ZENITH_PUBLIC_URL || null,
    llm: env.ZENITH_LLM_BASE_URL
      ? { baseUrl: env.ZENITH_LLM_BASE_URL, model: env.ZENITH_LLM_MODEL || "gpt-4o-mini", apiKey: env.ZENITH_LLM_API_KEY || null, timeoutMs: integer("llm-timeout-ms", "ZENITH_LLM_TIMEOUT_MS", 20_000, 100, 600_000) }
      : null,
  };
  if (problems.length) throw new CliError(problems.join("\n"));
  return cfg;
}
