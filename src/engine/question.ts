/**
 * From the conversation to what is asked: the last user message, and — when it is a
 * follow-up ("and in Europe?", "how do I turn it off?") — the earlier question it leans on.
 */
import type { ChatMessage } from "../types";
import { STOP_WORDS, stem, words } from "./text/terms";
import { GENERIC_STEMS } from "./text/generic";
import { typeOf, type AnswerType } from "./answer-type";

export interface Query {
  /** The question as asked. */
  text: string;
  /** Meaningful stems with their weight (1 for the question, less for carried context). */
  weights: Map<string, number>;
  /** A surface word for each stem: FTS5 stems query words itself, so it is given words. */
  surface: Map<string, string>;
  /** What kind of fact would answer it. */
  type: AnswerType;
  followUp: boolean;
}

const FOLLOW_START = /^\s*(?:and|or|but|also|so|then|what about|how about|same for|what if|and if|and what|and how|and for|ok(?:ay)?,?\s+(?:and|what|how))\b/i;
const BACK_REFERENCE = /\b(?:it|its|that|this|they|them|their|those|these|there|one|ones|he|she|his|her)\b/i;
/** Weight of words carried over from the earlier question. */
const CARRIED_WEIGHT = 0.4;

/** Short forms visitors type for names the material spells out. */
const ALIASES: Record<string, string[]> = {
  uk: ["united", "kingdom"],
  eu: ["european", "union"],
  faq: ["questions"],
  pw: ["password"],
  acct: ["account"],
};

/**
 * Small talk before the question ("Hey, is the loyalty program free?", "Thanks! And to
 * Europe?"): not part of what is asked. Words that also start questions ("great", "ok")
 * count only with a mark after them ("Great Britain?" stays).
 */
const OPENER = /^\s*(?:(?:(?:hi|hello|hey|hiya|howdy|greetings|good (?:morning|afternoon|evening|day))(?:\s+there)?[\s!.,:;-]+|(?:thanks|thank you|thx|cheers|ok|okay|great|cool|perfect)\s*[!.,:;-]+\s*))+/i;

/** The message without a greeting or thanks in front of its question (kept whole when that is all it is). */
function withoutOpener(message: string): string {
  const rest = message.replace(OPENER, "");
  return rest.trim() ? rest : message;
}

/** Phrases visitors use for a word the material uses ("get my money back" for a refund). */
const PHRASES: [RegExp, string][] = [
  [/\bmoney back\b/gi, "refund"],
  // "US" in capitals is the country, not "us" (a stop word): "and to the US?". As "usa" it
  // also finds "US", "U.S." and "United States" in the material (text/synonyms.ts).
  [/\bU\.S\.(?:A\.)?|\bUSA?\b/g, "usa"],
  [/\b(?:the )?united states(?: of america)?\b/gi, "usa"],
];

/** The letter of a compound like "e-bike" or "T-shirt": kept, as it tells an e-bike from a bike. */
const COMPOUND_LETTER = /(?<![\p{L}\p{N}])(\p{L})-(?=\p{L}{2})/gu;

function meaningful(text: string): { stem: string; word: string }[] {
  const letters = new Set([...text.matchAll(COMPOUND_LETTER)].map((m) => m[1].toLowerCase()));
  return words(PHRASES.reduce((t, [phrase, word]) => t.replace(phrase, word), text))
    .flatMap((w) => ALIASES[w] ?? [w])
    .filter((w) => !STOP_WORDS.has(w) && (w.length > 1 || /\p{N}/u.test(w) || letters.has(w)))
    .map((w) => ({ stem: stem(w), word: w }));
}

/**
 * Whether a question leans on the turn before it: surely ("and in Europe?", "how do I turn
 * it off?", nothing specific of its own), perhaps (one specific word: "When are refunds
 * issued?" stands alone, "The email never came" does not), or not.
 */
function followUpKind(question: string, terms: { stem: string }[]): "yes" | "maybe" | "no" {
  const specific = terms.filter((t) => !GENERIC_STEMS.has(t.stem)).length;
  if (FOLLOW_START.test(question) || specific === 0 || (terms.length <= 3 && BACK_REFERENCE.test(question))) return "yes";
  return specific === 1 ? "maybe" : "no";
}

function build(users: string[], withContext: boolean): Query {
  const text = users[users.length - 1] ?? "";
  const weights = new Map<string, number>();
  const surface = new Map<string, string>();
  for (const t of meaningful(text)) {
    weights.set(t.stem, 1);
    surface.set(t.stem, t.word);
  }
  let typeSource = text;
  if (withContext) {
    // Walk back while the earlier questions are themselves follow-ups, fading their weight.
    let weight = CARRIED_WEIGHT;
    for (let i = users.length - 2; i >= 0 && weight > 0.2; i--) {
      const earlier = meaningful(users[i]);
      // Only the earlier question's subject carries over, not how it asked ("how much", "cost").
      for (const t of earlier.filter((e) => !GENERIC_STEMS.has(e.stem))) {
        if (!weights.has(t.stem)) weights.set(t.stem, weight);
        if (!surface.has(t.stem)) surface.set(t.stem, t.word);
      }
      if (typeOf(text) === "any") typeSource = users[i];
      if (followUpKind(users[i], earlier) === "no") break;
      weight *= 0.5;
    }
  }
  return { text, weights, surface, type: typeOf(typeSource), followUp: withContext };
}

/**
 * The readings of the conversation's last question to try, in order: with the earlier
 * question's subject carried over and/or on its own. The engine answers with the first
 * confident one (or, if none is, the most confident).
 */
export function queriesOf(messages: ChatMessage[]): Query[] {
  const users = messages.filter((m) => m.role === "user").map((m) => withoutOpener(m.content));
  const last = users[users.length - 1] ?? "";
  const kind = users.length > 1 ? followUpKind(last, meaningful(last)) : "no";
  // A conversation usually stays on its subject: the reading with context goes first.
  if (kind === "maybe") return [build(users, true), build(users, false)];
  return [build(users, kind === "yes")];
}

/** The first reading of the last question (see queriesOf). */
export function queryOf(messages: ChatMessage[]): Query {
  return queriesOf(messages)[0];
}
