/** Admin bearer-token sessions (docs/product.md#admin-sign-in). Only the SHA-256 of the opaque token is stored. */
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { admins } from "./admins";
import { nowIso } from "./_common";

export const adminSessions = sqliteTable(
  "admin_sessions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    adminId: integer("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: text("created_at").notNull().default(nowIso),
    /** ISO UTC; 2 h after login (docs/product.md#limits). */
    expiresAt: text("expires_at").notNull(),
    revokedAt: text("revoked_at"),
  },
  (t) => [index("admin_sessions_admin_idx").on(t.adminId)],
);
