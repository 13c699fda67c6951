/**
 * A student's guardians (docs/product.md#guardians-and-messages). Written only inside the student's own batch
 * (create and update in worker/services/students.ts): the list is replaced whole, keeping for an unchanged number
 * when and by whom its WhatsApp consent was recorded and its STOP opt-out.
 */
import { asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { studentGuardians, students, type StudentGuardian } from "../../db/schema";
import type { GuardianInput, GuardianJson } from "../contracts/guardians";
import type { Db } from "../db";
import type { RequestContext } from "../request-context";

/** A stored guardian as the API answers it. */
export function toGuardianJson(g: StudentGuardian): GuardianJson {
  return {
    full_name: g.fullName,
    relation: g.relation,
    phone: g.phone,
    language: g.language,
    whatsapp_consent: g.whatsappConsent,
    consent_recorded_at: g.consentRecordedAt,
    consent_recorded_by: g.consentRecordedBy,
    opted_out_at: g.optedOutAt,
  };
}

/** Rows grouped by student id, in position order. */
export function groupGuardians(rows: StudentGuardian[]): Map<number, GuardianJson[]> {
  const out = new Map<number, GuardianJson[]>();
  for (const g of [...rows].sort((a, b) => a.studentId - b.studentId || a.position - b.position)) {
    const list = out.get(g.studentId) ?? [];
    list.push(toGuardianJson(g));
    out.set(g.studentId, list);
  }
  return out;
}

/** The guardians of some students, by student id (ids ≤ a page; for whole lists use `guardiansWhereQuery`). */
export async function guardiansOf(db: Db, studentIds: number[]): Promise<Map<number, GuardianJson[]>> {
  if (studentIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(studentGuardians)
    .where(inArray(studentGuardians.studentId, studentIds))
    .orderBy(asc(studentGuardians.studentId), asc(studentGuardians.position));
  return groupGuardians(rows);
}

/** The guardians of every student matching `where` (a condition on `students`), for one batch with the list. */
export function guardiansWhereQuery(db: Db, where: SQL | undefined) {
  return db
    .select({ g: studentGuardians })
    .from(studentGuardians)
    .innerJoin(students, eq(students.id, studentGuardians.studentId))
    .where(where);
}

/**
 * The stored values of `input` for a student, given the guardians stored before (none for a new student): consent
 * keeps its recorded time and person when the number and the consent are unchanged, else it is recorded now by the
 * acting staff member; an opt-out stays with its number until consent is given again.
 */
export function guardianValues(
  ctx: RequestContext,
  studentId: number | SQL,
  input: GuardianInput[],
  before: GuardianJson[] = [],
) {
  const now = ctx.now.toISOString();
  return input.map((g, position) => {
    const old = before.find((b) => b.phone === g.phone);
    const sameConsent = old !== undefined && old.whatsapp_consent === g.whatsapp_consent;
    const consentGiven = g.whatsapp_consent && !old?.whatsapp_consent;
    return {
      studentId: studentId as number,
      position,
      fullName: g.full_name,
      relation: g.relation,
      phone: g.phone,
      language: g.language,
      whatsappConsent: g.whatsapp_consent,
      consentRecordedAt: sameConsent ? old.consent_recorded_at : now,
      consentRecordedBy: sameConsent ? old.consent_recorded_by : ctx.actor.username,
      optedOutAt: consentGiven ? null : (old?.opted_out_at ?? null),
    };
  });
}

/** The id of the student with `studentNo`, as SQL: guardians of a student created in the same batch. */
export const studentIdOf = (studentNo: string): SQL =>
  sql`(SELECT ${students.id} FROM ${students} WHERE ${students.studentNo} = ${studentNo})`;

/** The batch statements that replace a student's guardians with `values` (`guardianValues`). */
export function replaceGuardians(db: Db, studentId: number, values: ReturnType<typeof guardianValues>) {
  const del = db.delete(studentGuardians).where(eq(studentGuardians.studentId, studentId));
  return values.length ? ([del, db.insert(studentGuardians).values(values)] as const) : ([del] as const);
}
