/**
 * The Zenith client. Safe by construction: a malformed key or a secret key in a browser is
 * refused by the constructor; a publishable key on chat, or a secret key on widget sessions,
 * is refused before any request; chat bodies are checked locally with the service's rules.
 */
import { localError, ZenithConfigError } from "./errors.js";
import { assertKeyFitsEnvironment, isBrowser, KEY_IN_TEXT, keyKindOf, type KeyKind } from "./keys.js";
import { DEFAULT_POLICY } from "./retry.js";
import { send, timerSleep, type Call, type Fetch, type Sleep, type TransportConfig } from "./transport.js";
import type { AgentConfig, ChatCompletion, ChatCompletionCreateParams, Model, ModelList, RequestOptions, WidgetSession, WithRequestId } from "./types.js";
import { chatRequestError, encodeBody } from "./validate.js";

export interface ClientOptions {
  /** `svc_sk_…` on a server, `svc_pk_…` in a browser. */
  apiKey: string;
  /** The service's address, e.g. `https://answers.example.com` (the `/v1` paths are added). */
  baseURL: string;
  /** Milliseconds per attempt (default 60 000). */
  timeout?: number;
  /** Retries for 429, 5xx, connection failures and timeouts (default 2). */
  maxRetries?: number;
  /** A Retry-After longer than this many ms is not waited for (default 60 000). */
  maxRetryDelay?: number;
  /**
   * Origin header for a publishable key used outside a browser (server-side rendering,
   * tests). Browsers always send their page's own origin and ignore this.
   */
  origin?: string;
  /** A fetch implementation (default: the global one). */
  fetch?: Fetch;
  /** Testing hooks: how the client waits between retries, and its jitter source. */
  sleep?: Sleep;
  random?: () => number;
}

/** setTimeout's ceiling: a longer delay would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

function checkNumber(name: string, value: unknown, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isFinite(value) || value < min || value > MAX_TIMER_MS)
    throw new ZenithConfigError("invalid_option", `${name} must be a finite number from ${min} to ${MAX_TIMER_MS}.`);
  return value;
}

const checkTimeout = (value: unknown, fallback: number) => checkNumber("timeout", value, fallback, 1);
const checkRetries = (value: unknown, fallback: number) => Math.floor(checkNumber("maxRetries", value, fallback, 0));

/** The base address without a trailing slash; never with a query, fragment or credentials. */
function normaliseBaseURL(value: unknown): string {
  if (typeof value !== "string" || value === "") throw new ZenithConfigError("invalid_option", "baseURL is required, e.g. 'https://answers.example.com'.");
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ZenithConfigError("invalid_option", "baseURL must be an absolute http(s) URL.");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new ZenithConfigError("invalid_option", "baseURL must be an absolute http(s) URL.");
  if (url.search || url.hash || url.username || url.password || KEY_IN_TEXT.test(value))
    throw new ZenithConfigError("invalid_option", "baseURL must not carry a query, fragment or credentials: the key goes only in the Authorization header.");
  return (url.origin + url.pathname).replace(/\/+$/, "").replace(/\/v1$/, "");
}

function withRequestId<T extends object>(data: T, requestId: string | null): WithRequestId<T> {
  Object.defineProperty(data, "_request_id", { value: requestId, enumerable: false });
  return data as WithRequestId<T>;
}

/**
 * @example
 * ```ts
 * const zenith = new Zenith({ apiKey: process.env.ZENITH_API_KEY!, baseURL: "https://answers.example.com" });
 * const answer = await zenith.chat.completions.create({
 *   model: "service-zenith",
 *   messages: [{ role: "user", content: "What are your opening hours?" }],
 * });
 * console.log(answer.choices[0].message.content);
 * ```
 */
export class Zenith {
  /** Which class of key this client holds. */
  readonly keyKind: KeyKind;
  readonly baseURL: string;
  readonly #transport: TransportConfig;

  constructor(options: ClientOptions) {
    const opts = (options ?? {}) as Partial<ClientOptions>;
    const browser = isBrowser();
    this.keyKind = keyKindOf(opts.apiKey);
    assertKeyFitsEnvironment(this.keyKind, browser);
    this.baseURL = normaliseBaseURL(opts.baseURL);
    const fetchImpl = opts.fetch ?? (globalThis.fetch as Fetch | undefined);
    if (typeof fetchImpl !== "function") throw new ZenithConfigError("invalid_option", "No fetch implementation: pass { fetch } on runtimes without a global fetch.");
    this.#transport = {
      baseURL: this.baseURL,
      apiKey: opts.apiKey as string,
      origin: browser ? null : (opts.origin ?? null),
      fetch: (input, init) => fetchImpl(input, init),
      sleep: opts.sleep ?? timerSleep,
      timeout: checkTimeout(opts.timeout, 60_000),
      policy: {
        ...DEFAULT_POLICY,
        maxRetries: checkRetries(opts.maxRetries, DEFAULT_POLICY.maxRetries),
        maxRetryDelay: checkNumber("maxRetryDelay", opts.maxRetryDelay, DEFAULT_POLICY.maxRetryDelay, 0),
        random: opts.random ?? Math.random,
      },
    };
  }

  /** What serialising the client shows: never the key (it lives in a private field). */
  toJSON(): { baseURL: string; keyKind: KeyKind } {
    return { baseURL: this.baseURL, keyKind: this.keyKind };
  }

  async #call<T extends object>(call: Omit<Call, "signal" | "timeout" | "maxRetries">, options: RequestOptions = {}): Promise<WithRequestId<T>> {
    const { data, requestId } = await send(this.#transport, {
      ...call,
      signal: options.signal,
      timeout: checkTimeout(options.timeout, this.#transport.timeout),
      maxRetries: checkRetries(options.maxRetries, this.#transport.policy.maxRetries),
    });
    return withRequestId(data as T, requestId);
  }

  readonly chat = {
    completions: {
      /** Asks the agent. Secret key only; the body is checked locally with the service's rules. */
      create: async (params: ChatCompletionCreateParams, options?: RequestOptions): Promise<WithRequestId<ChatCompletion>> => {
        if (this.keyKind === "publishable")
          throw localError(403, "access_denied", "A publishable key (svc_pk_) can never call chat: call chat from your server with a secret key (svc_sk_).");
        // The service checks the size first, then the fields.
        const body = encodeBody(params);
        const invalid = chatRequestError(params);
        if (invalid) throw invalid;
        return this.#call<ChatCompletion>({ method: "POST", path: "/v1/chat/completions", body }, options);
      },
    },
  };

  readonly models = {
    /** The model list (one entry, `service-zenith`). Either key class. */
    list: (options?: RequestOptions) => this.#call<ModelList>({ method: "GET", path: "/v1/models" }, options),
    /** One model by its id (only `service-zenith` exists; another id is a 404 `not_found`). Either key class. */
    retrieve: (id: string, options?: RequestOptions) => this.#call<Model>({ method: "GET", path: `/v1/models/${encodeURIComponent(id)}` }, options),
  };

  readonly agent = {
    /** The agent's display name and cosmetic settings, for theming. Either key class. */
    config: (options?: RequestOptions) => this.#call<AgentConfig>({ method: "GET", path: "/v1/agent/config" }, options),
  };

  readonly widget = {
    sessions: {
      /** Starts a widget session. Publishable key only, from an allowed origin. */
      create: async (options?: RequestOptions): Promise<WithRequestId<WidgetSession>> => {
        if (this.keyKind === "secret")
          throw localError(403, "access_denied", "Widget sessions take a publishable key (svc_pk_) from an allowed browser origin, never a secret key.");
        return this.#call<WidgetSession>({ method: "POST", path: "/v1/widget/sessions", body: "{}" }, options);
      },
    },
  };
}
