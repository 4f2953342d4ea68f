/** The stem memo never gives a stem other than the stemmer's, however often its generations turn over. */
import { expect, test } from "bun:test";
import { stemmer } from "stemmer";
import { stem } from "../../src/engine/text/terms";

test("stems are the stemmer's before, during and after the memo turns over many times", () => {
  const everyday = ["refunds", "shipping", "cancelled", "accounts", "deliveries", "2026"];
  const expected = everyday.map((w) => (/^\d+$/.test(w) ? w : stemmer(w)));
  expect(everyday.map(stem)).toEqual(expected);
  // 100k distinct words: several times the memo's bound, with the everyday words asked between.
  for (let i = 0; i < 100_000; i++) {
    const word = `zq${i.toString(36)}ings`;
    expect(stem(word)).toBe(stemmer(word));
    if (i % 9_999 === 0) expect(everyday.map(stem)).toEqual(expected);
  }
  expect(everyday.map(stem)).toEqual(expected);
});
