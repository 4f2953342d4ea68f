/** Heading-aware splitting and sentence splitting. */
import { describe, expect, test } from "bun:test";
import { splitText } from "../../src/engine/ingest/split";
import { sentences } from "../../src/engine/text/sentences";
import { plain, stripCitations } from "../../src/engine/text/plain";
import { SHIPPING_MD } from "./engine-fixture";

describe("splitText", () => {
  test("run-in headings (\"Backups. We back up…\") become section titles where the format asks for them", () => {
    const text = "## Security\n\nBackups. We back up all data every 6 hours and keep it 35 days.\n\nAccess by our staff. Employees cannot see your pages by default.";
    const parts = splitText(text, "Overview", { runInHeadings: true });
    expect(parts).toEqual([
      { title: "Overview › Security › Backups", body: "We back up all data every 6 hours and keep it 35 days." },
      { title: "Overview › Security › Access by our staff", body: "Employees cannot see your pages by default." },
    ]);
    // Off by default (Markdown and HTML have real headings).
    expect(splitText(text, "Overview")[0].body).toStartWith("Backups.");
  });

  test("a short opening sentence is not taken for a run-in heading", () => {
    for (const body of ["Yes. You can sign in on as many devices as you like.", "It works. Open the app and sign in again.", "Refunds are free. We send the money back in 5 days.", "Plus. Too short."]) {
      expect(splitText(body, "T", { runInHeadings: true })).toEqual([{ title: "T", body }]);
    }
  });

  test("each passage keeps its section's title path", () => {
    const parts = splitText(SHIPPING_MD, "Shipping");
    expect(parts.map((p) => p.title)).toEqual(["Shipping", "Shipping › Delivery times", "Shipping › Tracking", "Shipping › Subscriptions"]);
    expect(parts[1].body).toContain("Orders to Canada");
  });

  test("nested headings build a path, and a sibling replaces the deeper one", () => {
    const parts = splitText("# Help\n## Orders\n### Cancel\nText A.\n## Payments\nText B.", "Doc");
    expect(parts.map((p) => p.title)).toEqual(["Doc › Help › Orders › Cancel", "Doc › Help › Payments"]);
  });

  test("setext headings and guessed plain-text headings count", () => {
    expect(splitText("Refunds\n=======\n\nMoney back in 5 days.", "x")[0].title).toBe("x › Refunds");
    expect(splitText("Refunds\n\nMoney back in 5 days.", "x", { guessHeadings: true })[0].title).toBe("x › Refunds");
    expect(splitText("Refunds\n\nMoney back in 5 days.", "x")[0].title).toBe("x");
  });

  test("words are counted across every kind of space, Unicode ones included", () => {
    const words = (n: number, sep: string) => Array.from({ length: n }, (_, i) => `w${i}`).join(sep);
    // 100 + 100 words exceed a passage (150): counted right, the paragraphs stay apart.
    for (const sep of ["\u3000", "\u00a0", "\t", "\u2009 "]) expect(splitText(`${words(100, sep)}\n\n${words(100, " ")}`, "x")).toHaveLength(2);
    expect(splitText(`${words(70, "\u3000")}\n\n${words(70, " ")}`, "x")).toHaveLength(1);
  });

  test("a long section is cut at sentence ends into passages of bounded size", () => {
    const long = Array.from({ length: 60 }, (_, i) => `Sentence number ${i} has a few words in it.`).join(" ");
    const parts = splitText(`# Long\n\n${long}`, "Doc");
    expect(parts.length).toBeGreaterThan(2);
    for (const p of parts) {
      expect(p.body.split(/\s+/).length).toBeLessThanOrEqual(160);
      expect(p.body).toMatch(/\.$/);
    }
  });
});

describe("sentences and plain text", () => {
  test("splits on sentence ends but not on abbreviations or decimals", () => {
    expect(sentences("It costs $5.99 e.g. for one. Mr. Smith ships it! Does it? Yes")).toEqual(["It costs $5.99 e.g. for one.", "Mr. Smith ships it!", "Does it?", "Yes"]);
  });

  test("list items are sentences of their own", () => {
    expect(sentences("You can pay with:\n- Visa\n- PayPal")).toEqual(["You can pay with:", "- Visa", "- PayPal"]);
  });

  test("markup is dropped from answers", () => {
    expect(plain("- **Express** costs [$12](https://x.example/p) and `fast`")).toBe("Express costs $12 and fast");
  });

  test("citation marks and source lists are removed", () => {
    expect(stripCitations("It takes 5 days [1]. Refunds are free【3†source】 (source: refunds.md).\n\nSources:\n- refunds.md")).toBe("It takes 5 days. Refunds are free.");
    expect(stripCitations("Refunds take 5 days [^2] and cost nothing [1, 3].")).toBe("Refunds take 5 days and cost nothing.");
  });
});
