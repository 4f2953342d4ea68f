/**
 * Answering: small talk gets the agent's own words; a question gets the sentences of the
 * material that answer it, or — when the material does not cover it confidently — the
 * agent's "not available" reply. With a generator configured, a covered question is
 * phrased by the upstream model from the same passages, falling back to the extract.
 */
import type { Store } from "../store/db";
import type { AgentProfile, Answer, ChatMessage } from "../types";
import { queriesOf, queryOf, type Query } from "./question";
import { statsFor, type Stats } from "./stats";
import { withCompoundsSplit } from "./compounds";
import { candidates, type Candidate } from "./retrieve";
import { choose, extract, repliesTo } from "./compose";
import { matchPair } from "./qa-match";
import { wordOverlap } from "./text/terms";
import { confidenceOf, featuresOf, runnerUp, type Features } from "./confidence";
import { socialReply, voiceOf } from "./voice";
import { generate, generatorConfig, NOT_COVERED } from "./generate";
import { plain, stripCitations } from "./text/plain";
import { withSynonyms } from "./text/synonyms";

/**
 * Least confidence (the model's probability that the chosen sentence answers the question,
 * src/engine/confidence.ts) before the engine answers: the point of `make eval`'s SQuAD
 * sweep with the best mean of (a) answered and (b) declined (the own set plays no part).
 */
export const CONFIDENCE_THRESHOLD = 0.45;

/**
 * Content-word overlap from which a visitor asks what an FAQ entry asks ("do I need to book
 * a helmet" and "Do I need to book a helmet?"), so its "Yes"/"No" answers the visitor too.
 */
const SAME_QUESTION = 0.5;

export interface Finding {
  /** The extractive answer text. */
  text: string;
  /** How likely the answer is right, 0..1 (a pair's agreement with the question for a Q&A pair). */
  confidence: number;
  /** The passages it was drawn from (for the generator). */
  passages: Candidate[];
  fromPair: boolean;
  /** What the confidence was computed from (src/engine/confidence.ts); empty for a pair. */
  features: Features;
}

/** The query as the material words it (compounds typed as one word split), with its statistics. */
function readQuery(store: Store, agentId: string, asked: Query): { query: Query; stats: Stats } {
  const stats = statsFor(store, agentId, withSynonyms([...asked.weights.keys()]));
  const query = withCompoundsSplit(store, agentId, asked, stats);
  return query === asked ? { query, stats } : { query, stats: statsFor(store, agentId, withSynonyms([...query.weights.keys()])) };
}

/** The best extractive answer with its confidence, whatever the threshold (for calibration). */
export function find(store: Store, agentId: string, asked: Query, brief = false): Finding | null {
  const { query, stats } = readQuery(store, agentId, asked);
  const list = candidates(store, agentId, query, stats);
  if (!list.length) return null;
  const pair = matchPair(query, stats, list);
  if (pair) return { text: stripCitations(plain(pair.candidate.body)), confidence: pair.confidence, passages: [pair.candidate], fromPair: true, features: [] };
  const choices = choose(query, stats, list);
  const [best] = choices;
  if (!best) return null;
  const second = runnerUp(choices);
  const features = featuresOf(query, stats, best, second);
  const question = repliesTo(best);
  const otherQuestion = question !== null && wordOverlap(query.text, question) < SAME_QUESTION;
  return { text: extract(best, brief, otherQuestion), confidence: confidenceOf(features), passages: list.slice(0, 4), fromPair: false, features };
}

/** The most confident finding over the readings of the conversation's last question. */
export function findFor(store: Store, agentId: string, messages: ChatMessage[], brief = false): Finding | null {
  let best: Finding | null = null;
  for (const query of queriesOf(messages)) {
    const found = find(store, agentId, query, brief);
    if (found && (!best || found.confidence > best.confidence)) best = found;
    if (best && best.confidence >= CONFIDENCE_THRESHOLD) break;
  }
  return best;
}

export function notAvailable(agent: AgentProfile): string {
  return voiceOf(agent).notAvailable;
}

export async function answer(store: Store, agent: AgentProfile, messages: ChatMessage[]): Promise<Answer> {
  const voice = voiceOf(agent);
  const query = queryOf(messages);
  const social = socialReply(query.text, voice);
  if (social) return { content: social, covered: true };
  const found = findFor(store, agent.id, messages, voice.brief);
  if (!found || found.confidence < CONFIDENCE_THRESHOLD) return { content: voice.notAvailable, covered: false };
  const llm = generatorConfig();
  if (llm && !found.fromPair) {
    const generated = await generate(llm, agent, messages, found.passages);
    if (generated === NOT_COVERED) return { content: voice.notAvailable, covered: false };
    if (generated) return { content: generated, covered: true };
  }
  return { content: found.text, covered: true };
}
