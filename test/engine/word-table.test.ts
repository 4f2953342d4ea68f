/** The ingestion word scanner must read exactly the words `words()` reads. */
import { describe, expect, test } from "bun:test";
import { WordTable } from "../../src/engine/ingest/word-table";
import { words } from "../../src/engine/text/terms";

/** A table that remembers each id's word, and the words one scan read. */
function wordTable() {
  const byId: string[] = [];
  const table = new WordTable((word, id) => (byId[id] = word));
  const scanned = (text: string) => Array.from(table.scan(text), (id) => byId[id]);
  return { table, byId, scanned };
}

describe("word table", () => {
  test("reads the same words as words(), ASCII or not", () => {
    const { scanned } = wordTable();
    const texts = [
      "Shipping costs › Delivery\nWe ship in 2-4 days; e-mail us at help@example.com. E-MAIL works too!",
      "Café NAÏVE ﬁne ½ ２３ Straße İstanbul 東京 𝐀𝐁 x\u0301y \ud800 lone",
      "ΣΟΦΟΣ σοφός e-mail",
      "  ",
      "a1b2 ... 42 -- don't",
      "a",
    ];
    for (const text of texts) expect(scanned(text)).toEqual(words(text));
  });

  test("each distinct word gets one id, in order of first sight, across growth", () => {
    const { table, byId, scanned } = wordTable();
    // Enough distinct words (and text) to grow the slots, the word pool and the id buffer.
    const text = Array.from({ length: 20_000 }, (_, i) => `w${i % 9000}`).join(" ");
    expect(scanned(text)).toEqual(words(text));
    expect(table.size).toBe(9000);
    expect(byId.slice(0, 3)).toEqual(["w0", "w1", "w2"]);
    expect(Array.from(table.scan("w5 w8999 w5 new"))).toEqual([5, 8999, 5, 9000]);
  });
});
