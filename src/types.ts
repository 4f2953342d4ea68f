/** Types shared across features. */

export interface ChatMessage {
  role: "user" | "assistant";
  content: string;
}

/** What the answer engine needs to know about an agent. */
export interface AgentProfile {
  id: string;
  name: string;
  persona: string;
  instructions: string;
}

/** An answer: its text, and whether the material covered the question. */
export interface Answer {
  content: string;
  covered: boolean;
}
