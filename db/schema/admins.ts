/** Administrators (docs/product.md#admin-sign-in): one role. Passwords are PBKDF2-SHA256 with salt + pepper (worker/services/password.ts). */
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestamps } from "./_common";

export const admins = sqliteTable("admins", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  username: text("username").notNull().unique(),
  /** Encoded as `pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>`. */
  passwordHash: text("password_hash").notNull(),
  passwordChangedAt: text("password_changed_at"),
  ...timestamps,
});

export type Admin = typeof admins.$inferSelect;
