/** The shapes of the service's requests and answers, as the public interface defines them. */

/** The one public model id; every chat request must name it. */
export const MODEL_ID = "service-zenith";

export interface ChatMessage {
  role: "user" | "assistant";
  /** Must not be empty. */
  content: string;
}

export interface ChatCompletionCreateParams {
  /** Oldest first; at least one `user` message. The last `user` message is the question. */
  messages: ChatMessage[];
  model: typeof MODEL_ID;
  /** Streaming does not exist: only `false` or omitted. */
  stream?: false;
  /**
   * Groups turns in the owner's chat log. A grouping hint only: 1–64 characters, never a
   * user id, e-mail address or token.
   */
  session_id?: string;
}

export interface ChatCompletion {
  id: string;
  object: "chat.completion";
  created: number;
  model: string;
  choices: [{ index: 0; message: { role: "assistant"; content: string }; finish_reason: "stop" }];
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
}

export interface Model {
  id: string;
  object: "model";
  created: number;
  owned_by: string;
}

export interface ModelList {
  object: "list";
  data: Model[];
}

export interface AgentConfig {
  object: "agent.config";
  display_name: string;
  cosmetics: Record<string, unknown>;
}

export interface WidgetSession {
  session: string;
  /** Unix time in seconds. */
  expires_at: number;
  agent: { display_name: string; cosmetics: Record<string, unknown> };
}

/** Every result carries the `x-request-id` of the answer that produced it (not enumerable). */
export type WithRequestId<T> = T & { readonly _request_id: string | null };

/** Per-call options; each overrides the client's default for this call only. */
export interface RequestOptions {
  /** Cancels the call (including any wait between retries). */
  signal?: AbortSignal;
  /** Milliseconds per attempt before it is abandoned as timed out. */
  timeout?: number;
  /** Retries after the first attempt for 429, 5xx, connection failures and timeouts. */
  maxRetries?: number;
}
