/**
 * Reading the audit log for the admin "Audit Log" page (docs/product.md#audit-log): filter by entity, entity id, the
 * student concerned (national ID / student number), admin username and a date range (Cairo school days, inclusive),
 * newest first, paged. Before/after are returned parsed; each entry about a student, a fee record (payments and fee
 * plans included), a result or a student's selections names the student, resolved at read time (no stored column).
 */
import { and, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { admins as staff, auditLog } from "../../db/schema";
import type { Db } from "../db";
import { schoolDayStartUtc } from "../lib/school-day";
import { normalizeNationalId } from "../lib/normalize";
import type { AuditPageJson, AuditQuery } from "../contracts/audit";
import { SYSTEM_ACTORS } from "./ledger/actors";

const parse = (v: string | null) => {
  if (v === null) return null;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
};

/** A snapshot's JSON field, or null when the snapshot is not JSON. */
const snap = (col: SQL | typeof auditLog.before, path: string) =>
  sql`CASE WHEN json_valid(${col}) THEN json_extract(${col}, ${path}) END`;
const latest = sql`COALESCE(${auditLog.after}, ${auditLog.before})`;
const earliest = sql`COALESCE(${auditLog.before}, ${auditLog.after})`;

/** The `students.id` an entry is about, while its record still exists. */
const studentIdSql = sql`CASE ${auditLog.entity}
  WHEN 'student' THEN CAST(${auditLog.entityId} AS INTEGER)
  WHEN 'fee_record' THEN (SELECT f.student_id FROM fee_records f WHERE f.id = CAST(${auditLog.entityId} AS INTEGER))
  WHEN 'result' THEN (SELECT r.student_id FROM results r WHERE r.id = CAST(${auditLog.entityId} AS INTEGER))
  WHEN 'student_selections' THEN (SELECT s.id FROM students s WHERE s.student_no = ${auditLog.entityId})
END`;
const ABOUT_A_STUDENT = sql`${auditLog.entity} IN ('student', 'fee_record', 'result', 'student_selections')`;

/** The student number of the entry's student: the live row's, else the snapshot's (a deleted record). */
const studentNoSql = sql<string | null>`CASE WHEN ${ABOUT_A_STUDENT} THEN COALESCE(
  (SELECT s.student_no FROM students s WHERE s.id = ${studentIdSql}),
  ${snap(earliest, "$.student_no")},
  CASE WHEN ${auditLog.entity} = 'student_selections' THEN ${auditLog.entityId} END,
  CASE WHEN ${auditLog.entity} IN ('fee_record', 'result') THEN ${snap(latest, "$.student_id")} END) END`;
/** The student's current name (a deleted record's student looked up by number), else the snapshot's. */
const studentNameSql = sql<string | null>`CASE WHEN ${ABOUT_A_STUDENT} THEN COALESCE(
  (SELECT s.full_name FROM students s WHERE s.student_no = ${studentNoSql}), ${snap(latest, "$.full_name")}) END`;

/** Paymob's rows: no staff member, the ledger's system actor "online" (./ledger/actors.ts). */
const isOnline = (r: { adminId: number | null; adminUsername: string | null }) =>
  r.adminId === null && r.adminUsername === SYSTEM_ACTORS.online.username;

/** One page of audit rows for `q`, with the entity types and usernames the filters offer. */
export async function listAudit(db: Db, q: AuditQuery): Promise<AuditPageJson> {
  const where: SQL[] = [];
  if (q.entity) where.push(eq(auditLog.entity, q.entity));
  if (q.entity_id) where.push(eq(auditLog.entityId, q.entity_id));
  if (q.admin) where.push(eq(auditLog.adminUsername, q.admin));
  const studentNo = normalizeNationalId(q.student);
  if (studentNo) where.push(sql`${ABOUT_A_STUDENT} AND CAST(${studentNoSql} AS TEXT) = ${studentNo}`);
  // `from` and `to` are school days (Cairo time), both inclusive.
  if (q.from) where.push(gte(auditLog.at, schoolDayStartUtc(q.from)));
  if (q.to) where.push(lt(auditLog.at, schoolDayStartUtc(q.to, 1)));
  const filter = where.length ? and(...where) : undefined;
  const [rows, [count], entities, admins] = await Promise.all([
    db
      .select({
        row: auditLog,
        studentNo: studentNoSql,
        studentName: studentNameSql,
        adminName: sql<string | null>`coalesce(${staff.displayName}, ${staff.username})`,
      })
      .from(auditLog)
      .leftJoin(staff, eq(staff.id, auditLog.adminId))
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
    data: rows.map(({ row: r, studentNo: no, studentName: name, adminName }) => ({
      id: r.id,
      at: r.at,
      admin: r.adminUsername,
      admin_name: adminName,
      actor: isOnline(r) ? ("online" as const) : ("staff" as const),
      action: r.action,
      entity: r.entity,
      entity_id: r.entityId,
      before: parse(r.before),
      after: parse(r.after),
      request_id: r.requestId,
      student: no == null ? null : { student_no: String(no), full_name: name == null ? null : String(name) },
    })),
    pagination: { page: q.page, limit: q.limit, total, totalPages: Math.max(1, Math.ceil(total / q.limit)) },
    filters: { entities: entities.map((e) => e.v), admins: admins.map((a) => a.v).filter((v): v is string => !!v) },
  };
}
