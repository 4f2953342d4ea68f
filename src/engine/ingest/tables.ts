/**
 * Table rows as sentences. A row read on its own ("| Plus | $10 | $8 |") loses what its
 * cells are; written as "Plus (plan) — Billed monthly: $10; Billed annually: $8." it holds the
 * words a visitor asks with (the row's name and the column's) next to the value.
 */

/**
 * The row's name with its column's label when the name does not already say it
 * ("Airport (store)" under "Store"): "when is the airport store open" finds its words.
 */
function named(name: string, label: string | undefined): string {
  const l = label?.trim().toLowerCase() ?? "";
  if (!/^\p{L}[\p{L} -]*$/u.test(l) || l === "name" || name.toLowerCase().includes(l)) return name;
  return `${name} (${l})`;
}

/** One row as a sentence, its cells labelled by the header's columns (the first cell names the row). */
export function rowSentence(header: string[] | null, cells: string[]): string {
  const [name, ...rest] = cells;
  const labelled = rest
    .map((cell, i) => {
      const label = header?.[i + 1]?.trim();
      return !cell ? "" : label ? `${label}: ${cell}` : cell;
    })
    .filter(Boolean);
  if (!labelled.length) return name ?? "";
  const body = labelled.join("; ");
  const text = name ? `${named(name, header?.[0])} — ${body}` : body;
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

const PIPE_ROW = /^\s*\|.*\|\s*$/;
const SEPARATOR = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;

function cellsOf(line: string): string[] {
  return line.trim().replace(/^\|/, "").replace(/\|$/, "").split("|").map((c) => c.trim());
}

/** Markdown pipe tables (a header line, a `---` line, rows) rewritten as one sentence per row. */
export function markdownTables(text: string): string {
  const lines = text.split("\n");
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (PIPE_ROW.test(lines[i]) && i + 1 < lines.length && SEPARATOR.test(lines[i + 1]) && lines[i + 1].includes("-")) {
      const header = cellsOf(lines[i]);
      i += 2;
      const rows: string[] = [];
      for (; i < lines.length && PIPE_ROW.test(lines[i]); i++) rows.push(rowSentence(header, cellsOf(lines[i])));
      i--;
      // Rows stay one block (a paragraph) so the splitter keeps the table together.
      out.push(rows.join(" "));
      continue;
    }
    out.push(lines[i]);
  }
  return out.join("\n");
}
