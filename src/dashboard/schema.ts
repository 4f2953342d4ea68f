/** Drizzle view of the dashboard's tables (migration 0004-dashboard). */
import { sqliteTable, text, integer } from "drizzle-orm/sqlite-core";

export const dashboardAdmin = sqliteTable("dashboard_admin", {
  id: integer("id").primaryKey(),
  passwordHash: text("password_hash").notNull(),
  updatedAt: integer("updated_at").notNull(),
});

export const dashboardSessions = sqliteTable("dashboard_sessions", {
  /** SHA-256 of the cookie value: a copied store file holds no usable session. */
  tokenHash: text("token_hash").primaryKey(),
  csrf: text("csrf").notNull(),
  createdAt: integer("created_at").notNull(),
  expiresAt: integer("expires_at").notNull(),
});

export const dashboardSettings = sqliteTable("dashboard_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});
