/**
 * One-time tokens for forms that create something. The CSRF token belongs to the session,
 * so it is the same in every copy of a form: a double click sends the same request twice
 * and creates two things (two secret keys, only one of which is ever shown). A create
 * form also carries a token of its own, which the first submission spends.
 * In memory (bounded): after a restart an open form is refused and the page says to reload.
 */
import { LRUCache } from "lru-cache";
import { randomHex, SESSION_TTL_MS } from "./session";

export class FormNonces {
  private readonly issued = new LRUCache<string, string>({ max: 10_000, ttl: SESSION_TTL_MS });

  /** A new token for one rendered form of this session. */
  issue(sessionId: string): string {
    const nonce = randomHex(16);
    this.issued.set(nonce, sessionId);
    return nonce;
  }

  /** True the first time a token issued to this session comes back; false ever after. */
  spend(sessionId: string, nonce: string): boolean {
    if (!nonce || this.issued.get(nonce) !== sessionId) return false;
    this.issued.delete(nonce);
    return true;
  }
}
