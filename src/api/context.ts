/** The services every public route shares, built once per app from its dependencies. */
import type { Store } from "../store/db";
import { Gate } from "../auth/gate";
import { KeyResolver, type Accepts, type Principal } from "../auth/principal";
import { ProbeBudget } from "../limits/probe-budget";
import { MinuteWindowLimiter, type RateLimiter } from "../limits/rate-limiter";
import { systemClock, type Clock } from "../limits/clock";
import { ChangeWatch } from "../store/change-watch";
import { Completer } from "./chat/complete";
import { ExchangeWriter } from "./chat/record";

export interface AppDeps {
  store: Store;
  trustProxy?: boolean;
  probeLimit?: number;
  probeWindowSeconds?: number;
  clock?: Clock;
  limiter?: RateLimiter;
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
  const watch = new ChangeWatch(deps.store.sqlite);
  const completer = new Completer(deps.store, new ExchangeWriter(deps.store));
  return {
    store: deps.store,
    clock,
    limiter: deps.limiter ?? new MinuteWindowLimiter(clock),
    budget,
    completer,
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
