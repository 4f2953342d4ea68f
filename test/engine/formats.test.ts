/** Format parsing in-process: HTML main content and structure, PDF line layout, Q&A files. */
import { describe, expect, test } from "bun:test";
import { htmlToText } from "../../src/engine/ingest/html";
import { docsFromFile, pdfLayout } from "../../src/engine/ingest/formats";
import { markdownTables } from "../../src/engine/ingest/tables";
import { parseOffThread, Slots } from "../../src/engine/ingest/parse-off-thread";
import { makeDocx, makePdf } from "../support/documents";

describe("HTML", () => {
  const page = `<!doctype html><html><head><title>Returns | Shop</title><script>var x = "tracking code";</script></head><body>
    <div id="cookie">We use cookies. <button>OK</button></div>
    <header><nav><a href="/a">Home</a><a href="/b">Shop all lamps</a></nav></header>
    <main><article><h1>Returns</h1><p>You can return lamps within <strong>60 days</strong> of delivery.</p>
    <h2>Refund times</h2><ul><li>Card: 5 days</li><li>PayPal: 1 day</li></ul>
    <table><tr><th>Item</th><th>Fee</th></tr><tr><td>Lamp</td><td>$0</td></tr></table></article></main>
    <aside>Related: shop all lamps</aside><footer>© Shop 2026 · Privacy</footer></body></html>`;

  test("keeps the main content with headings, list items and table rows", () => {
    const { title, text, links } = htmlToText(page);
    expect(title).toBe("Returns | Shop");
    expect(text).toContain("You can return lamps within 60 days of delivery.");
    expect(text).toContain("## Refund times");
    expect(text).toContain("- Card: 5 days");
    // A table row becomes a sentence, its cells labelled by the header.
    expect(text).toContain("- PayPal: 1 day\n\nLamp (item) — Fee: $0.");
    expect(links).toEqual(["/a", "/b"]);
  });

  test("drops navigation, scripts, asides and footers", () => {
    const { text } = htmlToText(page);
    for (const gone of ["Shop all lamps", "tracking code", "Related", "Privacy", "Home"]) expect(text).not.toContain(gone);
  });

  test("an HTML fragment without html/body still parses", () => {
    expect(htmlToText("<p>Just one paragraph about refunds.</p>", { mainContent: false }).text).toBe("Just one paragraph about refunds.");
  });
});

describe("tables", () => {
  test("a Markdown table's rows become sentences labelled by the header; the separator goes", () => {
    const md = "# Prices\n\n| Plan | Monthly | Annually |\n|------|:-------:|---------|\n| Free | $0 | |\n| Plus | $10 per member | $8 per member |\n\nAfter.";
    expect(markdownTables(md)).toBe("# Prices\n\nFree (plan) — Monthly: $0. Plus (plan) — Monthly: $10 per member; Annually: $8 per member.\n\nAfter.");
  });

  test("pipes that are not a table are left alone", () => {
    const text = "Use a | b in the search box.\n| not | a table |\nno separator";
    expect(markdownTables(text)).toBe(text);
  });

  test("an HTML table without header cells keeps its cells in order", () => {
    const { text } = htmlToText("<table><tr><td>Card</td><td>5 days</td></tr><tr><td>PayPal</td><td>1 day</td></tr></table>", { mainContent: false });
    expect(text).toBe("Card — 5 days. PayPal — 1 day.");
  });

  test("a header row inside thead labels the body rows", () => {
    const { text } = htmlToText("<table><thead><tr><th>Plan</th><th>Price</th></tr></thead><tbody><tr><td>Plus</td><td>$8</td></tr></tbody></table>", { mainContent: false });
    expect(text).toBe("Plus (plan) — Price: $8.");
  });
});

describe("PDF and DOCX", () => {
  test("wrapped PDF lines are joined into sentences and short title lines become headings", () => {
    expect(pdfLayout("Warranty\nEvery grinder has a two-year\nwarranty from the date of purchase.\nKeep the receipt.")).toBe(
      "\n\n## Warranty\n\nEvery grinder has a two-year warranty from the date of purchase.\nKeep the receipt.\n",
    );
  });

  test("a generated PDF and DOCX become passages under their headings", async () => {
    const [pdf] = await docsFromFile("w.pdf", makePdf(["Warranty", "Every grinder has a two-year warranty."]));
    expect(pdf.passages).toEqual([{ title: "w › Warranty", body: "Every grinder has a two-year warranty." }]);
    const [docx] = await docsFromFile("g.docx", await makeDocx([{ heading: "Gift cards" }, "They never expire.", { heading: "Balance", level: 2 }, "See your account."]));
    expect(docx.passages.map((p) => p.title)).toEqual(["g › Gift cards", "g › Gift cards › Balance"]);
  });

  test("the parsers run on a thread of their own that is stopped when it is slow or done", async () => {
    const bytes = makePdf(["Warranty", "Every grinder has a two-year warranty."]);
    expect(await parseOffThread("pdf", bytes)).toContain("two-year warranty");
    await expect(parseOffThread("pdf", bytes, { timeoutMs: 1 })).rejects.toThrow("reading it took longer than 0.001 s");
    await expect(parseOffThread("docx", new TextEncoder().encode("PK not a zip"))).rejects.toThrow(/zip/);
    // The caller's bytes are copied, not moved to the thread: they stay usable.
    expect(bytes.byteLength).toBeGreaterThan(0);
    const many = await Promise.all(Array.from({ length: 5 }, () => parseOffThread("pdf", bytes)));
    expect(many.every((text) => text.includes("two-year warranty"))).toBe(true);
  });

  test("parse slots: a third parse waits for a slot, and a slot is handed on exactly once", async () => {
    const slots = new Slots(2);
    const first = await slots.acquire();
    const second = await slots.acquire();
    let thirdIn = false;
    const third = slots.acquire().then((release) => ((thirdIn = true), release));
    await Bun.sleep(5);
    expect(thirdIn).toBe(false);
    first();
    first(); // a second release of the same slot frees nothing more
    const releaseThird = await third;
    expect(thirdIn).toBe(true);
    let fourthIn = false;
    void slots.acquire().then(() => (fourthIn = true));
    await Bun.sleep(5);
    expect(fourthIn).toBe(false);
    second();
    await Bun.sleep(0);
    expect(fourthIn).toBe(true);
    releaseThird();
  });
});
