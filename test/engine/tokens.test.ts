/**
 * The compact o200k counter must equal gpt-tokenizer's countTokens exactly (special-token
 * strings counted as plain text), on real prose, random text of every kind, and edge cases.
 * Needs dist/assets/o200k.bin (make build, or node_modules/.bin/bun scripts/build-tokenizer.ts).
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import fc from "fast-check";
import ranks from "gpt-tokenizer/bpeRanks/o200k_base";
import { countTokens as reference } from "gpt-tokenizer/encoding/o200k_base";
import { O200K_TOKEN_SPLIT_REGEX } from "gpt-tokenizer/encodingParams/constants";
import { countTokens, loadTokenizer } from "../../src/engine/tokens";
import { O200K_SPLIT_PATTERN } from "../../src/engine/tokens/count";
import { Vocabulary } from "../../src/engine/tokens/vocab";
import { o200kVocabulary } from "../../src/embedded";

const literal = { disallowedSpecial: new Set<string>() };
const expected = (text: string) => reference(text, literal);

function squadTexts(): string[] {
  const squad = JSON.parse(readFileSync("/work/shared/data/squad2/dev-v2.0.json", "utf8"));
  const texts: string[] = [];
  for (const article of squad.data) {
    for (const paragraph of article.paragraphs) {
      texts.push(paragraph.context);
      for (const qa of paragraph.qas) texts.push(qa.question);
    }
  }
  return texts;
}

const chars = (s: string) => fc.constantFrom(...Array.from(s));
const codePoints = (min: number, max: number) => fc.integer({ min, max }).map((c) => String.fromCodePoint(c));
const fragment = fc.oneof(
  fc.string({ unit: "binary", maxLength: 20 }),
  fc.string({ unit: "grapheme", maxLength: 10 }),
  fc.string({ unit: codePoints(0x4e00, 0x9fff), maxLength: 20 }),
  fc.string({ unit: codePoints(0x1f300, 0x1faff), maxLength: 10 }),
  fc.string({ unit: chars(" \t\n\r\u00a0\u2003\u3000\f\v"), maxLength: 20 }),
  fc.string({ unit: chars("0123456789٣४"), maxLength: 12 }),
  fc.string({ unit: chars("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"), maxLength: 12 }),
  fc.string({ unit: chars("abcdefghijklmnopqrstuvwxyzABCDEZéüß\u0301"), minLength: 40, maxLength: 400 }),
  fc.constantFrom("'s", "'LL", "'Re", "n't", " The", "Hello", " world", "\u0301", "<|endoftext|>", "<|im_start|>", "<|fim_middle|>"),
  codePoints(0xd800, 0xdfff).map((c) => c), // lone surrogates
);

describe("o200k token counting", () => {
  test("uses gpt-tokenizer's pre-tokenization pattern verbatim", () => {
    expect(O200K_SPLIT_PATTERN).toBe(O200K_TOKEN_SPLIT_REGEX.source);
  });

  test("the embedded vocabulary holds every o200k token at its rank", async () => {
    const vocab = new Vocabulary(await o200kVocabulary());
    expect(vocab.size).toBe(ranks.length);
    const encoder = new TextEncoder();
    for (let rank = 0; rank < ranks.length; rank++) {
      const value = ranks[rank];
      const bytes = typeof value === "string" ? encoder.encode(value) : Uint8Array.from(value);
      if (vocab.rank(bytes, 0, bytes.length) !== rank) throw new Error(`rank ${rank} not found`);
    }
    expect(vocab.rank(encoder.encode("xq\u00ffzzy not a token"), 0, 20)).toBe(-1);
  });

  test("equals gpt-tokenizer on every SQuAD paragraph and question", async () => {
    const count = await loadTokenizer();
    const texts = squadTexts();
    expect(texts.length).toBeGreaterThan(1000);
    const mismatches = texts.filter((text) => count(text) !== expected(text));
    expect(mismatches).toEqual([]);
  });

  test("equals gpt-tokenizer on random text of every kind", async () => {
    const count = await loadTokenizer();
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 12 }).map((parts) => parts.join("")), (text) => {
        expect(count(text)).toBe(expected(text));
      }),
      { numRuns: 3000 },
    );
  });

  test("edge cases", async () => {
    const cases = [
      "",
      "<|endoftext|>",
      "a<|endoftext|>b <|im_start|>",
      "\ud800",
      "\udfff",
      "x\ud83dy\ude00z",
      "🎉".repeat(50) + "\ud83d",
      " ".repeat(1000) + "a",
      "\n\n\r\n \t ",
      "1234567890".repeat(20),
      "a".repeat(5000),
      "ab".repeat(3000) + "!".repeat(3000),
      "é".repeat(2000),
      "Supercalifragilisticexpialidocious isn't they'RE we'll",
    ];
    for (const text of cases) expect([text, await countTokens(text)]).toEqual([text, expected(text)]);
  });
});
