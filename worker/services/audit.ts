/**
 * Audit rows for admin mutations. `auditInsert` returns a statement to put in the same `db.batch` as the
 * change, so the change and its audit row land together or not at all. Secrets are stripped from snapshots.
 */
import { sql, type SQL } from "drizzle-orm";
import { auditLog } from "../../db/schema";
import type { Db } from "../db";
import type { ActingAdmin } from "../env";

const SECRET_KEYS = /password|token|hash|secret|pepper/i;

function snapshot(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return JSON.stringify(value, (k, v) => (k && SECRET_KEYS.test(k) ? undefined : v));
}

export interface AuditEntry {
  action: string;
  entity: string;
  /**
   * The changed record's primary key. On a create it is not known yet inside the batch: pass `NEW_ROW_ID` (when the
   * audit row directly follows the INSERT) or a subquery on a unique key.
   */
  entityId?: string | number | SQL | null;
  before?: unknown;
  after?: unknown;
}

export function auditInsert(db: Db, admin: ActingAdmin, entry: AuditEntry, requestId?: string) {
  return db.insert(auditLog).values({
    adminId: admin.id,
    adminUsername: admin.username,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId == null ? null : typeof entry.entityId === "object" ? sql`CAST(${entry.entityId} AS TEXT)` : String(entry.entityId),
    before: snapshot(entry.before),
    after: snapshot(entry.after),
    requestId: requestId ?? null,
  });
}

/** The id of the row inserted by the statement just before in the same batch. */
export const NEW_ROW_ID = sql`(SELECT last_insert_rowid())`;
