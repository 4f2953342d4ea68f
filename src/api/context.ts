/** The services every public route shares, built once per app from its dependencies. */
import type { Store } from "../store/db";
import { Gate } from "../auth/gate";
import { KeyResolver, type Accepts, type Principal } from "../auth/principal";
import { ProbeBudget } from "../limits/probe-budget";
import { MinuteWindowLimiter, type RateLimiter } from "../limits/rate-limiter";
import { systemClock, type Clock } from "../limits/clock";
import { ChangeWatch } from "../store/change-watch";
import { Completer } from "./chat/complete";
import { JournalWriter } from "./chat/journal-writer";
import type { ExchangeJournal } from "../store/exchange-journal";

export interface AppDeps {
  store: Store;
  trustProxy?: boolean;
  probeLimit?: number;
  probeWindowSeconds?: number;
  clock?: Clock;
  limiter?: RateLimiter;
  /** The store's exchange journal: answers are recorded by appending to it. */
  journal: ExchangeJournal;
  /** Receives one structured line per request; defaults to no logging (tests). */
  log?: (line: Record<string, unknown>) => void;
}

/** What the request wrapper learned before routing. */
export interface RequestInfo {
  network: string;
  requestId: string;
}

export interface ApiContext {
  store: Store;
  clock: Clock;
  limiter: RateLimiter;
  budget: ProbeBudget;
  completer: Completer;
  recorder: JournalWriter;
  watch: ChangeWatch;
  info: WeakMap<Request, RequestInfo>;
  /** Runs the authentication gate for a route. */
  authenticate(request: Request, accepts: Accepts): Principal;
}

export function createContext(deps: AppDeps): ApiContext {
  const clock = deps.clock ?? systemClock;
  const budget = new ProbeBudget(deps.probeLimit ?? 20, (deps.probeWindowSeconds ?? 60) * 1000, clock);
  const resolver = new KeyResolver(deps.store.sqlite);
  const gate = new Gate(resolver, budget);
  const info = new WeakMap<Request, RequestInfo>();
  const watch = new ChangeWatch(deps.store.sqlite, deps.store.path);
  const recorder = new JournalWriter(deps.store, deps.journal, (err) => deps.log?.({ level: "error", event: "log_apply_failed", error: String(err) }));
  const completer = new Completer(deps.store, recorder);
  return {
    store: deps.store,
    clock,
    limiter: deps.limiter ?? new MinuteWindowLimiter(clock),
    budget,
    completer,
    recorder,
    watch,
    info,
    authenticate(request, accepts) {
      // Anything another connection committed (CLI, dashboard) invalidates what is cached.
      if (watch.changed()) {
        resolver.clear();
        completer.clear();
      }
      return gate.check(request, info.get(request)?.network ?? "unknown", accepts);
    },
  };
}
