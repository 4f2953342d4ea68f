/**
 * Heading-aware splitting: Markdown-ish text becomes passages of a few paragraphs, each
 * keeping the title path of its section ("Shipping › Delivery times"), so a passage that
 * never repeats its topic still matches it.
 */
import { sentences } from "../text/sentences";

export interface Passage {
  title: string;
  body: string;
}

/** A passage is cut once it passes this many words (at a paragraph or sentence boundary). */
const MAX_WORDS = 150;

/** Characters below 0x80 that `\s` matches. */
const ASCII_SPACE = new Uint8Array(128);
for (let c = 0; c < 128; c++) ASCII_SPACE[c] = /\s/.test(String.fromCharCode(c)) ? 1 : 0;
const SPACE = /\s/;

/**
 * Runs of non-space characters: what `s.split(/\s+/).filter(Boolean).length` counts, without
 * making a string of each word (every word of every document passes through here).
 */
function wordCount(s: string): number {
  let words = 0;
  let inWord = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const space = c < 128 ? ASCII_SPACE[c] === 1 : SPACE.test(s[i]);
    if (!space && !inWord) words++;
    inWord = !space;
  }
  return words;
}

/** Plain-text headings: a short line without closing punctuation standing alone before text. */
function looksLikeHeading(block: string): boolean {
  return !block.includes("\n") && block.length <= 70 && /^[\p{Lu}\p{N}]/u.test(block) && !/[.,;:!?)]$/.test(block) && wordCount(block) <= 10;
}

/**
 * A run-in heading: a paragraph that opens with a short title ending in a full stop
 * ("Backups. We back up all customer data every 6 hours."), common in PDFs and plain text.
 * A phrase that reads as a sentence — it starts with a pronoun or an answer word, or holds
 * a verb such as "is" or "can" — is not one.
 */
const RUN_IN = /^([\p{Lu}][^\n.!?:;]{1,48}?)\.[ \t]+(?=[\p{Lu}\p{N}"“])/u;
const NOT_A_TITLE = /^(?:i|it|its|we|you|they|he|she|this|that|these|those|there|here|yes|no|ok|okay|please|thanks|thank|note|see)\b|\b(?:is|are|was|were|be|been|has|have|had|do|does|did|can|cannot|will|would|should|may|might|must|could|not)\b/i;

function runInHeading(block: string): { title: string; rest: string } | null {
  const m = RUN_IN.exec(block);
  if (!m || wordCount(m[1]) > 6 || NOT_A_TITLE.test(m[1])) return null;
  const rest = block.slice(m[0].length).trim();
  return wordCount(rest) >= 4 ? { title: m[1].trim(), rest } : null;
}

/** A piece of text with its word count (counted once: joining with whitespace adds them up). */
interface Counted {
  text: string;
  words: number;
}

/** Long blocks are broken at sentence ends so no passage is much longer than MAX_WORDS. */
function pieces(block: string): Counted[] {
  const total = wordCount(block);
  if (total <= MAX_WORDS) return [{ text: block, words: total }];
  return joinUpTo(sentences(block).map((s) => ({ text: s, words: wordCount(s) })), " ");
}

/** Joins consecutive parts with `sep` while the result stays within MAX_WORDS. */
function joinUpTo(parts: Counted[], sep: string): Counted[] {
  const out: Counted[] = [];
  let cur: Counted = { text: "", words: 0 };
  for (const part of parts) {
    if (cur.text && cur.words + part.words > MAX_WORDS) {
      out.push(cur);
      cur = { text: "", words: 0 };
    }
    cur = cur.text ? { text: `${cur.text}${sep}${part.text}`, words: cur.words + part.words } : part;
  }
  if (cur.text) out.push(cur);
  return out;
}

/** A line of = or - after another line: only then can the setext pass change anything. */
const SETEXT_UNDERLINE = /\n(=+|-+)[ \t]*$/m;

export function splitText(text: string, docTitle: string, opts: { guessHeadings?: boolean; runInHeadings?: boolean } = {}): Passage[] {
  const out: Passage[] = [];
  const path: { level: number; text: string }[] = [];
  const titleOf = () => [docTitle, ...path.map((h) => h.text).filter((t) => t.toLowerCase() !== docTitle.toLowerCase())].join(" › ");
  let buf: string[] = [];
  const flush = () => {
    for (const body of joinUpTo(buf.flatMap(pieces), "\n\n")) out.push({ title: titleOf(), body: body.text });
    buf = [];
  };
  const heading = (level: number, textOf: string) => {
    flush();
    while (path.length && path[path.length - 1].level >= level) path.pop();
    path.push({ level, text: textOf.replace(/[#*_`]+/g, "").trim() });
  };
  const lf = text.replace(/\r\n?/g, "\n");
  // The setext pass backtracks through every line; most text has no underline to find.
  const setext = SETEXT_UNDERLINE.test(lf) ? lf.replace(/^(.+)\n(=+|-+)[ \t]*$/gm, (_, t: string, u: string) => `${u[0] === "=" ? "#" : "##"} ${t}`) : lf;
  const normalised = setext.replace(/^(#{1,6}[ \t]+.+)$/gm, "\n$1\n");
  for (const raw of normalised.split(/\n[ \t]*\n/)) {
    let block = raw.trim();
    if (!block) continue;
    const m = /^(#{1,6})[ \t]+(.+)$/.exec(block);
    if (m) {
      heading(m[1].length, m[2]);
      continue;
    }
    if (opts.guessHeadings && looksLikeHeading(block)) {
      heading(2, block);
      continue;
    }
    const runIn = opts.runInHeadings ? runInHeading(block) : null;
    if (runIn) {
      // Below the document's own headings: the next run-in title replaces this one.
      heading(4, runIn.title);
      block = runIn.rest;
    }
    buf.push(block.replace(/[ \t]+/g, " "));
  }
  flush();
  return out;
}
