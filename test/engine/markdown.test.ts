/** Markup never reaches the index or an answer: Markdown syntax, inline HTML, front matter; Word tables keep their labels. */
import { beforeAll, describe, expect, test } from "bun:test";
import JSZip from "jszip";
import { answer, ingest } from "../../src/engine";
import { docsFromFile } from "../../src/engine/ingest/formats";
import { htmlToText } from "../../src/engine/ingest/html";
import { frontMatter, markdownText } from "../../src/engine/ingest/markdown";
import { plain } from "../../src/engine/text/plain";
import { makeDocx } from "../support/documents";
import { engineStore, turns } from "./engine-fixture";

const bytes = (text: string) => new TextEncoder().encode(text);
/** The passages' bodies of a Markdown file, joined. */
const bodyOf = async (md: string) => (await docsFromFile("help.md", bytes(md)))[0].passages.map((p) => p.body).join("\n\n");

describe("Markdown is read as its text", () => {
  const cases: [string, string, string][] = [
    ["inline HTML", '<div class="note">Reset the router by holding the <b>reset</b> button.</div>', "Reset the router by holding the reset button."],
    ["inline tags in a paragraph", "Press <kbd>Ctrl</kbd> + <kbd>S</kbd> to save.<br>It saves &amp; syncs.", "Press Ctrl + S to save. It saves & syncs."],
    ["a reference link and its definition", "Read the [setup guide][guide] first.\n\n[guide]: https://example.com/setup \"Setup\"", "Read the setup guide first."],
    ["collapsed and shortcut references", "See the [FAQ][] or [pricing].\n\n[faq]: /faq\n[Pricing]: https://example.com/pricing", "See the FAQ or pricing."],
    ["brackets that are no link stay", "Type [] for a box; [draft] pages are private.", "Type [] for a box; [draft] pages are private."],
    ["a blockquote", "> The blender warranty lasts two years.\n> > Keep the receipt.", "The blender warranty lasts two years.\nKeep the receipt."],
    ["strikethrough: struck-out text is no longer true", "Plus costs ~~$10~~ $8 a month.", "Plus costs $8 a month."],
    ["inline code keeps its text as written", "Run `zenith key create --agent <id>` and keep `snake_case` names.", "Run zenith key create --agent <id> and keep snake_case names."],
    ["emphasis with underscores and stars", "It is _really_ __free__ for *small* teams; file_name_here stays.", "It is really free for small teams; file_name_here stays."],
    ["an inline image reads as its alt text; an image alone goes", "Click the ![gear](gear.png) icon.\n\n![Screenshot of settings](shot.png)", "Click the gear icon."],
    ["comments", "Refunds take 5 days.<!-- check with finance -->\n<!--\ninternal\n-->", "Refunds take 5 days."],
    ["autolinks", "Write to <help@example.com> or see <https://example.com/help>.", "Write to help@example.com or see https://example.com/help."],
    ["footnotes: the mark goes, the note's text stays", "Prices exclude VAT.[^1]\n\n[^1]: The VAT rate depends on your country.", "Prices exclude VAT.\n\nThe VAT rate depends on your country."],
    ["a horizontal rule", "Part one ends here.\n\n***\n\nPart two starts here.", "Part one ends here.\n\nPart two starts here."],
    ["task-list boxes", "Before you go:\n- [ ] Pack the charger\n- [x] Print the ticket", "Before you go:\n- Pack the charger\n- Print the ticket"],
    ["backslash escapes", "Prices are in \\*USD\\* \\[excl. tax\\].", "Prices are in *USD* [excl. tax]."],
  ];
  for (const [name, md, text] of cases) test(name, async () => expect(await bodyOf(md)).toBe(text));

  test("a fenced code block keeps its code but not the fences or the language", async () => {
    const body = await bodyOf("To check the version, run:\n\n```js\n// print it\nconsole.log(version);\n```\n\nThat is all.");
    expect(body).toBe("To check the version, run:\n\n// print it\nconsole.log(version);\n\nThat is all.");
  });

  test("a comment line inside code is no heading, and Markdown inside code is left as written", async () => {
    const [doc] = await docsFromFile("cli.md", bytes("# CLI\n\n~~~sh\n# install the tool\nnpm i -g **tool**\n~~~\n\n## Usage\n\nRun it."));
    expect(doc.passages).toEqual([
      { title: "CLI", body: "install the tool\nnpm i -g **tool**" },
      { title: "CLI › Usage", body: "Run it." },
    ]);
  });

  test("headings, list items and setext headings keep the structure the splitter reads", async () => {
    const [doc] = await docsFromFile("plans.md", bytes("# Plans ##\n\n## **Team** plan\n\n+ Unlimited [pages](/p)\n* Admin roles\n\nRefunds\n-------\n\nMoney back in 5 days.\n\n- one item\n---"));
    expect(doc.passages).toEqual([
      { title: "Plans › Team plan", body: "- Unlimited pages\n- Admin roles" },
      { title: "Plans › Refunds", body: "Money back in 5 days.\n\n- one item" },
    ]);
  });

  test("YAML front matter is dropped; its title names the document when no # heading does", async () => {
    const md = "---\ntitle: \"Front matter title\"\ndate: 2026-01-02\n---\n\nThe store opens at 9 am.";
    const [doc] = await docsFromFile("hours.md", bytes(md));
    expect(doc.title).toBe("Front matter title");
    expect(doc.passages).toEqual([{ title: "Front matter title", body: "The store opens at 9 am." }]);
    const [headed] = await docsFromFile("hours.md", bytes(`${md.replace("\n\nThe", "\n\n# Opening hours\n\nThe")}`));
    expect(headed.title).toBe("Opening hours");
  });

  test("front matter only when it is YAML: a rule and a setext heading at the top stay what they are", () => {
    expect(frontMatter("---\nNot a key\n---\n\nText.").body).toBe("---\nNot a key\n---\n\nText.");
    expect(frontMatter("Text without front matter.")).toEqual({ title: null, body: "Text without front matter." });
  });

  test("an HTML table in Markdown becomes labelled row sentences", () => {
    expect(markdownText("<table><tr><th>Plan</th><th>Price</th></tr><tr><td>Plus</td><td>$8</td></tr></table>")).toBe("Plus (plan) — Price: $8.");
  });
});

describe("answers carry no markup", () => {
  const HELP = `---
title: Kitchen Help
---

## Warranty

> The blender warranty lasts **two years** from the date of purchase.

## Router

<div class="note">Reset the router by holding the <b>reset</b> button for ten seconds.</div>

## Setup

Read the [setup guide][guide] before you connect the kettle to the app.

[guide]: https://example.com/setup

## Logs

To print the kettle's firmware version, run:

\`\`\`sh
kettle --firmware-version
\`\`\`
`;
  const { store, agent } = engineStore({ name: "Kitchen Help" });
  beforeAll(() => ingest(store, agent.id, [{ kind: "bytes", name: "kitchen.md", bytes: bytes(HELP) }]));
  const ask = async (q: string) => {
    const reply = await answer(store, agent, turns(q));
    expect(reply.covered).toBe(true);
    for (const syntax of ["<", ">", "**", "[", "](", "```", "---"]) expect(reply.content).not.toContain(syntax);
    return reply.content;
  };

  test("a blockquote, inline HTML, a reference link and a code block answer as text", async () => {
    expect(await ask("How long is the blender warranty?")).toContain("The blender warranty lasts two years");
    expect(await ask("How do I reset the router?")).toContain("Reset the router by holding the reset button");
    expect(await ask("What should I read before connecting the kettle to the app?")).toContain("Read the setup guide");
    expect(await ask("How do I print the kettle firmware version?")).toContain("kettle --firmware-version");
  });
});

describe("--text material", () => {
  test("is read as Markdown too: stored without its syntax, titled by its heading or front matter", async () => {
    const { store, agent } = engineStore();
    await ingest(store, agent.id, { kind: "text", text: "---\ntitle: Care guide\n---\n\n> **Descale** the kettle [monthly][m].\n\n[m]: https://example.com" });
    expect(store.sqlite.query("SELECT title, body FROM passages").all()).toEqual([{ title: "Care guide", body: "Descale the kettle monthly." }]);
  });
});

describe("plain(): answer text from material that was stored with its syntax", () => {
  test("fences, quotes, tags, reference links, strikethrough, tasks and definitions go", () => {
    expect(plain("```js")).toBe("");
    expect(plain("> The blender warranty lasts **two years**.")).toBe("The blender warranty lasts two years.");
    expect(plain('<div class="note">Hold the <b>reset</b> button.</div>')).toBe("Hold the reset button.");
    expect(plain("Read the [setup guide][guide]. Old ~~$10~~ now $8.")).toBe("Read the setup guide. Old now $8.");
    expect(plain("- [ ] Pack _the_ charger ![icon](i.png)")).toBe("Pack the charger icon");
    expect(plain("[guide]: https://example.com/setup")).toBe("");
    expect(plain("See <https://example.com> &amp; `a_b_c`")).toBe("See https://example.com & a_b_c");
  });
});

/** A DOCX holding one Word table whose header row is not marked as one (mammoth writes no th). */
async function docxWithTable(rows: string[][]): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(await makeDocx(["Prices"]));
  const cell = (text: string) => `<w:tc><w:p><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p></w:tc>`;
  const table = `<w:tbl>${rows.map((r) => `<w:tr>${r.map(cell).join("")}</w:tr>`).join("")}</w:tbl>`;
  const xml = (await zip.file("word/document.xml")!.async("string")).replace("</w:body>", `${table}</w:body>`);
  zip.file("word/document.xml", xml);
  return zip.generateAsync({ type: "uint8array" });
}

describe("tables without marked header cells", () => {
  test("a Word table's first row labels the cells when it reads as labels", async () => {
    const docx = await docxWithTable([["Plan", "Monthly price", "Storage"], ["Starter", "$4", "10 GB"], ["Pro", "$9", "100 GB"]]);
    const [doc] = await docsFromFile("plans.docx", docx);
    expect(doc.passages.map((p) => p.body).join("\n\n")).toBe("Prices\n\nStarter (plan) — Monthly price: $4; Storage: 10 GB. Pro (plan) — Monthly price: $9; Storage: 100 GB.");
  });

  test("a first row of values, a one-row table or a table with header cells elsewhere is not guessed", () => {
    const html = (rows: string) => htmlToText(`<table>${rows}</table>`, { mainContent: false }).text;
    expect(html("<tr><td>Card</td><td>5 days</td></tr><tr><td>PayPal</td><td>1 day</td></tr>")).toBe("Card — 5 days. PayPal — 1 day.");
    expect(html("<tr><td>Plan</td><td>Price</td></tr>")).toBe("Plan — Price.");
    expect(html("<tr><td>Plan</td><td>Price</td></tr><tr><th>Plus</th><td>$8</td></tr>")).toBe("Plan — Price. Plus — $8.");
    // The corner cell may be empty.
    expect(html("<tr><td></td><td>Free</td><td>Plus</td></tr><tr><td>Sync</td><td>yes</td><td>yes</td></tr>")).toBe("Sync — Free: yes; Plus: yes.");
  });
});
