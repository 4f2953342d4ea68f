/**
 * The agent's voice for what the engine says itself: greeting, thanks, and the "not
 * available" reply. Persona and instructions set the tone (friendly, formal or neutral);
 * a quoted phrase in the instructions ("If you don't know, say \"…\"") is used verbatim.
 */
import type { AgentProfile } from "../types";

export type Tone = "friendly" | "formal" | "neutral";

export interface Voice {
  tone: Tone;
  greeting: string;
  thanks: string;
  notAvailable: string;
  /** The instructions ask for short answers: one sentence, no neighbour. */
  brief: boolean;
}

const DEFAULT_NOT_AVAILABLE: Record<Tone, string> = {
  friendly: "Sorry, that information is not available here. Is there anything else I can help you with?",
  formal: "I am sorry, but that information is not available.",
  neutral: "Sorry, that information is not available.",
};

/** A quoted phrase in the instructions whose lead-in mentions one of the cue words. */
function quotedAfter(instructions: string, cue: RegExp): string | null {
  for (const m of instructions.matchAll(/["“]([^"”]{2,300})["”]/g)) {
    const before = instructions.slice(Math.max(0, m.index! - 100), m.index);
    const sentenceStart = Math.max(before.lastIndexOf(". "), before.lastIndexOf("\n"));
    if (cue.test(before.slice(sentenceStart + 1))) return m[1].trim();
  }
  return null;
}

export function toneOf(agent: AgentProfile): Tone {
  const text = `${agent.persona}\n${agent.instructions}`.toLowerCase();
  if (/\b(formal|professional|courteous|polite|respectful)\b/.test(text) && !/\bnot formal\b|\binformal\b/.test(text)) return "formal";
  if (/\b(friendly|warm|cheerful|casual|informal|upbeat|fun|playful|chatty|enthusiastic)\b/.test(text)) return "friendly";
  return "neutral";
}

export function voiceOf(agent: AgentProfile): Voice {
  const tone = toneOf(agent);
  const custom = agent.instructions;
  return {
    tone,
    greeting:
      quotedAfter(custom, /greet|welcome|hello|\bhi\b/i) ??
      (tone === "formal" ? `Hello, this is ${agent.name}. How may I help you?` : `Hi! I'm ${agent.name}. What can I help you with?`),
    thanks: tone === "formal" ? "You are welcome." : tone === "friendly" ? "You're welcome! Anything else?" : "You're welcome.",
    notAvailable:
      quotedAfter(custom, /(don'?t|do not|can'?t|cannot|unable to) (know|find|answer)|not (available|covered|in the)|unsure|no answer|unknown|out of scope/i) ??
      DEFAULT_NOT_AVAILABLE[tone],
    brief: /\b(short|brief|concise|succinct|one sentence)\b/i.test(custom),
  };
}

const GREETING = /^\s*(?:hi|hello|hey|hiya|howdy|good (?:morning|afternoon|evening)|greetings)(?:\s+there)?[\s!.,]*$/i;
const THANKS = /^\s*(?:(?:ok(?:ay)?|great|perfect|cool)[,!.\s]+)?(?:thanks?|thank you|thx|cheers|many thanks)(?:\s+(?:a lot|so much|very much))?[\s!.,]*$/i;

/** A reply for small talk (greeting, thanks), or null when the message asks something. */
export function socialReply(question: string, voice: Voice): string | null {
  if (GREETING.test(question)) return voice.greeting;
  if (THANKS.test(question)) return voice.thanks;
  return null;
}
