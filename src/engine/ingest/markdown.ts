/**
 * Markdown to the splitter's text. Headings ("## "), list items ("- ", "1. ") and pipe tables
 * stay, as the splitter and the composer read them; everything a reader of the rendered page
 * would not see goes — front matter, code fences, HTML tags and comments, link targets and
 * definitions, emphasis and quote marks, rules, task boxes — so neither the index, the scoring
 * nor an answer holds syntax. Code keeps its text: a help page often answers with a command.
 */
import { LINK_DEFINITION, plainInline, refLabel } from "../text/plain";
import { htmlToText } from "./html";

/** YAML front matter: `---` on the first line, `key: value` lines, then `---` or `...`. */
const FRONT_MATTER = /^\uFEFF?---[ \t]*\n((?:[^\n]*\n)*?)(?:---|\.\.\.)[ \t]*(?:\n|$)/;

/** The document without its front matter, and the front matter's `title:` if it has one. */
export function frontMatter(text: string): { title: string | null; body: string } {
  const lf = text.replace(/\r\n?/g, "\n");
  const m = FRONT_MATTER.exec(lf);
  // A rule and a setext heading can also open a file with "---": YAML has a key on some line.
  if (!m || !/^[\w-]+:/m.test(m[1])) return { title: null, body: lf };
  const title = /^title:[ \t]*(.*?)[ \t]*$/m.exec(m[1])?.[1].replace(/^(["'])(.*)\1$/, "$2").trim();
  return { title: title || null, body: lf.slice(m[0].length) };
}

const FENCE_OPEN = /^\s*(`{3,}|~{3,})([^\n]*)$/;
const FENCE_CLOSE = /^\s*(`{3,}|~{3,})[ \t]*$/;
const QUOTE_MARKS = /^ {0,3}(?:>[ \t]?)+/;

/** Lines of prose or of code, in document order; fence lines and quote marks are gone. */
interface Run {
  code: boolean;
  lines: string[];
}

function runsOf(text: string): Run[] {
  const runs: Run[] = [];
  let fence: { mark: string; quoted: boolean } | null = null;
  const push = (code: boolean, line: string) => {
    const last = runs[runs.length - 1];
    if (last?.code === code) last.lines.push(line);
    else runs.push({ code, lines: [line] });
  };
  for (const raw of text.split("\n")) {
    // Inside a fence opened outside a quote, a leading ">" is code (a prompt), not a quote mark.
    const line = fence && !fence.quoted ? raw : raw.replace(QUOTE_MARKS, "");
    if (fence) {
      const close = FENCE_CLOSE.exec(line);
      if (close && close[1][0] === fence.mark[0] && close[1].length >= fence.mark.length) fence = null;
      else push(true, line);
      continue;
    }
    const open = FENCE_OPEN.exec(line);
    // A backtick fence's info string holds no backtick (```a``` is inline code).
    if (open && !(open[1][0] === "`" && open[2].includes("`"))) fence = { mark: open[1], quoted: QUOTE_MARKS.test(raw) };
    else push(false, line);
  }
  return runs;
}

/**
 * Code lines as text. A shell comment ("# install") would read as a heading and an underline
 * of "---" or "===" would make the line above one: their marks go, the words stay.
 */
function codeLines(lines: string[]): string[] {
  return lines.filter((l) => !/^\s*(?:=+|-+)\s*$/.test(l)).map((l) => l.replace(/^(\s*)#{1,6}(?:[ \t]+|$)/, "$1"));
}

/** Block-level HTML opening a paragraph: the paragraph is read as HTML (tables, lists, headings kept). */
const HTML_BLOCK = /^\s*<\/?(?:address|article|aside|blockquote|center|details|dialog|div|dl|figure|footer|form|h[1-6]|header|hr|iframe|img|main|nav|ol|p|picture|pre|script|section|style|summary|table|ul|video)(?:[\s/>]|$)/i;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const SETEXT_DASHES = /^ {0,3}-+[ \t]*$/;
const HEADING = /^( {0,3}#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const ITEM = /^(\s*)([-*+]|\d{1,9}[.)])[ \t]+(?:\[[ xX]\][ \t]+)?(.*)$/;
const FOOTNOTE_DEFINITION = /^ {0,3}\[\^[^\]]+\]:[ \t]*/;
/** A GitHub alert's first line ("[!NOTE]"): a label the page renders as an icon. */
const ALERT = /^\s*\[![A-Za-z]+\]\s*$/;
/** A line of images only (a screenshot, a badge): its alt text would stand alone as a sentence. */
const IMAGES_ONLY = /^\s*(?:\[?!\[[^\]\n]*\]\([^)\n]*\)(?:\]\([^)\n]*\))?\s*)+$/;

/** Whether a "---" under this line underlines a setext heading (text), rather than being a rule. */
function underlines(prev: string | undefined): boolean {
  return !!prev?.trim() && !HEADING.test(prev) && !ITEM.test(prev) && !prev.trim().startsWith("|");
}

/** One prose line: structure kept (heading marks, one bullet style), the rest through plainInline. */
function proseLine(line: string, prev: string | undefined, refs: ReadonlySet<string>): string {
  // A backslash at the end of a line is a hard line break; the line break stays.
  if (/^\s*\p{L}/u.test(line)) return plainInline(line.replace(/\\$/, ""), refs);
  if (RULE.test(line)) return SETEXT_DASHES.test(line) && underlines(prev) ? line : "";
  if (LINK_DEFINITION.test(line) || ALERT.test(line) || IMAGES_ONLY.test(line)) return "";
  const heading = HEADING.exec(line);
  if (heading) return heading[2] ? `${heading[1].trim()} ${plainInline(heading[2], refs)}` : "";
  const item = ITEM.exec(line);
  if (item) return `${item[1]}${/\d/.test(item[2]) ? item[2] : "-"} ${plainInline(item[3], refs)}`;
  return plainInline(line.replace(FOOTNOTE_DEFINITION, "").replace(/\\$/, ""), refs);
}

/** A paragraph: read as HTML when block-level HTML opens it (tables, lists, headings kept), else line by line. */
function paragraphText(para: string, refs: ReadonlySet<string>): string {
  if (HTML_BLOCK.test(para)) return htmlToText(para, { mainContent: false }).text;
  return para
    .split("\n")
    .map((line, i, lines) => proseLine(line, lines[i - 1], refs))
    .join("\n");
}

/** A run of prose: comments dropped, then paragraph by paragraph (the blank lines between them kept). */
function proseText(lines: string[], refs: ReadonlySet<string>): string {
  // A comment alone on its lines goes with them, so it does not split the paragraph around it.
  const text = lines.join("\n").replace(/^[ \t]*<!--[\s\S]*?-->[ \t]*(?:\n|$)/gm, "").replace(/<!--[\s\S]*?-->/g, "");
  return text
    .split(/(\n[ \t]*\n)/)
    .map((part, i) => (i % 2 === 1 ? part : paragraphText(part, refs)))
    .join("");
}

/** Markdown (front matter already taken off) as the splitter's Markdown-ish text; see the module comment. */
export function markdownText(text: string): string {
  const runs = runsOf(text.replace(/\r\n?/g, "\n"));
  // Definitions may come after their use: gather them first so a bare "[guide]" is known.
  const refs = new Set<string>();
  for (const run of runs) {
    if (run.code) continue;
    for (const line of run.lines) if (LINK_DEFINITION.test(line)) refs.add(refLabel(/\[([^\]]*)\]/.exec(line)?.[1] ?? ""));
  }
  return runs.map((run) => (run.code ? codeLines(run.lines).join("\n") : proseText(run.lines, refs))).join("\n");
}
