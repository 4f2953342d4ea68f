/** Drizzle view of the widget tables created by migration 0003-widget. */
import { sqliteTable, text, integer } from "drizzle-orm/sqlite-core";
import { apiKeys, installations } from "../store/schema";

export const widgetSessions = sqliteTable("widget_sessions", {
  id: text("id").primaryKey(),
  /** SHA-256 hex of the session token: the token itself is never stored. */
  tokenHash: text("token_hash").notNull().unique(),
  installationId: text("installation_id").notNull().references(() => installations.id, { onDelete: "cascade" }),
  /** The publishable key that opened the session: a rotated or revoked key ends it. */
  keyId: text("key_id").notNull().references(() => apiKeys.id, { onDelete: "cascade" }),
  origin: text("origin").notNull(),
  createdAt: integer("created_at").notNull(),
  expiresAt: integer("expires_at").notNull(),
});

export const widgetMessages = sqliteTable("widget_messages", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  sessionId: text("session_id").notNull().references(() => widgetSessions.id, { onDelete: "cascade" }),
  role: text("role", { enum: ["user", "assistant"] }).notNull(),
  content: text("content").notNull(),
  createdAt: integer("created_at").notNull(),
});
