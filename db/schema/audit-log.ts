/** Audit log of admin mutations, written in the same batch as the change. Never holds secrets or hashes. */
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { admins } from "./admins";
import { nowIso } from "./_common";

export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    adminId: integer("admin_id").references(() => admins.id, { onDelete: "set null" }),
    adminUsername: text("admin_username"),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    /** JSON snapshots; null for create (before) or delete (after). */
    before: text("before"),
    after: text("after"),
    requestId: text("request_id"),
    at: text("at").notNull().default(nowIso),
  },
  (t) => [
    index("audit_entity_idx").on(t.entity, t.entityId, t.at),
    index("audit_admin_idx").on(t.adminId, t.at),
    index("audit_at_idx").on(t.at),
  ],
);
