/**
 * The extractive composer: scores every sentence of the candidate passages against the
 * question, picks the one that answers it (with a neighbour when it needs one), and
 * measures how much of the question the choice covers — the confidence that decides
 * between answering and "not available".
 */
import type { Candidate } from "./retrieve";
import type { Query, AnswerType } from "./question";
import { idf, type Stats } from "./stats";
import { sentences } from "./text/sentences";
import { stems } from "./text/terms";
import { plain } from "./text/plain";
import { GENERIC_STEMS } from "./text/generic";

/** Share of a word's weight earned when it is only in the passage's section title. */
const TITLE_CREDIT = Number(process.env.TC ?? 0.75);
/** … or only elsewhere in the same passage. */
const PASSAGE_CREDIT = 0.35;
/** … or in a sentence right next to it. */
const NEIGHBOUR_CREDIT = Number(process.env.NC ?? 0.5);
/** Extra weight, when ranking, for words in the sentence itself. */
const OWN_WEIGHT = Number(process.env.OWN ?? 0.25);
/** Words sharing their first letters ("europe", "european") are related: partial credit. */
const PREFIX = Number(process.env.PFX ?? 5);
const RELATED_CREDIT = Number(process.env.RC ?? 0.8);
export const MISSING_KNOWN = Number(process.env.MK ?? 1.0);
export const MISSING_UNKNOWN = Number(process.env.MU ?? 1.5);
export const MISSING_GENERIC = Number(process.env.MG ?? 0.35);
const GENERIC_IDF_CAP = Number(process.env.GC ?? 1);
const TYPE_BONUS = Number(process.env.TB ?? 0.15);
const BM25_WEIGHT = Number(process.env.BMW ?? 0.3);
const IDF_POWER = Number(process.env.IDFP ?? 1);
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
  /** The signals the confidence model weighs (see confidence.ts). */
  signals: Signals;
}

export interface Signals {
  /** Share of the question's weight in the sentence itself. */
  own: number;
  /** Share of the question's neighbouring word pairs found side by side. */
  adjacent: number;
  /** The sentence holds the kind of fact asked for. */
  fits: number;
  /** The rarest question word missing from the passage and its title, as a share of the rarest asked. */
  missing: number;
}

const NUMBER = /\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand|million|billion|once|twice|half|free)\b/i;
const TIME = /\b\d{3,4}s?\b|\b(?:january|february|march|april|may|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday|century|centuries|today|tomorrow|week|weeks|day|days|month|months|year|years|hour|hours|minute|minutes|morning|evening|night|weekend|weekday|weekdays|annually|daily|monthly)\b|\d/i;
const MONEY = /[$€£¥]\s?\d|\d\s?(?:dollars?|euros?|pounds?|usd|eur|gbp|percent|%)/i;
const DURATION = /\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|a few|same|next)[\s-](?:business |working |calendar )?(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?)\b|\b(?:instant(?:ly)?|immediately|straight away|same day|next day|within)\b/i;
const PROPER = /(?:^|[^.!?]\s)\p{Lu}[\p{L}'-]+/u;

/** Whether a sentence holds the kind of fact the question asks for. */
function fitsType(sentence: string, type: AnswerType): boolean {
  switch (type) {
    case "money":
      return MONEY.test(sentence);
    case "duration":
      return DURATION.test(sentence);
    case "number":
      return NUMBER.test(sentence);
    case "time":
      return TIME.test(sentence);
    case "person":
    case "place":
      return PROPER.test(sentence.slice(1));
    default:
      return true;
  }
}

export interface Weighted {
  term: string;
  weight: number;
  unknown: boolean;
  /** How much the word counts against a sentence that lacks it. */
  lack: number;
}

/**
 * Each question word's weight: its rarity, times how much it belongs to this question.
 * A word found nowhere in the material weighs more (it names something the material does
 * not have); a word the material has but the sentence lacks may just be paraphrased, so
 * the composer discounts it when it measures coverage.
 */
export function weighted(query: Query, stats: Stats): { terms: Weighted[]; total: number } {
  const terms = [...query.weights].map(([term, w]) => {
    const generic = GENERIC_STEMS.has(term);
    const unknown = (stats.df.get(term) ?? 0) === 0 && !generic;
    // An everyday word is not informative just because this material happens to lack it.
    const rarity = generic ? Math.min(GENERIC_IDF_CAP, idf(stats, term)) : idf(stats, term);
    return { term, weight: w * rarity ** IDF_POWER, unknown, lack: generic ? MISSING_GENERIC : unknown ? MISSING_UNKNOWN : MISSING_KNOWN };
  });
  return { terms, total: terms.reduce((a, t) => a + t.weight, 0) };
}

/** Pairs of neighbouring question words: found side by side, they mark the right sentence. */
function bigrams(query: Query): string[] {
  const seq = stems(query.text).filter((t) => query.weights.has(t));
  return seq.slice(1).map((t, i) => `${seq[i]} ${t}`);
}

/** The best sentence in each candidate, best first. */
export function choose(query: Query, stats: Stats, list: Candidate[]): Choice[] {
  const { terms, total } = weighted(query, stats);
  if (!total) return [];
  const pairs = bigrams(query);
  const heaviest = Math.max(...terms.map((t) => t.weight));
  const out: Choice[] = [];
  list.forEach((c, rank) => {
    const sents = sentences(c.body);
    const sentStems = sents.map((s) => stems(s));
    const sentSets = sentStems.map((s) => new Set(s));
    const titleStems = new Set(stems(c.title));
    const passageStems = new Set(sentStems.flat());
    let best: Choice | null = null;
    const shares: number[] = [];
    sents.forEach((s, i) => {
      let own = 0;
      let covered = 0;
      let lacking = 0;
      for (const t of terms) {
        let credit = 0;
        if (sentSets[i].has(t.term)) credit = 1;
        else if (t.term.length >= PREFIX && sentStems[i].some((x) => x.length >= PREFIX && x.slice(0, PREFIX) === t.term.slice(0, PREFIX))) credit = RELATED_CREDIT;
        if (credit) own += t.weight * credit;
        if (!credit && titleStems.has(t.term)) credit = TITLE_CREDIT;
        else if (!credit && (sentSets[i - 1]?.has(t.term) || sentSets[i + 1]?.has(t.term))) credit = NEIGHBOUR_CREDIT;
        else if (!credit && passageStems.has(t.term)) credit = PASSAGE_CREDIT;
        covered += t.weight * credit;
        // A missing word the material has may be paraphrased; one it has never seen names
        // something the material lacks, so it counts for more.
        lacking += t.weight * (1 - credit) * t.lack;
      }
      shares.push(own / total);
      const joined = sentStems[i].join(" ");
      const adjacent = pairs.filter((p) => joined.includes(p)).length;
      const coverage = covered / (covered + lacking || 1);
      let missing = 0;
      for (const t of terms) if (!passageStems.has(t.term) && !titleStems.has(t.term)) missing = Math.max(missing, t.weight / heaviest);
      const signals = { own: own / total, adjacent: pairs.length ? adjacent / pairs.length : 0, fits: fitsType(s, query.type) ? 1 : 0, missing };
      const score = coverage + OWN_WEIGHT * (own / total) + Math.min(0.15, 0.05 * adjacent) + (fitsType(s, query.type) ? TYPE_BONUS : 0) + BM25_WEIGHT * (c.bm25 / (list[0].bm25 || -1));
      if (!best || score > best.score) best = { candidate: c, sentences: sents, index: i, shares, coverage, score, signals };
    });
    if (best) out.push(best);
  });
  return out.sort((a, b) => b.score - a.score);
}

const LEANS_BACK = /^(?:it|its|this|that|these|those|they|them|their|he|she|his|her|there|then|also|however|but|so|otherwise|in that case|if so)\b/i;

/** Least share of the question a following sentence must hold to be added to the answer. */
const FOLLOWING_SHARE = Number(process.env.FS ?? 0.15);
/** … and a preceding one (a higher bar: the answer should lead with the chosen sentence). */
const PRECEDING_SHARE = Number(process.env.PS ?? 0.3);

/**
 * The answer text for a choice: its sentence, the sentence before when it leans on it, the
 * items after a lead-in ("You can pay with:"), and the next sentence when it also speaks to
 * the question (unless the agent wants brief answers).
 */
export function extract(choice: Choice, brief = false): string {
  const { sentences: sents, index, shares } = choice;
  const words = (s: string) => s.split(/\s+/).length;
  const limit = brief ? MAX_ANSWER_WORDS / 2 : MAX_ANSWER_WORDS;
  // In order of need; whatever fits under the word limit is kept, then read in text order.
  const wanted = [index];
  const leansBack = LEANS_BACK.test(plain(sents[index])) || words(sents[index]) < 5;
  if (index > 0 && leansBack) wanted.push(index - 1);
  if (/:\s*$/.test(sents[index])) for (let i = index + 1; i < sents.length && i <= index + 6; i++) wanted.push(i);
  else if (!brief) {
    if (index + 1 < sents.length && shares[index + 1] >= FOLLOWING_SHARE) wanted.push(index + 1);
    if (index > 0 && !leansBack && shares[index - 1] >= PRECEDING_SHARE) wanted.push(index - 1);
  }
  const kept: number[] = [];
  let total = 0;
  for (const i of wanted) {
    const n = words(sents[i]);
    if (kept.length && total + n > limit) break;
    kept.push(i);
    total += n;
  }
  kept.sort((a, b) => a - b);
  let text = "";
  for (const i of kept) {
    const s = plain(sents[i]);
    text = text ? `${text}${/:\s*$/.test(text) ? "\n" : " "}${s}` : s;
  }
  return text;
}
