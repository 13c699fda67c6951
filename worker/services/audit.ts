/**
 * Audit rows for admin mutations. `auditInsert` returns a statement to put in the same `db.batch` as the
 * change, so the change and its audit row land together or not at all. Secrets are stripped from snapshots.
 */
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
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

export function auditInsert(db: Db, admin: ActingAdmin, entry: AuditEntry, requestId?: string) {
  return db.insert(auditLog).values({
    adminId: admin.id,
    adminUsername: admin.username,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    before: snapshot(entry.before),
    after: snapshot(entry.after),
    requestId: requestId ?? null,
  });
}
