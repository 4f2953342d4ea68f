/**
 * Markup to plain, readable text. Markdown files and `--text` material are cleaned when they
 * are read (`ingest/markdown.ts`, with `plainInline` below); `plain()` cleans answer text
 * again, for what never went through that (Q&A answers, stores written by earlier builds).
 */

/** Inline HTML elements whose tags are dropped and text kept; `<id>` or `<name>` placeholders are not tags. */
const HTML_TAG =
  /<\/?(?:a|abbr|b|bdi|bdo|big|blockquote|br|caption|center|cite|code|col|colgroup|dd|details|dfn|div|dl|dt|em|figcaption|figure|font|h[1-6]|hr|i|img|ins|kbd|li|mark|ol|p|picture|pre|q|samp|section|small|source|span|strong|sub|summary|sup|table|tbody|td|tfoot|th|thead|tr|tt|u|ul|var|wbr)(?:\s[^<>]*)?\/?>/gi;
/** Elements whose text is not part of the page (scripts) or no longer true (struck out). */
const HTML_DROPPED = /<(script|style|del|s|strike)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const AUTOLINK = /<((?:https?|ftp):\/\/[^\s<>]+|mailto:[^\s<>]+|[^\s<>@]+@[^\s<>@]+\.[A-Za-z]{2,})>/g;
/** A link target: `(url "title")`, parentheses inside the URL allowed one deep, or a `[ref]`. */
const TARGET = String.raw`(?:\((?:[^()\n]|\([^()\n]*\))*\)|\[[^\]\n]*\])`;
const IMAGE = new RegExp(String.raw`!\[([^\]\n]*)\]${TARGET}`, "g");
const LINK = new RegExp(String.raw`\[([^\]\n]*)\]${TARGET}`, "g");
const SHORTCUT_REF = /\[([^\]\n]+)\](?![(:])/g;
const FOOTNOTE_REF = /\[\^[^\]\s]+\]/g;
const STRUCK = /~~(?=\S)[^\n]*?~~/g;
const STRONG_STAR = /\*\*(?=[^\s*])([^\n]*?[^\s*])\*\*/g;
const STRONG_UNDERSCORE = /(^|[^\p{L}\p{N}_])__(?=[^\s_])([^\n]*?[^\s_])__(?![\p{L}\p{N}_])/gu;
const EM_STAR = /(^|[^\p{L}\p{N}*])\*(?=[^\s*])([^*\n]*?[^\s*])\*(?![\p{L}\p{N}*])/gu;
// Underscores inside a word (snake_case, file_name) are not emphasis.
const EM_UNDERSCORE = /(^|[^\p{L}\p{N}_])_(?=[^\s_])([^_\n]*?[^\s_])_(?![\p{L}\p{N}_])/gu;
const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z]+));/g;
const NAMED: Record<string, string> = {
  amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", mdash: "—", ndash: "–", hellip: "…", rsquo: "’", lsquo: "‘",
  rdquo: "”", ldquo: "“", copy: "©", reg: "®", trade: "™", euro: "€", pound: "£", yen: "¥", times: "×", middot: "·", bull: "•", rarr: "→", larr: "←",
};
/** `[label]: https://…`: a link's target, stated apart from the text (the target looks like an address). */
export const LINK_DEFINITION = /^ {0,3}\[[^\]^][^\]]*\]:[ \t]*(?:<[^>\n]*>|\S*[/.#:]\S*)(?:[ \t]+(?:"[^"\n]*"|'[^'\n]*'|\([^)\n]*\)))?[ \t]*$/;
/** Characters that can start inline syntax: a line without any is returned as it is (most lines, on a large file). */
const MAY_HOLD_SYNTAX = /[*_`~<>[\]!&\\]/;
/** Stand-ins for code and escaped characters while the rest is cleaned (private-use code points). */
const HELD = /\uE000(\d+)\uE001/g;

/** The inline cleaning steps, in order, each with the character its syntax opens with. */
const STEPS: [string, (s: string, refs?: ReadonlySet<string>) => string][] = [
  ["<", (s) => s.replace(/<!--[\s\S]*?-->/g, "").replace(HTML_DROPPED, "").replace(/<br\s*\/?>/gi, " ").replace(HTML_TAG, "")],
  ["<", (s) => s.replace(AUTOLINK, (_, target: string) => target.replace(/^mailto:/i, ""))],
  ["~~", (s) => s.replace(STRUCK, "")],
  ["[", (s, refs) =>
    s
      .replace(IMAGE, "$1")
      .replace(FOOTNOTE_REF, "")
      .replace(LINK, "$1")
      .replace(SHORTCUT_REF, (whole, label: string) => (refs?.has(refLabel(label)) ? label : whole))],
  ["*", (s) => s.replace(STRONG_STAR, "$1").replace(EM_STAR, "$1$2")],
  ["_", (s) => s.replace(STRONG_UNDERSCORE, "$1$2").replace(EM_UNDERSCORE, "$1$2")],
  ["&", (s) => s.replace(ENTITY, entity)],
];

function entity(whole: string, dec?: string, hex?: string, name?: string): string {
  if (name) return NAMED[name.toLowerCase()] ?? whole;
  const code = dec ? Number(dec) : parseInt(hex ?? "", 16);
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
}

/** Lower-cased, spaces folded: how Markdown matches a reference to its definition. */
export function refLabel(label: string): string {
  return label.trim().replace(/\s+/g, " ").toLowerCase();
}

/**
 * Inline Markdown and HTML to text: code spans keep their text as written; link and image
 * syntax keeps the words (an image its alt text), emphasis loses its marks, struck-out text
 * goes (it is no longer true), tags go and entities are decoded. `refs` holds the labels of
 * the document's link definitions, so that `[guide]` alone reads as "guide" only when it is
 * a link.
 */
export function plainInline(text: string, refs?: ReadonlySet<string>): string {
  if (!MAY_HOLD_SYNTAX.test(text)) return text;
  const held: string[] = [];
  const hold = (s: string) => `\uE000${held.push(s) - 1}\uE001`;
  let out = text;
  if (out.includes("`")) out = out.replace(/(`+)(?!`)([^\n]*?[^`\n])\1(?!`)/g, (_, _ticks: string, code: string) => hold(code.trim()));
  if (out.includes("\\")) out = out.replace(/\\([!-/:-@[-`{-~])/g, (_, ch: string) => hold(ch));
  // Each step only where its opening character is: most lines hold one kind of syntax at most.
  for (const [opener, step] of STEPS) if (out.includes(opener)) out = step(out, refs);
  return held.length ? out.replace(HELD, (_, i: string) => held[Number(i)]) : out;
}

/** Line syntax an answer must not show: fences, quote marks, headings, bullets and task boxes, link definitions. */
function plainLine(line: string): string {
  if (/^\s*(?:`{3,}|~{3,})[^`]*$/.test(line) || LINK_DEFINITION.test(line)) return "";
  return plainInline(
    line
      .replace(/^\s{0,3}(?:>\s?)+/, "")
      .replace(/^\s{0,3}#{1,6}\s+/, "")
      .replace(/^\s*(?:[-*+•]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/, ""),
  );
}

/** Drops Markdown and HTML markup (emphasis, links, code, tags, list bullets, headings, table pipes). */
export function plain(text: string): string {
  return text
    .split("\n")
    .map(plainLine)
    .join("\n")
    .replace(/^\s*\|/gm, "")
    .replace(/\s*\|\s*/g, " | ")
    .replace(/[ \t]+/g, " ")
    .trim();
}

/** Removes citation markers and source lists a generator may add despite instructions. */
export function stripCitations(text: string): string {
  return text
    .replace(/\n+\s*(?:\*\*)?(?:sources?|references?|citations?)(?:\*\*)?\s*:[\s\S]*$/i, "")
    .replace(/\s*【[^】]*】/g, "")
    .replace(/\s*\[\^?\d+(?:\s*[,–-]\s*\d+)*\]/g, "")
    .replace(/\s*\[(?:source|passage|doc(?:ument)?)\s*[^\]]*\]/gi, "")
    .replace(/\s*\((?:source|passage|doc(?:ument)?)s?\s*:?\s*[^)]*\)/gi, "")
    .replace(/[ \t]+([.,;:!?])/g, "$1")
    .replace(/[ \t]{2,}/g, " ")
    .trim();
}
