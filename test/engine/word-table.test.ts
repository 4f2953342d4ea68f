/** The ingestion word scanner must read exactly the words `words()` reads. */
import { describe, expect, test } from "bun:test";
import { WordTable } from "../../src/engine/ingest/word-table";
import { words } from "../../src/engine/text/terms";

const scanned = (table: WordTable<string>, text: string) => {
  const out: string[] = [];
  table.forEachWord(text, (w) => out.push(w));
  return out;
};

describe("word table", () => {
  test("reads the same words as words(), ASCII or not", () => {
    const table = new WordTable<string>((w) => w);
    const texts = [
      "Shipping costs › Delivery\nWe ship in 2-4 days; e-mail us at help@example.com. E-MAIL works too!",
      "Café NAÏVE ﬁne ½ ２３ Straße İstanbul 東京 𝐀𝐁 x\u0301y \ud800 lone",
      "  ",
      "a1b2 ... 42 -- don't",
    ];
    for (const text of texts) expect(scanned(table, text)).toEqual(words(text));
  });

  test("the value of a word is made once and shared by every occurrence", () => {
    let made = 0;
    const table = new WordTable<{ word: string }>((word) => (made++, { word }));
    const seen: { word: string }[] = [];
    // Enough distinct words to grow the table several times.
    const text = Array.from({ length: 20_000 }, (_, i) => `w${i % 9000}`).join(" ");
    table.forEachWord(text, (v) => seen.push(v));
    expect(made).toBe(9000);
    expect(seen[0]).toBe(seen[9000]);
    expect(seen.map((v) => v.word)).toEqual(words(text));
  });
});
