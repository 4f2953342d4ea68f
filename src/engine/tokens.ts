/**
 * Usage counting with the real o200k BPE (gpt-tokenizer). The encoder's tables take about a
 * second to load, so they load once, in the background from start-up, never per request.
 */
type Counter = (text: string) => number;

let counter: Promise<Counter> | null = null;

export function loadTokenizer(): Promise<Counter> {
  counter ??= import("gpt-tokenizer/encoding/o200k_base").then((m) => (text: string) => m.countTokens(text));
  return counter;
}

export async function countTokens(text: string): Promise<number> {
  return (await loadTokenizer())(text);
}
