/**
 * Writes dist/assets/o200k.bin, the compact o200k vocabulary the binary embeds for usage
 * counting (src/engine/tokens/vocab.ts holds the format), from gpt-tokenizer's own ranks so
 * the counts stay exactly those of the real encoding. gpt-tokenizer is needed only here and
 * in the tests, never at run time.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import ranks from "gpt-tokenizer/bpeRanks/o200k_base";
import { encodeVocabulary } from "../src/engine/tokens/vocab";

const out = "dist/assets/o200k.bin";

const encoder = new TextEncoder();
const tokens: Uint8Array[] = [];
const seen = new Set<string>();
for (let rank = 0; rank < ranks.length; rank++) {
  const value = ranks[rank];
  if (value === undefined) throw new Error(`rank ${rank} is a hole: the format assumes dense ranks`);
  // A string token must round-trip through UTF-8, or its bytes would not be the token's.
  if (typeof value === "string" && !value.isWellFormed()) throw new Error(`rank ${rank} is not well-formed text`);
  const bytes = typeof value === "string" ? encoder.encode(value) : Uint8Array.from(value);
  const key = Buffer.from(bytes).toString("latin1");
  if (seen.has(key)) throw new Error(`rank ${rank} repeats an earlier token: merge order would be ambiguous`);
  seen.add(key);
  tokens.push(bytes);
}
// Every byte must be a token of its own so any text can be encoded.
for (let byte = 0; byte < 256; byte++) {
  if (!seen.has(String.fromCharCode(byte))) throw new Error(`byte ${byte} is not a token`);
}

mkdirSync("dist/assets", { recursive: true });
const file = encodeVocabulary(tokens);
writeFileSync(out, file);
console.log(`${out}: ${tokens.length} tokens, ${file.length} bytes`);
