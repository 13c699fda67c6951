/**
 * Reading the audit log for the admin "Audit Log" page (docs/product.md#audit-log): filter by entity, entity id, admin
 * username and a date range (Cairo school days, inclusive), newest first, paged. Before/after are returned parsed.
 */
import { and, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { auditLog } from "../../db/schema";
import type { Db } from "../db";
import { schoolDayStartUtc } from "../lib/school-day";
import type { AuditPageJson, AuditQuery } from "../api/audit.schema";

const parse = (v: string | null) => {
  if (v === null) return null;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
};

/** One page of audit rows for `q`, with the entity types and usernames the filters offer. */
export async function listAudit(db: Db, q: AuditQuery): Promise<AuditPageJson> {
  const where: SQL[] = [];
  if (q.entity) where.push(eq(auditLog.entity, q.entity));
  if (q.entity_id) where.push(eq(auditLog.entityId, q.entity_id));
  if (q.admin) where.push(eq(auditLog.adminUsername, q.admin));
  // `from` and `to` are school days (Cairo time), both inclusive.
  if (q.from) where.push(gte(auditLog.at, schoolDayStartUtc(q.from)));
  if (q.to) where.push(lt(auditLog.at, schoolDayStartUtc(q.to, 1)));
  const filter = where.length ? and(...where) : undefined;
  const [rows, [count], entities, admins] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(filter)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: sql<number>`count(*)` }).from(auditLog).where(filter),
    db.selectDistinct({ v: auditLog.entity }).from(auditLog).orderBy(auditLog.entity),
    db.selectDistinct({ v: auditLog.adminUsername }).from(auditLog).orderBy(auditLog.adminUsername),
  ]);
  const total = Number(count?.n ?? 0);
  return {
    data: rows.map((r) => ({
      id: r.id,
      at: r.at,
      admin: r.adminUsername,
      action: r.action,
      entity: r.entity,
      entity_id: r.entityId,
      before: parse(r.before),
      after: parse(r.after),
      request_id: r.requestId,
    })),
    pagination: { page: q.page, limit: q.limit, total, totalPages: Math.max(1, Math.ceil(total / q.limit)) },
    filters: { entities: entities.map((e) => e.v), admins: admins.map((a) => a.v).filter((v): v is string => !!v) },
  };
}
