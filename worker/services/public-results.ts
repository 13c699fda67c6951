/**
 * Public exam-result lookup by national ID (docs/product.md#public-results). Only published academic year + semester
 * pairs are returned, newest first, each with the school's `results_absent_rule` (absent subjects in the total or not); fees refuse the lookup by the school's `results_fee_rule` (docs/product.md#fee-plans):
 * `fully_paid` (default) while paid < total, `no_overdue` while an instalment due on or before `today` is unpaid. Throws ApiError: 404 RESULTS_NOT_FOUND (unknown
 * student or no results); 403 RESULTS_NOT_PUBLISHED `{resultsNotPublished: true}`; 403 RESULTS_FEES_UNPAID
 * `{requiresPayment: true}`.
 */
import type { InArgs } from "@libsql/client/web";
import { and, asc, desc, eq, fillPlaceholders, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { QueryBuilder } from "drizzle-orm/sqlite-core";
import { resultPublications, resultSubjectScores, results, students } from "../../db/schema";
import type { Db } from "../db";
import { ApiError } from "../errors";
import { fromHundredths } from "../lib/typed-number";
import type { PublicResultJson } from "../contracts/public-results";

/** The school's `results_fee_rule` (docs/product.md#fee-plans); null = the default, fully_paid. Uncorrelated: SQLite reads it once. */
const FEE_RULE = sql<string | null>`(SELECT value FROM school_settings WHERE key = 'results_fee_rule')`;
/** The school's `results_absent_rule` (docs/product.md#results); null = the default, excluded. */
const ABSENT_RULE = sql<string | null>`(SELECT value FROM school_settings WHERE key = 'results_absent_rule')`;

/** The joined columns of the lookup, in statement order; `today` is the school day (placeholder or value). */
const lookupFields = (today: SQLWrapper) => ({
  fullName: students.fullName,
  // Over every year's account: arrears of a past year withhold the results as the current year's debt does.
  total: sql<number | null>`(SELECT sum(f.total_piastres) FROM fee_records f WHERE f.student_id = ${students.id})`,
  paid: sql<number | null>`(SELECT sum(f.paid_piastres) FROM fee_records f WHERE f.student_id = ${students.id})`,
  resultId: results.id,
  grade: results.grade,
  year: results.academicYearName,
  semester: results.semester,
  published: resultPublications.isPublished,
  subject: resultSubjectScores.subjectName,
  score: resultSubjectScores.scoreHundredths,
  max: resultSubjectScores.maxScoreHundredths,
  absent: resultSubjectScores.absent,
  rule: FEE_RULE,
  absentRule: ABSENT_RULE,
  /**
   * 1 when an instalment due on or before today (Cairo) is not fully paid. Evaluated per joined row, so only under
   * the `no_overdue` rule (CASE stops before the subquery otherwise) and only up to the first such instalment.
   */
  dueUnpaid: sql<
    number | null
  >`CASE WHEN ${FEE_RULE} = 'no_overdue' THEN EXISTS (SELECT 1 FROM fee_instalments i JOIN fee_records f ON f.id = i.fee_record_id WHERE f.student_id = ${students.id} AND i.due_date <= ${today} AND i.paid_piastres < i.amount_piastres) END`,
});
const LOOKUP_FIELDS = lookupFields(sql.placeholder("today"));
const LOOKUP_KEYS = Object.keys(LOOKUP_FIELDS) as Array<keyof typeof LOOKUP_FIELDS>;

/** The lookup's five-join select of `fields` for the student `where` chooses, newest result first. */
function lookupSelect(fields: ReturnType<typeof lookupFields>, where: SQL) {
  return new QueryBuilder()
    .select(fields)
    .from(students)
    .leftJoin(results, eq(results.studentId, students.id))
    .leftJoin(
      resultPublications,
      and(
        eq(resultPublications.academicYearName, results.academicYearName),
        eq(resultPublications.semester, results.semester),
      ),
    )
    .leftJoin(
      resultSubjectScores,
      and(eq(resultSubjectScores.resultId, results.id), eq(resultPublications.isPublished, true)),
    )
    .where(where)
    .orderBy(
      desc(results.academicYearName),
      desc(results.semester),
      asc(resultSubjectScores.position),
      asc(resultSubjectScores.id),
    );
}

/**
 * The statement, built once per isolate with the national ID as a placeholder: results day runs it thousands of
 * times a minute, and building this five-join select with drizzle costs about as much Worker CPU as the rest of
 * the request (~0.2-0.5 ms). It reads the student, their fee record, each result with its publication flag, and
 * the subject scores of published results only; no batch, so no transaction around it.
 */
const LOOKUP_QUERY = lookupSelect(LOOKUP_FIELDS, eq(students.studentNo, sql.placeholder("studentNo")));
const LOOKUP = LOOKUP_QUERY.toSQL();

/** One joined row, typed by the select itself: the student, their fee record, one result, one subject score. */
type LookupRow = (typeof LOOKUP_QUERY)["_"]["result"][number];

/** Raw SQLite rows of the lookup (positional, as the select lists them) as typed rows. */
function lookupRowsFrom(values: ArrayLike<unknown>[]): LookupRow[] {
  return Array.from(values, (r) => {
    const row = Object.fromEntries(LOOKUP_KEYS.map((k, i) => [k, r[i] ?? null])) as unknown as LookupRow;
    row.published = Number(row.published) === 1; // raw SQLite 0/1/NULL, read without drizzle's column decoders
    row.absent = Number(row.absent) === 1;
    return row;
  });
}

async function readLookupRows(db: Db, studentNo: string, today: string): Promise<LookupRow[]> {
  const rs = await db.$client.execute({
    sql: LOOKUP.sql,
    args: fillPlaceholders(LOOKUP.params, { studentNo, today }) as InArgs,
  });
  return lookupRowsFrom(rs.rows);
}

/**
 * The lookup's statement for student `studentId` on school day `today` (YYYY-MM-DD, Cairo), for a caller's own batch
 * (the family's child page); its answer goes to `publishedResultsOf`.
 */
export function lookupQueryOfStudent(db: Db, studentId: number, today: string) {
  return db.values<unknown[]>(lookupSelect(lookupFields(sql`${today}`), eq(students.id, studentId)).getSQL());
}

/**
 * Reads everything with ONE statement, because results day is bound by database round trips, then applies the
 * rules to the joined rows.
 */
export async function lookupPublishedResults(db: Db, studentNo: string, today: string): Promise<PublicResultJson[]> {
  return resultsUnderRules(await readLookupRows(db, studentNo, today));
}

/** The school's `results_fee_rule` as `lookupQueryOfStudent`'s answer carries it (null: the default, fully_paid). */
export function feeRuleOf(values: unknown[][]): string | null {
  return lookupRowsFrom(values)[0]?.rule ?? null;
}

/** The published results of `lookupQueryOfStudent`'s answer, newest first, or the module's ApiErrors. */
export function publishedResultsOf(values: unknown[][]): PublicResultJson[] {
  return resultsUnderRules(lookupRowsFrom(values));
}

/** The lookup's rules over its joined rows: fees, publication, then the results grouped by year and semester. */
function resultsUnderRules(rows: LookupRow[]): PublicResultJson[] {
  const student = rows[0];
  if (!student || student.resultId === null) throw new ApiError("RESULTS_NOT_FOUND");
  if (!rows.some((r) => r.published))
    throw new ApiError("RESULTS_NOT_PUBLISHED", { extra: { resultsNotPublished: true } });
  const blocked =
    student.rule === "no_overdue"
      ? Number(student.dueUnpaid ?? 0) > 0
      : student.total !== null && (student.paid ?? 0) < student.total;
  if (blocked) {
    throw new ApiError("RESULTS_FEES_UNPAID", { extra: { requiresPayment: true } });
  }
  const byResult = new Map<number, PublicResultJson>();
  for (const r of rows) {
    if (!r.published || r.resultId === null) continue;
    let result = byResult.get(r.resultId);
    if (!result) {
      result = {
        full_name: r.fullName,
        grade: r.grade!,
        academic_year_name: r.year!,
        semester: r.semester!,
        subjects: [],
        absent_rule: r.absentRule === "zero" ? "zero" : "excluded",
      };
      byResult.set(r.resultId, result);
    }
    if (r.subject !== null)
      result.subjects.push({
        subject_name: r.subject,
        score: r.absent || r.score === null ? null : fromHundredths(r.score),
        max_score: fromHundredths(r.max!),
        absent: r.absent === true,
      });
  }
  return [...byResult.values()];
}
