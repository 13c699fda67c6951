/**
 * Students import (docs/product.md#bulk-import, #students): rows match existing students by `student_no`; a row
 * whose fields all equal the stored ones is unchanged, any difference is an update, a new ID a create. Nothing is
 * deleted. Columns the sheet does not have (`gender`, `is_active`) keep the stored values on an update, as the edit
 * form does. Creates are multi-row INSERTs, updates one UPDATE … FROM VALUES per chunk; every record gets its audit
 * row, in the one commit batch. What an update keeps and its audit row's `before` are read by the write itself, so a
 * student changed since the preview keeps that change in the columns the sheet leaves out and in the audit chain.
 * A row's grade, building and section are its enrolment's in the row's academic year (./student-enrolments.ts); the
 * student's own grade and building follow them when that year is the current one (or the student is new). A year
 * that does not exist → ACADEMIC_YEAR_UNKNOWN; a closed one takes no new student and no enrolment change
 * (IMPORT_YEAR_CLOSED): its export imports back unchanged.
 */
import { inArray, sql, type SQL } from "drizzle-orm";
import { auditLog, studentGuardians, students, type Student, type StudentGuardian } from "../../../db/schema";
import type { CreateStudentInput } from "../../contracts/students";
import type { GuardianInput, GuardianJson } from "../../contracts/guardians";
import { auditValues } from "../audit";
import { groupGuardians, guardianValues, studentIdOf } from "../guardians";
import { STUDENT_COLUMNS, studentValues } from "../students";
import type { RequestContext } from "../../request-context";
import type { KindPlan, ValidRow } from "./run";
import { chunks, rowsPerStatement, selectIn, updateFromValues } from "./sql";
import { isBlank } from "../../contracts/import";
import {
  enrolmentsOf,
  importEnrolmentStatements,
  type ImportedEnrolment,
  type StoredEnrolment,
} from "./student-enrolments";
import { yearStates } from "../academic-years/read";
import { rowError } from "../../contracts/row-outcome";

/** An imported row: the create form's fields and the year of its enrolment (always set by run.ts). */
type StudentRow = CreateStudentInput & { academic_year_name?: string };

/** The enrolment row of student `studentNo` that import row `input` writes. */
const enrolmentOf = (studentNo: string, input: StudentRow, sectionGiven: boolean): ImportedEnrolment => [
  studentNo,
  input.academic_year_name!,
  input.current_grade,
  input.building_no,
  sectionGiven ? 1 : 0,
  input.section ?? null,
];

/** Whether the sheet's enrolment differs from the stored one of its year (none stored: it does). */
function enrolmentChanges(stored: StoredEnrolment | undefined, input: StudentRow, sectionGiven: boolean): boolean {
  if (!stored) return true;
  return (
    stored.grade !== input.current_grade ||
    stored.buildingNo !== input.building_no ||
    (sectionGiven && stored.section !== (input.section ?? null))
  );
}

type Stored = Omit<Student, "searchName">;

/** Student `id` as `toStudentJson` shows it, read by the database inside the batch (an audit row's `before`). */
const studentJsonSql = (
  id: number,
): SQL => sql`(SELECT json_object('id', id, 'student_no', student_no, 'full_name', full_name,
  'nationality', nationality, 'religion', religion, 'current_grade', current_grade, 'building_no', building_no, 'gender', gender,
  'is_active', json(CASE WHEN is_active THEN 'true' ELSE 'false' END), 'created_at', created_at, 'updated_at', updated_at,
  'guardians', json((SELECT json_group_array(json_object('full_name', g.full_name, 'relation', g.relation,
    'phone', g.phone, 'language', g.language,
    'whatsapp_consent', json(CASE WHEN g.whatsapp_consent THEN 'true' ELSE 'false' END)))
    FROM (SELECT * FROM student_guardians WHERE student_id = ${id} ORDER BY position) AS g)))
  FROM students WHERE id = ${id})`;

/** Whether a sheet's guardians equal the stored ones (in order; consent times and opt-outs are not in a sheet). */
function sameGuardians(stored: readonly GuardianJson[], sheet: readonly GuardianInput[]): boolean {
  return (
    stored.length === sheet.length &&
    stored.every(
      (g, i) =>
        g.full_name === sheet[i]!.full_name &&
        g.relation === sheet[i]!.relation &&
        g.phone === sheet[i]!.phone &&
        g.language === sheet[i]!.language &&
        g.whatsapp_consent === sheet[i]!.whatsapp_consent,
    )
  );
}

const COMPARED = ["fullName", "nationality", "religion", "currentGrade", "buildingNo", "gender", "isActive"] as const;

/** The stored columns `input` asks for; gender and is_active fall back to `before` when the sheet has no such column. */
function valuesOf(input: CreateStudentInput, raw: Record<string, unknown>, before?: Stored) {
  const given = (k: string) => !isBlank(raw[k]);
  return {
    ...studentValues(input),
    gender: before && !given("gender") ? before.gender : input.gender,
    isActive: before && !given("is_active") ? before.isActive : input.is_active,
  };
}

export async function planStudents(ctx: RequestContext, rows: ValidRow<StudentRow>[]): Promise<KindPlan> {
  const { db } = ctx;
  const found = await selectIn<string, Stored>(
    db,
    rows.map((r) => r.input.student_no),
    (part) => db.select(STUDENT_COLUMNS).from(students).where(inArray(students.studentNo, part)),
  );
  const byNo = new Map(found.map((s) => [s.studentNo, s]));
  const storedGuardians = groupGuardians(
    await selectIn<number, StudentGuardian>(
      db,
      found.map((s) => s.id),
      (part) => db.select().from(studentGuardians).where(inArray(studentGuardians.studentId, part)),
    ),
  );
  const states = await yearStates(db);
  const current = [...states].find(([, state]) => state === "current")?.[0];
  const stored = await enrolmentsOf(
    db,
    found.map((s) => s.id),
    [...new Set(rows.map((r) => r.input.academic_year_name!))],
  );
  const creates: Array<ReturnType<typeof valuesOf> & { input: StudentRow }> = [];
  const updates: Array<{
    before: Stored;
    next: ReturnType<typeof valuesOf>;
    input: StudentRow;
    given: (k: string) => boolean;
    /** The guardians before, when the sheet's differ (their rows are replaced). */
    guardiansBefore?: GuardianJson[];
  }> = [];
  const outcomes = rows.map(({ input, raw }) => {
    const year = input.academic_year_name!;
    const state = states.get(year);
    if (!state) return { errors: [rowError("academic_year_name", "ACADEMIC_YEAR_UNKNOWN", { year })] };
    const closed =
      state === "closed" ? { errors: [rowError("academic_year_name", "IMPORT_YEAR_CLOSED", { year })] } : null;
    const before = byNo.get(input.student_no);
    const next = valuesOf(input, raw, before);
    // Another year's row leaves the student's own (current) grade and building as they are.
    if (before && year !== current)
      Object.assign(next, { currentGrade: before.currentGrade, buildingNo: before.buildingNo });
    if (!before) {
      if (closed) return closed;
      creates.push({ ...next, input });
      return { action: "create" as const };
    }
    const guardiansBefore = storedGuardians.get(before.id) ?? [];
    const guardiansChange = input.guardians !== undefined && !sameGuardians(guardiansBefore, input.guardians);
    // The year's enrolment: the current year's as the student row says it (a missing one is not a change, as before
    // years); another year's, compared with the row (docs/product.md#academic-years-and-rollover).
    const enrolment = stored.get(`${before.id}|${year}`);
    const sectionGiven = !isBlank(raw.section);
    const enrolmentChange =
      year === current
        ? sectionGiven && (enrolment?.section ?? null) !== (input.section ?? null)
        : enrolmentChanges(enrolment, input, sectionGiven);
    // A closed year's enrolments are the rollover's record: a row may say them again, never change them.
    if (closed && enrolmentChange) return closed;
    if (!guardiansChange && !enrolmentChange && COMPARED.every((k) => (before[k] ?? null) === (next[k] ?? null)))
      return { action: "unchanged" as const };
    updates.push({
      before,
      next,
      input,
      given: (k) => !isBlank(raw[k]),
      ...(guardiansChange ? { guardiansBefore } : {}),
    });
    return { action: "update" as const };
  });
  const statements = () => {
    const at = ctx.now.toISOString();
    const out = [];
    const guardianRows = creates.flatMap((c) => guardianValues(ctx, studentIdOf(c.studentNo), c.input.guardians ?? []));
    for (const part of chunks(creates, rowsPerStatement(8))) {
      out.push(db.insert(students).values(part.map(({ input: _i, ...v }) => v)));
      out.push(
        db.insert(auditLog).values(
          part.map((c) =>
            auditValues(ctx, {
              action: "create",
              entity: "student",
              entityId: sql`(SELECT id FROM students WHERE student_no = ${c.studentNo})`,
              after: c.input,
            }),
          ),
        ),
      );
    }
    // The audit rows first: their `before` is each student as this write finds it.
    for (const part of chunks(updates, rowsPerStatement(8))) {
      const rows = part.map((u) =>
        auditValues(ctx, {
          action: "update",
          entity: "student",
          entityId: u.before.id,
          before: studentJsonSql(u.before.id),
          after: u.input,
        }),
      );
      out.push(db.insert(auditLog).values(rows));
    }
    // A student's guardians are replaced whole when the sheet's differ (as the edit form does).
    const replaced = updates.filter((u) => u.guardiansBefore);
    for (const part of chunks(replaced, 500))
      out.push(
        db.delete(studentGuardians).where(
          inArray(
            studentGuardians.studentId,
            part.map((u) => u.before.id),
          ),
        ),
      );
    guardianRows.push(
      ...replaced.flatMap((u) => guardianValues(ctx, u.before.id, u.input.guardians!, u.guardiansBefore)),
    );
    for (const part of chunks(guardianRows, rowsPerStatement(12))) out.push(db.insert(studentGuardians).values(part));
    const cols = ["full_name", "nationality", "religion", "current_grade", "building_no", "gender", "is_active"];
    const values = updates.map(({ before, next, given }) => [
      before.id,
      next.fullName,
      next.nationality,
      next.religion,
      next.currentGrade,
      next.buildingNo,
      given("gender") ? next.gender : null,
      given("is_active") ? (next.isActive ? 1 : 0) : null,
    ]);
    out.push(...updateFromValues(db, "students", cols, values, `updated_at = '${at}'`, ["gender", "is_active"]));
    // Each student's enrolment of the row's year follows the row just written, in the same batch.
    const enrolled = [
      ...creates.map((c) => enrolmentOf(c.studentNo, c.input, true)),
      ...updates.map((u) => enrolmentOf(u.before.studentNo, u.input, u.given("section"))),
    ];
    out.push(...importEnrolmentStatements(db, enrolled, at));
    return out;
  };
  // Names, grades and the active flag also show on the fees page and in the dashboard's fee totals.
  return {
    outcomes,
    statements,
    events: [
      { event: "students_changed", entity: "student" },
      { event: "fees_changed", entity: "student" },
    ],
  };
}
