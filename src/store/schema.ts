/**
 * Drizzle schema: the typed view of the tables that the embedded migrations create.
 * The SQL in `migrations/` is the source of truth for the file format; this mirrors it.
 */
import { sqliteTable, text, integer, primaryKey } from "drizzle-orm/sqlite-core";

export const accounts = sqliteTable("accounts", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  rpm: integer("rpm").notNull(),
  monthly: integer("monthly").notNull(),
  subscription: text("subscription", { enum: ["active", "past_due"] }).notNull(),
  createdAt: integer("created_at").notNull(),
});

export const agents = sqliteTable("agents", {
  id: text("id").primaryKey(),
  accountId: text("account_id").notNull().references(() => accounts.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  persona: text("persona").notNull(),
  instructions: text("instructions").notNull(),
  accentColor: text("accent_color"),
  welcome: text("welcome"),
  state: text("state", { enum: ["active", "inactive"] }).notNull(),
  createdAt: integer("created_at").notNull(),
});

export const installations = sqliteTable("installations", {
  id: text("id").primaryKey(),
  agentId: text("agent_id").notNull().references(() => agents.id, { onDelete: "cascade" }),
  /** JSON array of allowed origins. */
  origins: text("origins").notNull(),
  state: text("state", { enum: ["active", "revoked"] }).notNull(),
  createdAt: integer("created_at").notNull(),
});

export const apiKeys = sqliteTable("api_keys", {
  id: text("id").primaryKey(),
  agentId: text("agent_id").notNull().references(() => agents.id, { onDelete: "cascade" }),
  installationId: text("installation_id").references(() => installations.id, { onDelete: "cascade" }),
  kind: text("kind", { enum: ["secret", "publishable"] }).notNull(),
  /** SHA-256 hex of the full key value: the only thing kept of a secret key. */
  hash: text("hash").notNull().unique(),
  /** Publishable keys stay readable (they are public, in the snippet); null for secret keys. */
  value: text("value"),
  hint: text("hint").notNull(),
  state: text("state", { enum: ["active", "revoked"] }).notNull(),
  createdAt: integer("created_at").notNull(),
  revokedAt: integer("revoked_at"),
});

export const material = sqliteTable("material", {
  id: text("id").primaryKey(),
  agentId: text("agent_id").notNull().references(() => agents.id, { onDelete: "cascade" }),
  kind: text("kind").notNull(),
  title: text("title").notNull(),
  source: text("source"),
  contentHash: text("content_hash").notNull(),
  chars: integer("chars").notNull(),
  createdAt: integer("created_at").notNull(),
});

export const passages = sqliteTable("passages", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  materialId: text("material_id").notNull().references(() => material.id, { onDelete: "cascade" }),
  agentId: text("agent_id").notNull(),
  position: integer("position").notNull(),
  title: text("title").notNull(),
  body: text("body").notNull(),
});

export const usageMonthly = sqliteTable(
  "usage_monthly",
  {
    accountId: text("account_id").notNull().references(() => accounts.id, { onDelete: "cascade" }),
    month: text("month").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.month] })],
);

export const chatSessions = sqliteTable("chat_sessions", {
  id: text("id").primaryKey(),
  agentId: text("agent_id").notNull().references(() => agents.id, { onDelete: "cascade" }),
  /** The caller's grouping hint (session_id / x-service-session), or null for one-off exchanges. */
  externalId: text("external_id"),
  keyId: text("key_id"),
  installationId: text("installation_id"),
  createdAt: integer("created_at").notNull(),
  lastAt: integer("last_at").notNull(),
});

export const chatTurns = sqliteTable("chat_turns", {
  id: integer("id").primaryKey(),
  sessionId: text("session_id").notNull().references(() => chatSessions.id, { onDelete: "cascade" }),
  question: text("question").notNull(),
  answer: text("answer").notNull(),
  /** 1 when the material covered the question, 0 for a "not available" reply. */
  covered: integer("covered").notNull(),
  promptTokens: integer("prompt_tokens").notNull(),
  completionTokens: integer("completion_tokens").notNull(),
  createdAt: integer("created_at").notNull(),
});

/** The highest exchange-journal sequence number applied to the log tables (one row). */
export const journalState = sqliteTable("journal_state", {
  id: integer("id").primaryKey(),
  appliedSeq: integer("applied_seq").notNull(),
});
