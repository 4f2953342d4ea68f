/**
 * From a validated question to a completion: subscription and allowance (200 with the
 * unavailability message and zero usage), the answer (cached while nothing changed),
 * usage from the real tokenizer, and the exchange recorded.
 */
import { LRUCache } from "lru-cache";
import type { Store } from "../../store/db";
import type { Principal } from "../../auth/principal";
import type { Answer, ChatMessage } from "../../types";
import { answer as engineAnswer } from "../../engine";
import { countTokens } from "../../engine/tokens";
import { redactKeys } from "../../auth/key-format";
import { monthOf } from "../../limits/monthly";
import type { JournalWriter } from "./journal-writer";

export const UNAVAILABLE = "This assistant is temporarily unavailable. Please try again later.";

export interface Completion {
  content: string;
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
}

const ZERO = { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 };

export class Completer {
  /** Answers by agent and conversation; cleared whenever the store changes underneath. */
  readonly cache = new LRUCache<string, Answer & { tokens: number }>({ max: 1_000 });
  /** Token counts of message texts: repeated questions and history are counted once. */
  private readonly tokenCache = new LRUCache<string, number>({ max: 2_000 });
  constructor(
    private readonly store: Store,
    private readonly writer: JournalWriter,
  ) {}

  private async tokens(text: string): Promise<number> {
    let n = this.tokenCache.get(text);
    if (n === undefined) {
      n = await countTokens(text);
      this.tokenCache.set(text, n);
    }
    return n;
  }

  /**
   * Accounts whose allowance this month was found spent (by a refused count), so later
   * questions skip the engine. The store stays the authority: a raised limit arrives as a
   * foreign commit, which clears this along with the other caches.
   */
  readonly spent = new LRUCache<string, true>({ max: 10_000 });

  /** Forgets everything derived from the store. */
  clear(): void {
    this.cache.clear();
    this.spent.clear();
  }

  private unavailable(principal: Principal): boolean {
    const { account } = principal;
    return account.subscription !== "active" || account.monthly <= 0 || this.spent.has(`${account.id}\0${monthOf(Date.now())}`);
  }

  private async answerFor(principal: Principal, messages: ChatMessage[]): Promise<Answer & { tokens: number }> {
    const key = `${principal.agent.id}\0${JSON.stringify(messages)}`;
    const hit = this.cache.get(key);
    if (hit) return hit;
    const result = await engineAnswer(this.store, principal.agent, messages);
    const entry = { ...result, tokens: await countTokens(result.content) };
    this.cache.set(key, entry);
    return entry;
  }

  async complete(principal: Principal, messages: ChatMessage[], sessionHint: string | null, logSessionId?: string): Promise<Completion> {
    if (this.unavailable(principal)) return { content: UNAVAILABLE, usage: ZERO };
    const result = await this.answerFor(principal, messages);
    let promptTokens = 0;
    for (const m of messages) promptTokens += await this.tokens(m.content);
    const completionTokens = result.tokens;
    const question = [...messages].reverse().find((m) => m.role === "user")!.content;
    const recorded = await this.writer.record({
      principal,
      sessionHint,
      logSessionId,
      question: redactKeys(question),
      answer: redactKeys(result.content),
      covered: result.covered,
      promptTokens,
      completionTokens,
    });
    if (!recorded) {
      this.spent.set(`${principal.account.id}\0${monthOf(Date.now())}`, true);
      return { content: UNAVAILABLE, usage: ZERO };
    }
    return {
      content: result.content,
      usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
    };
  }
}
