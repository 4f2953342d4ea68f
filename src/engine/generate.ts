/**
 * The optional generator: an OpenAI-compatible upstream phrases the answer from the
 * retrieved passages, in the agent's persona, with the conversation. Any failure (network,
 * status, timeout, empty or malformed reply) returns null and the extract is used instead.
 * Citation marks and source lists are removed from whatever comes back.
 */
import type { AgentProfile, ChatMessage } from "../types";
import type { Candidate } from "./retrieve";
import { plain, stripCitations } from "./text/plain";

export interface GeneratorConfig {
  baseUrl: string;
  model: string;
  apiKey: string | null;
  timeoutMs?: number;
}

export const DEFAULT_TIMEOUT_MS = 20_000;
/** The upstream says this when the passages do not answer; the engine then declines. */
export const NOT_COVERED = "NOT_COVERED";

let configured: GeneratorConfig | null = null;

/** Set once at start from the server configuration (null: extractive only). */
export function configureGenerator(cfg: GeneratorConfig | null): void {
  configured = cfg;
}

export function generatorConfig(): GeneratorConfig | null {
  return configured;
}

function systemPrompt(agent: AgentProfile, passages: Candidate[]): string {
  return [
    `You are ${agent.name}.`,
    agent.persona ? `Persona: ${agent.persona}` : null,
    agent.instructions ? `Instructions from the owner: ${agent.instructions}` : null,
    "Answer the visitor's last question using only the passages below. Be short and direct.",
    `If the passages do not contain the answer, reply with exactly ${NOT_COVERED}.`,
    "Never mention the passages, never cite sources, never add reference marks or a source list.",
    "",
    ...passages.map((p, i) => `Passage ${i + 1} (${p.title}):\n${plain(p.body)}`),
  ]
    .filter((l): l is string => l !== null)
    .join("\n");
}

/** The upstream's answer: text, NOT_COVERED (declined), or null when it could not be used. */
export async function generate(cfg: GeneratorConfig, agent: AgentProfile, messages: ChatMessage[], passages: Candidate[]): Promise<string | null> {
  const url = `${cfg.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  const body = {
    model: cfg.model,
    messages: [{ role: "system", content: systemPrompt(agent, passages) }, ...messages.map((m) => ({ role: m.role, content: m.content }))],
    temperature: 0.2,
    stream: false,
  };
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", ...(cfg.apiKey ? { authorization: `Bearer ${cfg.apiKey}` } : {}) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(cfg.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
    if (!res.ok) return null;
    const data = (await res.json()) as { choices?: { message?: { content?: unknown } }[] };
    const content = data.choices?.[0]?.message?.content;
    if (typeof content !== "string") return null;
    const cleaned = stripCitations(content);
    if (!cleaned) return null;
    return cleaned.includes(NOT_COVERED) ? NOT_COVERED : cleaned;
  } catch {
    return null;
  }
}
