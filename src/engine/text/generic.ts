/**
 * Everyday words of questions ("look", "came", "stuck", "problem"). When the material
 * lacks one, that says little about whether it covers the question — unlike a missing
 * name or thing ("bitcoin", "Japan") — so the composer discounts them like paraphrases.
 */
import { stem } from "./terms";

const WORDS = `able accept add after again ago allow allowed almost alone already always another answer anyone anymore anyway anywhere appear apply around ask asked
asking away back bad basically became become before begin best better big bit both bring broke broken buy call called came care case cause change check
choose close come comes coming complete correct could create current day days deal did different do does doing done down during each early easy
else end enough even ever every everything example exist fail failed fine finish first fix follow found free full get give given go goes going gone
good got great happen happened hard has have help here high hold home hour hours idea important include instead issue issues item just keep kind
know last late later least leave left less let like likely little look looked looking looks lot made make many matter maybe mean meant might mine
minute minutes miss missed month months more most move moved much must near need never new next nice normal normally nothing now number
often old once open option options order other others part people person place plan point possible pretty probably problem problems put question
questions quick quite rather read ready real really reason receive received right run said same say see seem seems seen send sent set several
should show since small so some someone something sometimes soon sorry start started still stop stuck such sure take taken tell than thing things
think though time times today together told too took try trying turn understand until use used using usual usually very wait want wanted way
week weeks well went size type types one two three four five six seven eight nine ten valid reach reaches arrive arrives arrived price prices priced cost costs fee fees charge charged pay paid forgot forget forgotten offer offers offered sell sells sold provide provides available located location locate support supports allowed whatever while whole why will wish within without work worked working works worry would wrong year years yes yet temperature temperatures degree degrees`;

export const GENERIC_STEMS = new Set(WORDS.split(/\s+/).filter(Boolean).map(stem));
