/** Helpers for the engine's tests through the built binary. */
import { BINARY, type CliResult } from "../support/binary";

/** Like support's `zenith`, but without blocking the event loop (a test server may need to answer). */
export async function zenithAsync(db: string, args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  const proc = Bun.spawn([BINARY, ...args, "--db", db], { env: { ...process.env, ...env }, stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  let json: any;
  try {
    json = JSON.parse(stdout);
  } catch {
    json = undefined;
  }
  return { code, stdout, stderr, json };
}

/** Asks the server one conversation with the secret key; returns the answer text and usage. */
export async function ask(url: string, key: string, ...texts: string[]): Promise<{ content: string; usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number } }> {
  const offset = texts.length % 2 === 1 ? 0 : 1;
  const messages = texts.map((content, i) => ({ role: (i + offset) % 2 === 0 ? "user" : "assistant", content }));
  const res = await fetch(`${url}/v1/chat/completions`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ model: "service-zenith", messages }),
  });
  if (res.status !== 200) throw new Error(`chat answered ${res.status}: ${await res.text()}`);
  const body = await res.json();
  return { content: body.choices[0].message.content, usage: body.usage };
}
