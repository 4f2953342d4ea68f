/**
 * The authentication gate, in the decided order: missing credential (401), network over its
 * failed-credential budget (429), credential refused (403, uniform for every cause).
 */
import { ApiError } from "../errors";
import type { ProbeBudget } from "../limits/probe-budget";
import type { Accepts, KeyResolver, Principal } from "./principal";

/** The one refusal: same status, body and headers whatever the cause. */
export function accessDenied(): ApiError {
  return new ApiError("access_denied", "Access denied: the API key or the request origin was refused.");
}

export class Gate {
  constructor(
    private readonly resolver: KeyResolver,
    private readonly budget: ProbeBudget,
  ) {}

  check(request: Request, network: string, accepts: Accepts): Principal {
    const header = request.headers.get("authorization");
    if (header === null || header.trim() === "")
      throw new ApiError("invalid_api_key", "Missing API key: send it as 'Authorization: Bearer <API_KEY>'.", null, {
        "www-authenticate": 'Bearer realm="zenith"',
      });
    const wait = this.budget.blockedFor(network);
    if (wait > 0)
      throw new ApiError(
        "auth_probe_rate_limit_exceeded",
        `Too many refused credentials from this network. Try again in ${wait} seconds.`,
        null,
        { "retry-after": String(wait), "x-should-retry": "false" },
      );
    const m = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
    const principal = this.resolver.resolve(m ? m[1] : header, request.headers.get("origin"), accepts);
    if (!principal) {
      this.budget.recordFailure(network);
      throw accessDenied();
    }
    return principal;
  }
}
