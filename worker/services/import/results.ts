/**
 * Results import (docs/product.md#bulk-import, #results): one result per student, academic year and semester. An
 * existing result for the same term is an update (all its subject rows replaced, as the edit form does) or
 * unchanged when every mark, total, remark and the grade are equal; never a second result. Rows are written with
 * multi-row statements (results, then their subject rows joined back by the unique key) and an audit row each; an
 * update's audit `before` is read by the write itself, before it replaces the rows.
 */
import { inArray, sql, type SQL } from "drizzle-orm";
import { auditLog, resultSubjectScores, results, students } from "../../../db/schema";
import type { ResultBody, SubjectScoreJson } from "../../contracts/results";
import { normalizeNationalId } from "../../lib/normalize";
import { toHundredths } from "../../lib/typed-number";
import { auditValues } from "../audit";
import { hundredthsOrNull, planWrite } from "../results";
import { rowError } from "../../contracts/row-outcome";
import { yearNames } from "../academic-years/read";
import type { RequestContext } from "../../request-context";
import type { KindPlan, ValidRow } from "./run";
import { chunks, rowsPerStatement, selectIn, updateFromValues, valuesList } from "./sql";

type StudentRef = { id: number; studentNo: string; fullName: string; currentGrade: string };
type Existing = {
  id: number;
  studentId: number;
  academicYearName: string;
  semester: string;
  grade: string;
  remarks: string | null;
};
type ScoreRow = {
  resultId: number;
  position: number;
  subjectName: string;
  /** Hundredths; null when absent. */
  score: number | null;
  max: number;
  remarks: string | null;
  absent: boolean;
};

/** Result `id` as the edit form's audit `before` shows it, read by the database inside the batch. */
const resultJsonSql = (
  id: number,
): SQL => sql`(SELECT json_object('student_no', s.student_no, 'academic_year_name', r.academic_year_name,
  'semester', r.semester, 'current_grade', r.grade, 'subject_scores', json((SELECT json_group_array(json(x.j)) FROM (
    SELECT json_object('subject_name', subject_name, 'score', score_hundredths / 100.0, 'max_score', max_score_hundredths / 100.0, 'remarks', remarks, 'absent', json(CASE absent WHEN 1 THEN 'true' ELSE 'false' END)) AS j
    FROM result_subject_scores WHERE result_id = ${id} ORDER BY position) AS x)), 'remarks', r.remarks)
  FROM results r JOIN students s ON s.id = r.student_id WHERE r.id = ${id})`;

const termKey = (studentId: number, year: string, semester: string) => `${studentId}|${year}|${semester}`;

/**
 * Whether a row's subjects equal the stored ones, in any order: a wide sheet (and the Results export) lists subjects
 * in its columns' order, not the order they were typed in (docs/product.md#export-round-trips).
 */
function sameScores(a: SubjectScoreJson[], b: ScoreRow[]): boolean {
  const stored = new Map(b.map((r) => [r.subjectName, r]));
  return (
    a.length === b.length &&
    a.every((s) => {
      const r = stored.get(s.subject_name);
      return (
        r !== undefined &&
        hundredthsOrNull(s.score) === r.score &&
        s.absent === r.absent &&
        toHundredths(s.max_score) === r.max &&
        (s.remarks ?? null) === (r.remarks ?? null)
      );
    })
  );
}

export async function planResults(ctx: RequestContext, rows: ValidRow<ResultBody>[]): Promise<KindPlan> {
  const { db } = ctx;
  const noOf = (r: ResultBody) => normalizeNationalId(r.student_id).toUpperCase();
  const found = await selectIn<string, StudentRef>(
    db,
    rows.map((r) => noOf(r.input)),
    (part) =>
      db
        .select({
          id: students.id,
          studentNo: students.studentNo,
          fullName: students.fullName,
          currentGrade: students.currentGrade,
        })
        .from(students)
        .where(inArray(students.studentNo, part)),
  );
  const studentByNo = new Map(found.map((s) => [s.studentNo, s]));
  const years = new Set(await yearNames(db));
  const existing = await selectIn<number, Existing>(
    db,
    found.map((s) => s.id),
    (part) =>
      db
        .select({
          id: results.id,
          studentId: results.studentId,
          academicYearName: results.academicYearName,
          semester: results.semester,
          grade: results.grade,
          remarks: results.remarks,
        })
        .from(results)
        .where(inArray(results.studentId, part)),
  );
  const byTerm = new Map(existing.map((r) => [termKey(r.studentId, r.academicYearName, r.semester), r]));
  const wanted = rows.flatMap(({ input }) => {
    const s = studentByNo.get(noOf(input));
    const e = s && byTerm.get(termKey(s.id, input.academic_year_name, input.semester));
    return e ? [e.id] : [];
  });
  const scoreRows = await selectIn<number, ScoreRow>(db, wanted, (part) =>
    db
      .select({
        resultId: resultSubjectScores.resultId,
        position: resultSubjectScores.position,
        subjectName: resultSubjectScores.subjectName,
        score: resultSubjectScores.scoreHundredths,
        max: resultSubjectScores.maxScoreHundredths,
        remarks: resultSubjectScores.remarks,
        absent: resultSubjectScores.absent,
      })
      .from(resultSubjectScores)
      .where(inArray(resultSubjectScores.resultId, part))
      .orderBy(resultSubjectScores.resultId, resultSubjectScores.position),
  );
  const scoresOf = new Map<number, ScoreRow[]>();
  for (const r of scoreRows) {
    const list = scoresOf.get(r.resultId);
    if (list) list.push(r);
    else scoresOf.set(r.resultId, [r]);
  }

  type Write = ReturnType<typeof planWrite> & { student: StudentRef; before?: Existing };
  const creates: Write[] = [];
  const updates: Array<Write & { before: Existing }> = [];
  const outcomes = rows.map(({ input }) => {
    const student = studentByNo.get(noOf(input));
    if (!student) return { errors: [rowError("student_id", "STUDENT_NOT_FOUND")] };
    if (!years.has(input.academic_year_name))
      return { errors: [rowError("academic_year_name", "ACADEMIC_YEAR_UNKNOWN", { year: input.academic_year_name })] };
    const before = byTerm.get(termKey(student.id, input.academic_year_name, input.semester));
    const plan = planWrite(input, student, input.grade ?? before?.grade ?? student.currentGrade);
    if (!before) {
      creates.push({ ...plan, student });
      return { action: "create" as const };
    }
    if (
      before.grade === plan.values.grade &&
      (before.remarks ?? null) === (plan.values.remarks ?? null) &&
      sameScores(plan.scores, scoresOf.get(before.id) ?? [])
    ) {
      return { action: "unchanged" as const };
    }
    updates.push({ ...plan, student, before });
    return { action: "update" as const };
  });

  const statements = () => {
    const out = [];
    const scoreValues = (w: Write) =>
      w.scores.map(
        (s, i) =>
          [
            i,
            s.subject_name,
            hundredthsOrNull(s.score),
            toHundredths(s.max_score),
            s.remarks,
            s.absent ? 1 : 0,
          ] as const,
      );
    for (const part of chunks(creates, rowsPerStatement(5)))
      out.push(db.insert(results).values(part.map((w) => w.values)));
    const createdScores = creates.flatMap((w) =>
      scoreValues(w).map((v) => [w.student.id, w.values.academicYearName, w.values.semester, ...v]),
    );
    for (const part of chunks(createdScores, rowsPerStatement(9))) {
      out.push(
        db.run(sql`INSERT INTO result_subject_scores (result_id, position, subject_name, score_hundredths, max_score_hundredths, remarks, absent)
          SELECT r.id, v.column4, v.column5, v.column6, v.column7, v.column8, v.column9 FROM (VALUES ${valuesList(part)}) AS v
          JOIN results r ON r.student_id = v.column1 AND r.academic_year_name = v.column2 AND r.semester = v.column3`),
      );
    }
    // An update's audit row before its change: `before` is the result as this write finds it.
    const updateAudits = updates.map((u) =>
      auditValues(ctx, {
        action: "update",
        entity: "result",
        entityId: u.before.id,
        before: resultJsonSql(u.before.id),
        after: u.after,
      }),
    );
    for (const part of chunks(updateAudits, rowsPerStatement(8))) out.push(db.insert(auditLog).values(part));
    out.push(
      ...updateFromValues(
        db,
        "results",
        ["grade", "remarks"],
        updates.map((u) => [u.before.id, u.values.grade, u.values.remarks]),
        `updated_at = '${ctx.now.toISOString()}'`,
      ),
    );
    for (const part of chunks(
      updates.map((u) => u.before.id),
      500,
    ))
      out.push(db.delete(resultSubjectScores).where(inArray(resultSubjectScores.resultId, part)));
    const updatedScores = updates.flatMap((u) => scoreValues(u).map((v) => [u.before.id, ...v]));
    for (const part of chunks(updatedScores, rowsPerStatement(7))) {
      out.push(
        db.run(
          sql`INSERT INTO result_subject_scores (result_id, position, subject_name, score_hundredths, max_score_hundredths, remarks, absent) VALUES ${valuesList(part)}`,
        ),
      );
    }
    const audits = creates.map((w) => {
      const entityId = sql`(SELECT id FROM results WHERE student_id = ${w.student.id} AND academic_year_name = ${w.values.academicYearName} AND semester = ${w.values.semester})`;
      return auditValues(ctx, { action: "create", entity: "result", entityId, after: w.after });
    });
    for (const part of chunks(audits, rowsPerStatement(8))) out.push(db.insert(auditLog).values(part));
    return out;
  };
  return { outcomes, statements, events: [{ event: "students_changed", entity: "result" }] };
}
