import { describe, expect, test } from "bun:test";
import { confidenceOf, runnerUp, FEATURE_NAMES, WEIGHTS } from "../../src/engine/confidence";
import { RANK_WEIGHTS, SENTENCE_FEATURES, type Choice } from "../../src/engine/compose";
import { typeFit, typeOf } from "../../src/engine/answer-type";
import { stems } from "../../src/engine/text/terms";

function choice(sentence: string, score: number): Choice {
  return { candidate: { id: 1, title: "", body: sentence, kind: "text", bm25: -1 }, sentences: [sentence], index: 0, shares: [1], coverage: 1, score };
}

describe("confidence model", () => {
  test("one weight per feature plus an intercept, for both models", () => {
    expect(WEIGHTS.length).toBe(FEATURE_NAMES.length + 1);
    expect(RANK_WEIGHTS.length).toBe(SENTENCE_FEATURES.length + 1);
  });

  test("more of the question in the sentence and a clearer lead mean more confidence", () => {
    const base = FEATURE_NAMES.map(() => 0.5);
    const at = (name: (typeof FEATURE_NAMES)[number], v: number) => base.map((x, i) => (FEATURE_NAMES[i] === name ? v : x));
    expect(confidenceOf(at("own", 1))).toBeGreaterThan(confidenceOf(at("own", 0.2)));
    expect(confidenceOf(at("margin", 0.5))).toBeGreaterThan(confidenceOf(at("margin", 0)));
    expect(confidenceOf(base)).toBeGreaterThan(0);
    expect(confidenceOf(base)).toBeLessThan(1);
  });

  test("the runner-up skips a passage that restates the chosen sentence", () => {
    const best = choice("Standard delivery takes three to five working days.", 2);
    const restated = choice("Standard delivery takes 3 to 5 working days.", 1.9);
    const other = choice("Express delivery arrives the next working day.", 1.5);
    expect(runnerUp([best, restated, other])).toBe(other);
    expect(runnerUp([best])).toBeUndefined();
  });
});

describe("answer-type fit", () => {
  const fit = (q: string, s: string, type: Parameters<typeof typeFit>[1]) => typeFit(s, type, new Set(stems(q)));
  test("a year the question already names does not answer when", () => {
    expect(fit("What happened in 1066?", "In 1066 the Normans crossed the Channel.", "time")).toBe(false);
    expect(fit("When did the Normans cross the Channel?", "In 1066 the Normans crossed the Channel.", "time")).toBe(true);
  });
  test("who wants a name the question does not hold", () => {
    expect(fit("Who conquered England?", "England was conquered in 1066.", "person")).toBe(false);
    expect(fit("Who conquered England?", "In 1066 England was conquered by William of Normandy.", "person")).toBe(true);
  });
  test("a duration is an amount of time, not the word 'within'", () => {
    const q = "How long does shipping take?";
    expect(fit(q, "Standard shipping within the United States is free on orders over $40.", "duration")).toBe(false);
    expect(fit(q, "Orders ship within a week and arrive in 2 to 4 business days.", "duration")).toBe(true);
    expect(fit(q, "Your parcel leaves the same day.", "duration")).toBe(true);
  });
  test("a temperature is degrees or boiling", () => {
    const q = "What water temperature for pour-over?";
    expect(typeOf(q)).toBe("temperature");
    expect(typeOf("How hot should the water be?")).toBe("temperature");
    expect(fit(q, "Bloom with 40 grams of water for 30 seconds.", "temperature")).toBe(false);
    expect(fit(q, "Use 250 grams of water at 94 °C.", "temperature")).toBe(true);
    expect(fit(q, "Use water just off the boil.", "temperature")).toBe(true);
  });
  test("no particular kind asked: no opinion", () => {
    expect(fit("Why is the sky blue?", "Light scatters.", "any")).toBeNull();
  });
});
