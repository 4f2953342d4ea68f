/**
 * HTML to Markdown-ish text: the page's main content (Readability), with headings, lists
 * and table rows kept as structure and navigation, scripts and boilerplate dropped.
 */
import { parseHTML } from "linkedom";
import { Readability } from "@mozilla/readability";
import { rowSentence } from "./tables";

const SKIP = new Set(["script", "style", "noscript", "template", "svg", "nav", "header", "footer", "aside", "form", "button", "iframe", "select", "input", "textarea"]);
const BLOCK = new Set(["p", "div", "section", "article", "main", "blockquote", "pre", "ul", "ol", "dl", "dt", "dd", "table", "thead", "tbody", "figure", "figcaption", "address", "details", "summary"]);

type El = { nodeType: number; nodeName: string; textContent: string | null; childNodes: ArrayLike<El> };

/** A table's rows (through thead/tbody/tfoot, not into nested tables), each as its child elements. */
function rowsOf(table: El): El[][] {
  const rows: El[][] = [];
  const visit = (node: El) => {
    for (const c of Array.from(node.childNodes)) {
      const tag = c.nodeName.toLowerCase();
      if (tag === "tr") rows.push(Array.from(c.childNodes));
      else if (tag === "thead" || tag === "tbody" || tag === "tfoot") visit(c);
    }
  };
  visit(table);
  return rows;
}

const isTh = (c: El) => c.nodeName.toLowerCase() === "th";

/**
 * The header row's labels, or null. A first row of header cells (th) is one. A table without
 * any th — Word tables through mammoth, whose header row is rarely marked — has its first
 * row taken for one when it reads as labels: two cells or more, each but the corner one
 * filled, none holding a digit or a currency sign ("Plan | Monthly price | Storage" over
 * "Starter | $4 | 10 GB"). A first row of values ("Card | 5 days") stays a row.
 */
function headerRow(rows: El[][], text: (cells: El[]) => string[]): string[] | null {
  const first = rows[0] ?? [];
  if (rows.length < 2 || !first.length) return null;
  if (first.every(isTh)) return text(first);
  if (rows.some((r) => r.some(isTh))) return null;
  const labels = text(first);
  const readsAsLabels = labels.length >= 2 && labels.slice(1).every(Boolean) && labels.every((l) => !/[\p{N}\p{Sc}]/u.test(l));
  return readsAsLabels ? labels : null;
}

/** Walks the DOM into text: one block per paragraph, "#" lines for headings, "- " for items. */
function toText(root: El): string {
  const out: string[] = [];
  let line = "";
  const end = (sep = "\n\n") => {
    const t = line.replace(/\s+/g, " ").trim();
    if (t) out.push(t + sep);
    line = "";
  };
  const walk = (node: El) => {
    if (node.nodeType === 3) {
      line += node.textContent ?? "";
      return;
    }
    if (node.nodeType !== 1) return;
    const tag = node.nodeName.toLowerCase();
    if (SKIP.has(tag)) return;
    const h = /^h([1-6])$/.exec(tag);
    if (h) {
      end();
      line = `${"#".repeat(Number(h[1]))} `;
      for (const c of Array.from(node.childNodes)) walk(c);
      end();
      return;
    }
    if (tag === "br") return end("\n");
    if (tag === "li") {
      end("\n");
      line = "- ";
      for (const c of Array.from(node.childNodes)) walk(c);
      return end("\n");
    }
    if (tag === "table") {
      end();
      // A table is a block of its own, also right after a list (whose items end in one "\n").
      if (out.length && !out[out.length - 1].endsWith("\n\n")) out.push("\n");
      const rows = rowsOf(node).map((r) => r.filter((c) => c.nodeType === 1 && /^t[hd]$/i.test(c.nodeName)));
      const text = (cells: El[]) => cells.map((c) => (c.textContent ?? "").replace(/\s+/g, " ").trim());
      const header = headerRow(rows, text);
      line = (header ? rows.slice(1) : rows).map((r) => rowSentence(header, text(r))).filter(Boolean).join(" ");
      return end();
    }
    const block = BLOCK.has(tag);
    if (block) end();
    for (const c of Array.from(node.childNodes)) walk(c);
    if (block) end();
  };
  walk(root);
  end();
  return out.join("").replace(/\n{3,}/g, "\n\n").trim();
}

export interface HtmlText {
  title: string | null;
  text: string;
  links: string[];
}

function documentOf(html: string) {
  // linkedom parses fragments into an empty document; wrap them so body exists.
  return parseHTML(/<html[\s>]/i.test(html) ? html : `<!doctype html><html><head></head><body>${html}</body></html>`).document;
}

/** The readable main content of a page (falls back to the whole body minus boilerplate). */
export function htmlToText(html: string, opts: { mainContent?: boolean } = { mainContent: true }): HtmlText {
  const doc = documentOf(html);
  const links = Array.from(doc.querySelectorAll("a[href]")).map((a) => (a as unknown as { getAttribute(n: string): string }).getAttribute("href"));
  const title = (doc.querySelector("title")?.textContent ?? doc.querySelector("h1")?.textContent ?? "").replace(/\s+/g, " ").trim() || null;
  let text = "";
  if (opts.mainContent) {
    try {
      const article = new Readability(doc.cloneNode(true) as unknown as Document, { charThreshold: 100 }).parse();
      if (article?.content) text = toText(documentOf(article.content).body as unknown as El);
    } catch {
      text = "";
    }
  }
  const whole = toText(doc.body as unknown as El);
  // Readability sometimes keeps only a fragment of short pages: prefer the fuller text then.
  if (!text || text.length < whole.length * 0.3) text = whole;
  return { title, text, links };
}
