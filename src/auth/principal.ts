/**
 * Resolving a bearer key to who is calling. Every call does the same work (hash, one
 * indexed query or a cache hit, the origin check) whatever the outcome, so timing does not
 * tell a malformed key from an unknown, revoked or refused one. Lookups, found or not, are
 * cached by key hash; the cache is emptied whenever another connection commits (see
 * ChangeWatch), so a key revoked or rotated from the CLI is refused on the very next request.
 */
import type { Database, Statement } from "bun:sqlite";
import { LRUCache } from "lru-cache";
import { hashKey, keyKind, type KeyKind } from "./key-format";
import { canonicalOrigin, originAllowed } from "./origins";

export interface Principal {
  keyId: string;
  kind: KeyKind;
  installationId: string | null;
  origin: string | null;
  agent: {
    id: string;
    name: string;
    persona: string;
    instructions: string;
    accentColor: string | null;
    welcome: string | null;
  };
  account: { id: string; rpm: number; monthly: number; subscription: "active" | "past_due" };
}

interface Row {
  key_id: string;
  kind: KeyKind;
  key_state: string;
  installation_id: string | null;
  inst_state: string | null;
  origins: string | null;
  agent_id: string;
  name: string;
  persona: string;
  instructions: string;
  accent_color: string | null;
  welcome: string | null;
  agent_state: string;
  account_id: string;
  rpm: number;
  monthly: number;
  subscription: "active" | "past_due";
}

const SQL = `SELECT k.id AS key_id, k.kind, k.state AS key_state, k.installation_id,
  i.state AS inst_state, i.origins, a.id AS agent_id, a.name, a.persona, a.instructions,
  a.accent_color, a.welcome, a.state AS agent_state, acc.id AS account_id, acc.rpm,
  acc.monthly, acc.subscription
FROM api_keys k
JOIN agents a ON a.id = k.agent_id
JOIN accounts acc ON acc.id = a.account_id
LEFT JOIN installations i ON i.id = k.installation_id
WHERE k.hash = ?`;

/** Which key classes a route accepts. */
export type Accepts = "secret" | "publishable" | "either";

/** A cached lookup: the row, or null for a hash no key has. */
type Lookup = { row: Row | null; origins: string[] };

export class KeyResolver {
  private readonly stmt: Statement<Row, [string]>;
  /** Bounded, so a flood of distinct bad keys cannot grow memory. */
  private readonly cache = new LRUCache<string, Lookup>({ max: 20_000 });
  constructor(sqlite: Database) {
    this.stmt = sqlite.query<Row, [string]>(SQL);
  }

  /** Forgets every lookup: called when the store changed underneath. */
  clear(): void {
    this.cache.clear();
  }

  /** The cached lookup; `queried` tells whether the store was asked this time. */
  private lookup(hash: string): Lookup & { queried: boolean } {
    const hit = this.cache.get(hash);
    if (hit) return { ...hit, queried: false };
    const row = this.stmt.get(hash);
    const fresh = { row, origins: row?.origins ? JSON.parse(row.origins) : [] };
    this.cache.set(hash, fresh);
    return { ...fresh, queried: true };
  }

  /** The principal, or null for every refusal cause alike. */
  resolve(key: string, origin: string | null, accepts: Accepts): Principal | null {
    const kind = keyKind(key);
    const hash = hashKey(key);
    const { row, origins, queried } = this.lookup(hash);
    const fromAllowedOrigin = originAllowed(origin, origins);
    const ok =
      kind !== null &&
      row !== null &&
      row.kind === kind &&
      row.key_state === "active" &&
      row.agent_state === "active" &&
      (accepts === "either" || accepts === kind) &&
      (kind === "secret" || (row.inst_state === "active" && fromAllowedOrigin));
    if (!ok || !row) {
      // Every refusal asks the store exactly once, so a recently used (cached) key that is
      // refused here costs the same as a key never seen: timing tells nothing.
      if (!queried) this.stmt.get(hash);
      return null;
    }
    return {
      keyId: row.key_id,
      kind: row.kind,
      installationId: row.installation_id,
      // Canonical (default port folded): what a browser sends, so sessions bind to one spelling.
      origin: kind === "publishable" ? canonicalOrigin(origin) : null,
      agent: {
        id: row.agent_id,
        name: row.name,
        persona: row.persona,
        instructions: row.instructions,
        accentColor: row.accent_color,
        welcome: row.welcome,
      },
      account: { id: row.account_id, rpm: row.rpm, monthly: row.monthly, subscription: row.subscription },
    };
  }
}
