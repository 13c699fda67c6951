/**
 * Teachers import (docs/product.md#bulk-import, #course-selection-admin): a row with a `teacher_code` updates that
 * teacher; a row without one matches a teacher of the same name and subject (case and spacing ignored), else creates
 * one with the next `T-00042` code. The subject must be active; capacities below the seats taken, or a new subject
 * for a teacher with selections, are row errors, and the database refuses them again at the write (the same
 * statements as the edit form: a subject id of 0 breaks the foreign key). Columns the sheet does not have keep the
 * stored values on an update. Teachers are few (tens): one INSERT or UPDATE per teacher.
 */
import { eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { selectionSubjects, teachers } from "../../../db/schema";
import { isBlank, type ImportRow } from "../../contracts/import";
import { auditInsert, NEW_ROW_ID, snapshotWith } from "../audit";
import { activeSubjectId, nextTeacherCodeSql, teacherSubjectSql, toTeacherJson } from "../selection-teachers";
import { rowError } from "../../contracts/row-outcome";
import type { RequestContext } from "../../request-context";
import type { KindPlan, ValidRow } from "./run";

type Input = ImportRow<"teachers">;
const fold = (s: string) => s.normalize("NFC").replace(/\s+/g, " ").trim().toLocaleLowerCase("en");

export async function planTeachers(ctx: RequestContext, rows: ValidRow<Input>[]): Promise<KindPlan> {
  const { db } = ctx;
  const [all, subjects] = await db.batch([
    db
      .select({ teacher: teachers, subjectName: selectionSubjects.name })
      .from(teachers)
      .leftJoin(selectionSubjects, eq(teachers.subjectId, selectionSubjects.id)),
    db.select({ name: selectionSubjects.name }).from(selectionSubjects).where(eq(selectionSubjects.isActive, true)),
  ]);
  const activeByFold = new Map(subjects.map((s) => [fold(s.name), s.name]));
  const byCode = new Map(all.map((t) => [t.teacher.teacherCode, t]));
  const byName = new Map(all.map((t) => [`${fold(t.teacher.fullName)}|${fold(t.subjectName ?? "")}`, t]));
  const writes: Array<() => BatchItem<"sqlite">[]> = [];
  const outcomes = rows.map(({ input, raw }) => {
    const subject = activeByFold.get(fold(input.subject_name));
    if (!subject) return { errors: [rowError("subject_name", "SUBJECT_NOT_ACTIVE")] };
    const found = input.teacher_code
      ? byCode.get(input.teacher_code)
      : byName.get(`${fold(input.full_name)}|${fold(subject)}`);
    if (input.teacher_code && !found) return { errors: [rowError("teacher_code", "TEACHER_NOT_FOUND")] };
    const after = { ...input, subject_name: subject };
    if (!found) {
      writes.push(() => [
        db.insert(teachers).values({
          teacherCode: nextTeacherCodeSql,
          fullName: input.full_name,
          buildingNo: input.building_no,
          subjectId: sql`coalesce(${activeSubjectId(subject)}, 0)`,
          session1Capacity: input.session_1_capacity,
          session2Capacity: input.session_2_capacity,
          isActive: input.is_active,
        }),
        auditInsert(ctx, {
          action: "create",
          entity: "teacher",
          entityId: NEW_ROW_ID,
          after: snapshotWith(after, {
            teacher_code: sql`(SELECT teacher_code FROM teachers WHERE id = last_insert_rowid())`,
          }),
        }),
      ]);
      return { action: "create" as const };
    }
    const t = found.teacher;
    const given = (k: string) => !isBlank(raw[k]);
    const next = {
      fullName: input.full_name,
      buildingNo: given("building_no") ? input.building_no : t.buildingNo,
      session1Capacity: given("session_1_capacity") ? input.session_1_capacity : t.session1Capacity,
      session2Capacity: given("session_2_capacity") ? input.session_2_capacity : t.session2Capacity,
      isActive: given("is_active") ? input.is_active : t.isActive,
    };
    const errors = [];
    if (next.session1Capacity < t.seatsTaken1)
      errors.push(rowError("session_1_capacity", "TEACHER_CAPACITY_BELOW_TAKEN", { taken: t.seatsTaken1, session: 1 }));
    if (next.session2Capacity < t.seatsTaken2)
      errors.push(rowError("session_2_capacity", "TEACHER_CAPACITY_BELOW_TAKEN", { taken: t.seatsTaken2, session: 2 }));
    const subjectChanges = found.subjectName !== subject;
    if (subjectChanges && t.seatsTaken1 + t.seatsTaken2 > 0)
      errors.push(rowError("subject_name", "TEACHER_SUBJECT_LOCKED"));
    if (errors.length) return { errors };
    const same = !subjectChanges && (Object.keys(next) as Array<keyof typeof next>).every((k) => next[k] === t[k]);
    if (same) return { action: "unchanged" as const };
    writes.push(() => [
      db
        .update(teachers)
        .set({ ...next, subjectId: teacherSubjectSql(subject), updatedAt: ctx.now.toISOString() })
        .where(eq(teachers.id, t.id)),
      auditInsert(ctx, {
        action: "update",
        entity: "teacher",
        entityId: t.id,
        before: toTeacherJson(t, found.subjectName),
        after,
      }),
    ]);
    return { action: "update" as const };
  });
  // Course-selection changes publish no live event (docs/product.md#live-events).
  return { outcomes, statements: () => writes.flatMap((w) => w()), events: [] };
}
