/**
 * Secret keys and widget installations (each of which holds one publishable key).
 * Rotation and revocation commit with the store's durable setting before returning:
 * a revocation that is reported but lost would leave a dead key working.
 */
import { and, eq } from "drizzle-orm";
import type { Store } from "../store/db";
import { apiKeys, installations } from "../store/schema";
import { newId } from "../ids";
import { CliError } from "../errors";
import { generateKey, hashKey, keyHint, type KeyKind } from "../auth/key-format";
import { checkOriginEntry } from "../auth/origins";
import { requireAgent } from "./agents";

function insertKey(store: Store, agentId: string, kind: KeyKind, installationId: string | null) {
  const value = generateKey(kind);
  const id = newId("key");
  store.db
    .insert(apiKeys)
    .values({
      id,
      agentId,
      installationId,
      kind,
      hash: hashKey(value),
      value: kind === "publishable" ? value : null,
      hint: keyHint(value),
      state: "active",
      createdAt: Date.now(),
    })
    .run();
  return { id, value };
}

function revokeKeyRow(store: Store, id: string) {
  store.db.update(apiKeys).set({ state: "revoked", revokedAt: Date.now() }).where(eq(apiKeys.id, id)).run();
}

function requireKey(store: Store, id: string) {
  const row = store.db.select().from(apiKeys).where(eq(apiKeys.id, id)).get();
  if (!row) throw new CliError(`unknown key: ${id}`);
  return row;
}

/** Creates a secret key; its value is returned here once and never stored. */
export function createSecretKey(store: Store, agentId: string): { id: string; key: string } {
  return store.write(() => {
    requireAgent(store, agentId);
    const { id, value } = insertKey(store, agentId, "secret", null);
    return { id, key: value };
  });
}

/** Replaces an active secret key; the old value is dead once this returns. */
export function rotateSecretKey(store: Store, id: string): { id: string; key: string } {
  return store.write(() => {
    const row = requireKey(store, id);
    if (row.kind !== "secret") throw new CliError(`key ${id} is a publishable key: rotate its installation instead`);
    if (row.state !== "active") throw new CliError(`key ${id} is revoked and cannot be rotated: create a new key`);
    revokeKeyRow(store, id);
    const next = insertKey(store, row.agentId, "secret", null);
    return { id: next.id, key: next.value };
  });
}

export function revokeSecretKey(store: Store, id: string): { id: string } {
  store.write(() => {
    const row = requireKey(store, id);
    if (row.kind !== "secret") throw new CliError(`key ${id} is a publishable key: revoke its installation instead`);
    if (row.state === "revoked") throw new CliError(`key ${id} is already revoked`);
    revokeKeyRow(store, id);
  });
  return { id };
}

export function listKeys(store: Store, agentId: string) {
  return store.db
    .select({ id: apiKeys.id, kind: apiKeys.kind, hint: apiKeys.hint, state: apiKeys.state, createdAt: apiKeys.createdAt, installationId: apiKeys.installationId })
    .from(apiKeys)
    .where(eq(apiKeys.agentId, agentId))
    .all();
}

// ---- widget installations ----

export interface InstallView {
  id: string;
  publishable_key: string;
  snippet: string;
}

export function embedSnippet(baseUrl: string, publishableKey: string): string {
  return `<script src="${baseUrl.replace(/\/+$/, "")}/v1/widget.js" data-key="${publishableKey}" async></script>`;
}

export function parseOrigins(raw: readonly string[]): string[] {
  if (raw.length === 0) throw new CliError("at least one --origin is required");
  const out: string[] = [];
  for (const r of raw) {
    const { origin, error } = checkOriginEntry(r);
    if (error !== undefined) throw new CliError(`invalid origin ${JSON.stringify(r)}: ${error}`);
    if (!out.includes(origin)) out.push(origin);
  }
  return out;
}

export function createInstallation(store: Store, agentId: string, origins: readonly string[], baseUrl: string): InstallView {
  const allowed = parseOrigins(origins);
  return store.write(() => {
    requireAgent(store, agentId);
    const id = newId("inst");
    store.db.insert(installations).values({ id, agentId, origins: JSON.stringify(allowed), state: "active", createdAt: Date.now() }).run();
    const { value } = insertKey(store, agentId, "publishable", id);
    return { id, publishable_key: value, snippet: embedSnippet(baseUrl, value) };
  });
}

function requireInstallation(store: Store, id: string) {
  const row = store.db.select().from(installations).where(eq(installations.id, id)).get();
  if (!row) throw new CliError(`unknown installation: ${id}`);
  return row;
}

function activeKeyOf(store: Store, installationId: string) {
  return store.db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.installationId, installationId), eq(apiKeys.state, "active")))
    .get();
}

/** Gives an installation a new publishable key; the old one is refused from now on. */
export function rotateInstallation(store: Store, id: string, baseUrl: string): InstallView {
  return store.write(() => {
    const inst = requireInstallation(store, id);
    if (inst.state !== "active") throw new CliError(`installation ${id} is revoked and cannot be rotated: create a new installation`);
    const old = activeKeyOf(store, id);
    if (old) revokeKeyRow(store, old.id);
    const { value } = insertKey(store, inst.agentId, "publishable", id);
    return { id, publishable_key: value, snippet: embedSnippet(baseUrl, value) };
  });
}

export function revokeInstallation(store: Store, id: string): { id: string } {
  store.write(() => {
    const inst = requireInstallation(store, id);
    if (inst.state !== "active") throw new CliError(`installation ${id} is already revoked`);
    store.db.update(installations).set({ state: "revoked" }).where(eq(installations.id, id)).run();
    const old = activeKeyOf(store, id);
    if (old) revokeKeyRow(store, old.id);
  });
  return { id };
}

export function setInstallationOrigins(store: Store, id: string, origins: readonly string[]): { id: string } {
  const allowed = parseOrigins(origins);
  store.write(() => {
    requireInstallation(store, id);
    store.db.update(installations).set({ origins: JSON.stringify(allowed) }).where(eq(installations.id, id)).run();
  });
  return { id };
}

export function listInstallations(store: Store, agentId: string, baseUrl: string) {
  return store.db
    .select()
    .from(installations)
    .where(eq(installations.agentId, agentId))
    .all()
    .map((inst) => {
      const key = activeKeyOf(store, inst.id);
      return {
        id: inst.id,
        state: inst.state,
        origins: JSON.parse(inst.origins) as string[],
        publishable_key: key?.value ?? null,
        snippet: key?.value ? embedSnippet(baseUrl, key.value) : null,
      };
    });
}
