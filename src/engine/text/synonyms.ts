/**
 * Everyday support vocabulary that visitors and help pages word differently ("package" /
 * "parcel", "yearly" / "annual"). A question word also matches its group's other words,
 * with a little less credit than itself. General shop and account language only: nothing
 * here names one company's products.
 */
import { stem } from "./terms";

const GROUPS = `parcel package shipment box
ship deliver dispatch send
broken damaged faulty defective
refund reimburse reimbursement
cancel terminate
delete remove erase close
phone telephone call
hours open available
deadline until latest
minimum least start
maximum most
login signin sign log
buy purchase
item product article
shop store retailer
discount deal sale promotion promo coupon voucher code
basket cart bag
return send
exchange swap replace replacement
warranty guarantee
membership subscription plan member
invoice receipt bill
cheaper lower cheap
expire expiry expiration
quantity units amount
annual yearly year
monthly month
christmas holiday holidays
international abroad overseas foreign
lost missing lose
customer support care service
company business
fast quick express
message text sms
verification verify authentication
code pin passcode
age old years
grind ground
arrive come came`;

/** British and American spellings of one word: a visitor may write either ("tire" / "tyre"). */
const SPELLINGS = `tyre tire
licence license
colour color
centre center
metre meter
litre liter
theatre theater
catalogue catalog
programme program
favourite favorite
behaviour behavior
neighbour neighbor
labour labor
organise organize
organisation organization
authorise authorize
authorisation authorization
customise customize
personalise personalize
recognise recognize
apologise apologize
analyse analyze
minimise minimize
prioritise prioritize
enrol enroll
enrolment enrollment
fulfil fulfill
instalment installment
jewellery jewelry
aluminium aluminum
grey gray
defence defense
offence offense
paediatric pediatric
orthopaedic orthopedic
anaesthetic anesthetic
mum mom
pyjamas pajamas
kerb curb
mould mold
cosy cozy
ageing aging
judgement judgment
dialogue dialog
practise practice`;

/** Each stem's group-mates: their stems (for scoring) and a word for each (for FTS5 queries). */
export const SYNONYMS = new Map<string, string[]>();
export const SYNONYM_WORDS = new Map<string, string[]>();
for (const line of `${GROUPS}\n${SPELLINGS}`.split("\n")) {
  const group = line.trim().split(/\s+/).map((word) => ({ word, stem: stem(word) }));
  for (const { stem: s } of group) {
    const others = group.filter((o) => o.stem !== s);
    SYNONYMS.set(s, [...new Set([...(SYNONYMS.get(s) ?? []), ...others.map((o) => o.stem)])]);
    SYNONYM_WORDS.set(s, [...new Set([...(SYNONYM_WORDS.get(s) ?? []), ...others.map((o) => o.word)])]);
  }
}

/**
 * One way only: "usa" (how the question module reads "US", "U.S." and "USA") is written
 * "US", "U.S." or "United States" in the material, but "united" does not mean "states".
 */
const ABBREVIATIONS: [string, string[]][] = [["usa", ["us", "u", "united", "states"]]];
for (const [short, long] of ABBREVIATIONS) {
  SYNONYMS.set(stem(short), [...new Set(long.map(stem))]);
  SYNONYM_WORDS.set(stem(short), long);
}

/** The stems and all their synonyms. */
export function withSynonyms(stems: string[]): string[] {
  return [...new Set(stems.flatMap((s) => [s, ...(SYNONYMS.get(s) ?? [])]))];
}
