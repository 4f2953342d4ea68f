/**
 * What kind of fact a question asks for ("how much" → an amount of money, "how long" → a
 * duration, "who" → a name), and whether a sentence holds one. A sentence of the right
 * kind ranks higher (compose.ts), and a sentence without one is less likely right (confidence.ts).
 */
import { stem } from "./text/terms";

export type AnswerType = "money" | "duration" | "temperature" | "number" | "time" | "person" | "place" | "any";

export function typeOf(q: string): AnswerType {
  const s = q.toLowerCase();
  if (/\bhow much (?:does|do|is|are|will|would|did|for|to)\b|\b(?:price|cost|fee|charge)s?\b/.test(s) && !/\bhow (?:many|long)\b/.test(s)) return "money";
  if (/\bhow long (?:must|should|can|could|may|is|are)\b.*\bbe\b/.test(s)) return "number";
  if (/\btemperatures?\b|\bhow (?:hot|warm|cold)\b/.test(s)) return "temperature";
  if (/\bhow (?:long|fast|quickly|soon)\b|\bhow many (?:days|hours|weeks|minutes|months|years)\b|\bwhen will\b/.test(s)) return "duration";
  if (/\bhow (?:many|much|long|far|old|big|large|often|tall|fast)\b|\bwhat (?:percentage|number|amount|size|price|fee|cost)\b|\b(?:phone|telephone|order|tracking|account) number\b/.test(s)) return "number";
  if (/\bwhen\b|\bwhat (?:year|date|day|time|century|decade|month)\b|\bwhich (?:year|date|day|century|month)\b/.test(s)) return "time";
  if (/\bwho\b|\bwhom\b|\bwhose\b/.test(s)) return "person";
  if (/\bwhere\b/.test(s)) return "place";
  return "any";
}

const NUMBER = /\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand|million|billion|once|twice|half|free)\b/i;
const TIME = /\b\d{3,4}s?\b|\b(?:january|february|march|april|may|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday|century|centuries|today|tomorrow|week|weeks|day|days|month|months|year|years|hour|hours|minute|minutes|morning|evening|night|weekend|weekday|weekdays|annually|daily|monthly)\b|\d/i;
const MONEY = /[$€£¥]\s?\d|\d\s?(?:dollars?|euros?|pounds?|usd|eur|gbp|percent|%)/i;
/** A duration as an amount of time ("14 days", "a week"); "within" alone is none ("shipping within the US"). */
const MEASURED_DURATION = /\b(?:\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|a few|same|next)[\s-](?:business |working |calendar )?(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?)\b/i;
/** … or as an instant ("immediately", "same day"). */
const INSTANT = /\b(?:instant(?:ly)?|immediately|straight away|same day|next day)\b/i;
const TEMPERATURE = /\d\s?°|\b\d+\s?degrees?\b|\b(?:boil(?:ing)?|room temperature|freezing)\b/i;
const PROPER = /(?:^|[^.!?]\s)\p{Lu}[\p{L}'-]+/u;

/** Whether the sentence gives a duration as an amount of time ("14 days"), not only "immediately". */
export function measuredDuration(sentence: string): boolean {
  return MEASURED_DURATION.test(sentence);
}

/** Whether a sentence holds the kind of fact the question asks for. */
export function fitsType(sentence: string, type: AnswerType): boolean {
  switch (type) {
    case "money":
      return MONEY.test(sentence);
    case "duration":
      return measuredDuration(sentence) || INSTANT.test(sentence);
    case "temperature":
      return TEMPERATURE.test(sentence);
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

const YEAR_OR_MONTH = /\b\d{3,4}s?\b|\b(?:january|february|march|april|may|june|july|august|september|october|november|december|century|centuries)\b/gi;
const NUMBER_WORD = /\d[\d,.]*|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand|million|billion|half|once|twice)\b/gi;
const CAPITALISED = /(?<=[^.!?]\s)\p{Lu}[\p{L}'-]+/gu;

/**
 * Whether a sentence holds a fact of the asked kind that the question does not already
 * name (an answer adds something: "When did X happen?" is not answered by the year the
 * question mentions). null when the question asks for no particular kind.
 */
export function typeFit(sentence: string, type: AnswerType, questionStems: Set<string>): boolean | null {
  if (type === "any") return null;
  const fresh = (re: RegExp) => (sentence.match(re) ?? []).some((m) => !questionStems.has(m.toLowerCase()) && !questionStems.has(stem(m.toLowerCase())));
  switch (type) {
    case "money":
    case "duration":
    case "temperature":
      return fitsType(sentence, type);
    case "number":
      return fresh(NUMBER_WORD);
    case "time":
      // A date the question names does not answer it; other time words ("in the spring") may.
      return fresh(YEAR_OR_MONTH) || (fitsType(sentence, "time") && !sentence.match(YEAR_OR_MONTH));
    case "person":
    case "place":
      return fresh(CAPITALISED);
  }
}
