/**
 * The extractive composer: scores every sentence of the candidate passages against the
 * question, picks the one that answers it (with a neighbour when it needs one), and
 * measures how much of the question the choice covers — the confidence that decides
 * between answering and "not available".
 */
import type { Candidate } from "./retrieve";
import type { Query } from "./question";
import type { Stats } from "./stats";
import { weighted } from "./weights";
import { measuredDuration, typeFit } from "./answer-type";
import { sentences } from "./text/sentences";
import { stems } from "./text/terms";
import { plain, stripCitations } from "./text/plain";

/** Share of a word's weight earned when it is only in the passage's section title. */
const TITLE_CREDIT = 0.75;
/** … or only elsewhere in the same passage. */
const PASSAGE_CREDIT = 0.35;
/** … or in a sentence right next to it. */
const NEIGHBOUR_CREDIT = 0.5;
/** Words sharing their first letters ("europe", "european") are related: partial credit. */
const PREFIX = 5;
const RELATED_CREDIT = 0.8;
/** A synonym from text/synonyms.ts earns nearly full credit. */
const SYNONYM_CREDIT = 0.85;
/** "How long…" is better answered by "14 days" than by "starts straight away": a partial fit. */
const VAGUE_DURATION_FIT = 0.5;
/** Answers longer than this many words are cut at a sentence boundary. */
const MAX_ANSWER_WORDS = 70;

export interface Choice {
  candidate: Candidate;
  sentences: string[];
  /** Index of the chosen sentence. */
  index: number;
  /** Share of the question's weight each sentence of the passage holds. */
  shares: number[];
  /** Weighted share of the question the choice covers, 0..1. */
  coverage: number;
  score: number;
}


/** Pairs of neighbouring question words: found side by side, they mark the right sentence. */
function bigrams(query: Query): string[] {
  const seq = stems(query.text).filter((t) => query.weights.has(t));
  return seq.slice(1).map((t, i) => `${seq[i]} ${t}`);
}

/** Words of one family: the same first five letters ("europe", "european"), or a short word and its longer form ("rent", "renter"). */
function related(term: string, word: string): boolean {
  if (term.length >= PREFIX && word.length >= PREFIX) return word.slice(0, PREFIX) === term.slice(0, PREFIX);
  return term.length === 4 && word.length > 4 && word.length <= 7 && word.startsWith(term);
}

/** The sentence features the ranking model weighs, in the order of RANK_WEIGHTS. */
export const SENTENCE_FEATURES = [
  "coverage", // share of the question covered (title, neighbours, passage give partial credit; misses count against)
  "own", // weighted share of the question in the sentence itself
  "window", // … in the sentence and its neighbours
  "title", // … in the passage's section title
  "adjacent", // neighbouring question words found side by side (capped at 3)
  "typeFit", // the question asks for a kind of fact and the sentence has one the question does not already name
  "typeMiss", // it asks for one and the sentence has none
  "bm25", // the passage's BM25 relative to the best candidate's
  "rank", // the passage's place among the candidates (0 first, 1 last)
  "novel", // share of the sentence's words that are not the question's (an answer adds something)
  "length", // the sentence's length (log of its words)
] as const;

/**
 * Weights of the ranking model: a logistic model of "this sentence holds the answer",
 * fitted offline by test/eval/fit-rank.ts on one half of SQuAD 2.0's articles (never on the
 * own help-centre set). The last entry is the intercept.
 */
export const RANK_WEIGHTS = [1, 0.25, 0, 0, 0.05, 0.3, 0, 0.3, 0, 0, 0, 0];

export interface Scored {
  /** Index of the candidate passage. */
  passage: number;
  sentence: number;
  features: number[];
  coverage: number;
  own: number;
}

function dot(f: number[]): number {
  return f.reduce((a, v, i) => a + v * RANK_WEIGHTS[i], RANK_WEIGHTS[RANK_WEIGHTS.length - 1]);
}

/** Every sentence of every candidate with its features (the ranking model's input). */
export function scoreSentences(query: Query, stats: Stats, list: Candidate[]): { scored: Scored[]; split: string[][] } {
  const { terms, total } = weighted(query, stats);
  const scored: Scored[] = [];
  const split: string[][] = [];
  if (!total) return { scored, split };
  const pairs = bigrams(query);
  const questionStems = new Set(stems(query.text));
  list.forEach((c, rank) => {
    const sents = sentences(c.body);
    split.push(sents);
    const sentStems = sents.map((s) => stems(s));
    // A sentence that leans on the one before ("It costs $8.99…") is read together with it.
    // A list item is read with its lead-in ("**Free** — for small teams." above "- Up to 3 members").
    const leads = leadsOf(sents);
    const sentSets = sentStems.map((s, i) => {
      const context = leads[i] >= 0 ? sentStems[leads[i]] : i > 0 && LEANS_BACK.test(sents[i]) ? sentStems[i - 1] : [];
      return new Set(context.length ? [...context, ...s] : s);
    });
    const titleStems = new Set(stems(c.title));
    const passageStems = new Set(sentStems.flat());
    const hasIn = (set: Set<string> | undefined, t: (typeof terms)[number]) => !!set && (set.has(t.term) || t.alts.some((a) => set.has(a)));
    // A section whose title ("Shipping › Delivery times") holds every word of the question
    // is about it as a whole: its sentences need not repeat the title's words ("Orders
    // arrive in 2 to 4 business days"), and one that only mentions them elsewhere ("skip a
    // single delivery") should not win on that. Its sentences count as holding them all.
    const titleCovers = terms.every((t) => hasIn(titleStems, t));
    sents.forEach((s, i) => {
      let own = 0;
      let covered = 0;
      let lacking = 0;
      let window = 0;
      let title = 0;
      for (const t of terms) {
        let credit = 0;
        if (sentSets[i].has(t.term)) credit = 1;
        else if (t.alts.some((a) => sentSets[i].has(a))) credit = SYNONYM_CREDIT;
        else if (sentStems[i].some((x) => related(t.term, x))) credit = RELATED_CREDIT;
        if (credit) own += t.weight * credit;
        const inTitle = hasIn(titleStems, t);
        if (inTitle) title += t.weight;
        const nearby = hasIn(sentSets[i - 1], t) || hasIn(sentSets[i + 1], t);
        if (credit || nearby) window += t.weight;
        if (!credit && inTitle) credit = TITLE_CREDIT;
        else if (!credit && nearby) credit = NEIGHBOUR_CREDIT;
        else if (!credit && passageStems.has(t.term)) credit = PASSAGE_CREDIT;
        covered += t.weight * credit;
        // A missing word the material has may be paraphrased; one it has never seen names
        // something the material lacks, so it counts for more.
        lacking += t.weight * (1 - credit) * t.lack;
      }
      const joined = sentStems[i].join(" ");
      const adjacent = pairs.filter((p) => joined.includes(p)).length;
      if (titleCovers) {
        own = covered = total;
        lacking = 0;
      }
      const coverage = covered / (covered + lacking || 1);
      const novel = sentStems[i].length ? sentStems[i].filter((x) => !questionStems.has(x)).length / sentStems[i].length : 0;
      const fit = typeFit(s, query.type, questionStems);
      const features = [
        coverage,
        own / total,
        window / total,
        title / total,
        Math.min(3, adjacent),
        fit === true ? (query.type === "duration" && !measuredDuration(s) ? VAGUE_DURATION_FIT : 1) : 0,
        fit === false ? 1 : 0,
        c.bm25 / (list[0].bm25 || -1),
        list.length > 1 ? rank / (list.length - 1) : 0,
        novel,
        Math.log(1 + sentStems[i].length),
      ];
      scored.push({ passage: rank, sentence: i, features, coverage, own: own / total });
    });
  });
  return { scored, split };
}

/** The best sentence in each candidate, best first. */
export function choose(query: Query, stats: Stats, list: Candidate[]): Choice[] {
  const { scored, split } = scoreSentences(query, stats, list);
  const best = new Map<number, Choice>();
  const shares = split.map((s) => new Array<number>(s.length).fill(0));
  for (const s of scored) shares[s.passage][s.sentence] = s.own;
  for (const s of scored) {
    const score = dot(s.features);
    const current = best.get(s.passage);
    if (!current || score > current.score)
      best.set(s.passage, { candidate: list[s.passage], sentences: split[s.passage], index: s.sentence, shares: shares[s.passage], coverage: s.coverage, score });
  }
  return [...best.values()].sort((a, b) => b.score - a.score);
}

const LIST_ITEM = /^\s*(?:[-*•]|\d+[.)])\s/;

/** For each sentence, the index of the lead-in its list item belongs to (the nearest sentence above that is not an item), or -1. */
export function leadsOf(sents: string[]): number[] {
  let lead = -1;
  return sents.map((s, i) => {
    if (!LIST_ITEM.test(s)) {
      lead = i;
      return -1;
    }
    return lead;
  });
}

const LEANS_BACK = /^(?:it|its|this|that|these|those|they|them|their|he|she|his|her|there|then|also|however|but|so|otherwise|in that case|if so)\b/i;

/** A table row as ingestion writes it (ingest/tables.ts): "Plus (plan) — Billed monthly: $10; …". */
const TABLE_ROW = /^[^—\n]{1,80} — [^:\n]{1,60}: /;

/** Least share of the question a following sentence must hold to be added to the answer. */
const FOLLOWING_SHARE = 0.15;
/** … and a preceding one (a higher bar: the answer should lead with the chosen sentence). */
const PRECEDING_SHARE = 0.3;

/**
 * The answer text for a choice: its sentence, the sentence before when it leans on it, the
 * items after a lead-in ("You can pay with:"), and the next sentence when it also speaks to
 * the question (unless the agent wants brief answers).
 */
export function extract(choice: Choice, brief = false, dropReply = false): string {
  const { sentences: sents, index, shares } = choice;
  const words = (s: string) => s.split(/\s+/).length;
  const limit = brief ? MAX_ANSWER_WORDS / 2 : MAX_ANSWER_WORDS;
  // In order of need; whatever fits under the word limit is kept, then read in text order.
  const wanted = [index];
  const lead = leadsOf(sents)[index];
  const leansBack = lead < 0 && (LEANS_BACK.test(plain(sents[index])) || words(sents[index]) < 5);
  if (lead >= 0) wanted.push(lead);
  else if (index > 0 && leansBack) wanted.push(index - 1);
  if (/:\s*$/.test(sents[index])) for (let i = index + 1; i < sents.length && i <= index + 6 && (i === index + 1 || LIST_ITEM.test(sents[i])); i++) wanted.push(i);
  else if (!brief) {
    // Another row of the same table is about another thing ("Downtown" next to "Airport").
    const speaks = (i: number, share: number) => shares[i] >= share && !(TABLE_ROW.test(sents[index]) && TABLE_ROW.test(sents[i]));
    if (index + 1 < sents.length && speaks(index + 1, FOLLOWING_SHARE)) wanted.push(index + 1);
    if (index > 0 && !leansBack && speaks(index - 1, PRECEDING_SHARE)) wanted.push(index - 1);
  }
  const kept: number[] = [];
  let total = 0;
  for (const i of new Set(wanted)) {
    const n = words(sents[i]);
    if (kept.length && total + n > limit) break;
    kept.push(i);
    total += n;
  }
  kept.sort((a, b) => a - b);
  let text = "";
  let listed = false;
  for (const i of kept) {
    const s = plain(sents[i]);
    const item = LIST_ITEM.test(sents[i]);
    // Items under a lead-in ending in ":" go one per line; any other piece that lacks an end
    // mark gets one, so list items and table cells do not run into the next sentence.
    listed = item && (listed || /:\s*$/.test(text));
    if (!text) text = s;
    else if (listed || /:\s*$/.test(text)) text = `${text}\n${s}`;
    else text = `${/[.!?]["')\]]*\s*$/.test(text) ? text : `${text}.`} ${s}`;
  }
  // A "No," that answered the material's own question would contradict the visitor's.
  if (dropReply) text = text.replace(YES_NO, "").replace(/^\p{Ll}/u, (c) => c.toUpperCase());
  // Footnote marks in the material ("[3]") would read as citations: answers carry none.
  return stripCitations(text);
}

const YES_NO = /^(?:yes|no)(?:[,.!;:]\s*|\s+[-–—]\s*)/i;
const BARE_YES_NO = /^(?:yes|no)[.!]?$/i;

/**
 * The question a choice's sentence replies to in the material: an FAQ entry's title ("Do I
 * need to book a helmet?") or the question right before it — when the sentence opens with
 * "Yes" or "No". A visitor asking something else ("Are helmets free?") must not get that "No".
 */
export function repliesTo(choice: Choice): string | null {
  const { sentences: sents, index } = choice;
  // The marker opens the sentence ("No, helmets are free…") or stands alone before it ("No.").
  const at = YES_NO.test(plain(sents[index])) ? index : index > 0 && BARE_YES_NO.test(plain(sents[index - 1])) ? index - 1 : -1;
  if (at < 0) return null;
  const before = at > 0 ? plain(sents[at - 1]) : "";
  if (before.endsWith("?")) return before;
  const title = (choice.candidate.title.split(" › ").pop() ?? "").trim();
  return title.endsWith("?") ? title : null;
}
