/**
 * Staff accounts (docs/product.md#staff-and-roles). The table keeps its first name from when the console had one
 * role; every row is a person with a role from worker/permissions.ts. Passwords are PBKDF2-SHA256 with salt + pepper
 * (worker/services/password.ts). A password set by someone else is temporary (`must_change_password`). The role
 * is checked by the API's schema, not by a CHECK: SQLite adds a column with a CHECK only by rebuilding the table, and
 * rebuilding this one would cascade to its sessions.
 */
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { STAFF_ROLES } from "../../common/staff-roles";
import { timestamps } from "./_common";

export const admins = sqliteTable("admins", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  username: text("username").notNull().unique(),
  /** Shown in the console's header and the audit log; null = the username. */
  displayName: text("display_name"),
  /** Existing accounts become Administrators (the column's default). */
  role: text("role", { enum: STAFF_ROLES }).notNull().default("administrator"),
  /** A deactivated account cannot sign in and its sessions are revoked. */
  isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
  /** Set when someone else chose the password: its sessions may only change it. */
  mustChangePassword: integer("must_change_password", { mode: "boolean" }).notNull().default(false),
  /** ISO UTC of the last successful sign-in. */
  lastLoginAt: text("last_login_at"),
  /** Encoded as `pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>`. */
  passwordHash: text("password_hash").notNull(),
  passwordChangedAt: text("password_changed_at"),
  ...timestamps,
});

export type Admin = typeof admins.$inferSelect;
