/**
 * Usage counting with the real o200k BPE. The vocabulary is a compact binary embedded in the
 * executable (scripts/build-tokenizer.ts writes it from gpt-tokenizer's ranks); decoding it
 * into a lookup takes milliseconds and a few MiB, so start-up can await it. It loads once,
 * in the background from start-up, never per request.
 */
import { o200kVocabulary } from "../embedded";
import { TokenCounter } from "./tokens/count";
import { Vocabulary } from "./tokens/vocab";

type Counter = (text: string) => number;

let counter: Promise<Counter> | null = null;

export function loadTokenizer(): Promise<Counter> {
  counter ??= o200kVocabulary().then((file) => {
    const tokens = new TokenCounter(new Vocabulary(file));
    return (text: string) => tokens.count(text);
  });
  return counter;
}

/** The o200k token count of text, special-token strings such as "<|endoftext|>" counted as plain text. */
export async function countTokens(text: string): Promise<number> {
  return (await loadTokenizer())(text);
}
