/**
 * The dashboard's admin credential: one password, stored only as a Bun.password hash
 * (argon2id). Created at first start, replaced by `zenith admin reset-password`.
 */
import { eq } from "drizzle-orm";
import type { Store } from "../store/db";
import { dashboardAdmin, dashboardSessions } from "../dashboard/schema";

/**
 * argon2id at OWASP's recommended minimum (19 MiB, 2 passes): the password is 100 random
 * bits, so a larger cost buys nothing but a 64 MiB memory spike and a slower first start.
 */
const HASH_OPTIONS = { algorithm: "argon2id", memoryCost: 19_456, timeCost: 2 } as const;

/** A readable random password: 4 groups of 5 base32 characters (100 bits). */
export function generatePassword(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]);
  return [0, 5, 10, 15].map((i) => chars.slice(i, i + 5).join("")).join("-");
}

/** Creates the credential if none exists; returns the new password, or null if one already existed. */
export function ensureAdminPassword(store: Store): string | null {
  // Hashing is deliberately slow: skip it at every later start.
  if (store.db.select({ id: dashboardAdmin.id }).from(dashboardAdmin).get()) return null;
  const password = generatePassword();
  const hash = Bun.password.hashSync(password, HASH_OPTIONS);
  const inserted = store.write(() =>
    store.sqlite.query("INSERT INTO dashboard_admin (id, password_hash, updated_at) VALUES (1, ?, ?) ON CONFLICT (id) DO NOTHING").run(hash, Date.now()),
  );
  return inserted.changes === 1 ? password : null;
}

/** Replaces the password and signs every dashboard session out. */
export function resetAdminPassword(store: Store): string {
  const password = generatePassword();
  const hash = Bun.password.hashSync(password, HASH_OPTIONS);
  store.write(() => {
    store.sqlite.query("INSERT INTO dashboard_admin (id, password_hash, updated_at) VALUES (1, ?1, ?2) ON CONFLICT (id) DO UPDATE SET password_hash = ?1, updated_at = ?2").run(hash, Date.now());
    store.db.delete(dashboardSessions).run();
  });
  return password;
}

export async function verifyAdminPassword(store: Store, password: string): Promise<boolean> {
  const row = store.db.select().from(dashboardAdmin).where(eq(dashboardAdmin.id, 1)).get();
  // Hash anyway when there is no credential, so the timing does not tell the cases apart.
  if (!row) {
    await Bun.password.hash(password, HASH_OPTIONS);
    return false;
  }
  return Bun.password.verify(password, row.passwordHash);
}
