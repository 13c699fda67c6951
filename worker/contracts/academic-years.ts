/**
 * Academic years' request and answer schemas (docs/product.md#academic-years-and-rollover). A year is named by two
 * consecutive calendar years ("YYYY-YYYY"); its dates are school days "YYYY-MM-DD" (Cairo). Whether a named year
 * exists is the service's question (ACADEMIC_YEAR_UNKNOWN): the list is data, never written here. Imports only zod and
 * dependency-free modules, so the console's forms share these schemas.
 */
import { z } from "zod";
import { reason } from "../reasons";
import { isIsoDate } from "../lib/fee-schedule";

export const ACADEMIC_YEAR_STATES = ["upcoming", "current", "closed"] as const;
export type AcademicYearState = (typeof ACADEMIC_YEAR_STATES)[number];

const YEAR_NAME = /^(\d{4})-(\d{4})$/;

/** True for "YYYY-YYYY" naming two consecutive calendar years ("2031-2032"). */
export function isAcademicYearName(v: string): boolean {
  const m = YEAR_NAME.exec(v);
  return !!m && Number(m[2]) === Number(m[1]) + 1;
}

/** A year's name as the API takes it: trimmed, "YYYY-YYYY", consecutive (ACADEMIC_YEAR_INVALID otherwise). */
export const academicYearNameSchema = z
  .string({ error: reason("ACADEMIC_YEAR_INVALID") })
  .trim()
  .refine(isAcademicYearName, reason("ACADEMIC_YEAR_INVALID"))
  .describe('Two consecutive calendar years, "YYYY-YYYY"; the year must exist (ACADEMIC_YEAR_UNKNOWN)');

/** The path parameter `{name}` of one year. */
export const academicYearParamSchema = z.object({ name: academicYearNameSchema });

const day = (field: "start_date" | "end_date" | "term1_start" | "term1_end" | "term2_start" | "term2_end") =>
  z
    .string({ error: reason("ACADEMIC_YEAR_DATE_INVALID", { field }) })
    .trim()
    .refine(isIsoDate, reason("ACADEMIC_YEAR_DATE_INVALID", { field }));

/** The six dates of a year, in the order they must run (start ≤ term 1 < … < term 2 end ≤ end). */
export const academicYearDatesSchema = z.object({
  start_date: day("start_date"),
  end_date: day("end_date"),
  term1_start: day("term1_start"),
  term1_end: day("term1_end"),
  term2_start: day("term2_start"),
  term2_end: day("term2_end"),
});
export type AcademicYearDates = z.infer<typeof academicYearDatesSchema>;

/** True when `d`'s dates run in order inside the year (the database's academic_years_dates_chk, checked first). */
export function datesInOrder(d: AcademicYearDates): boolean {
  return (
    d.start_date <= d.term1_start &&
    d.term1_start < d.term1_end &&
    d.term1_end < d.term2_start &&
    d.term2_start < d.term2_end &&
    d.term2_end <= d.end_date
  );
}

/**
 * `POST /api/admin/academic-years`: the name of the year to create, which must be the one after the newest (the
 * page offers it); a stale page's name is refused (409 ACADEMIC_YEAR_EXISTS) instead of creating a year twice.
 */
export const createYearSchema = z.object({ name: academicYearNameSchema });

/** One year as the API answers it. `closed_at` is ISO UTC, null until the year closes. */
export const academicYearJsonSchema = academicYearDatesSchema.extend({
  name: z.string().describe('"YYYY-YYYY"'),
  state: z.enum(ACADEMIC_YEAR_STATES),
  closed_at: z.string().nullable(),
});
export type AcademicYearJson = z.infer<typeof academicYearJsonSchema>;

/** `GET /api/admin/academic-years`: every year, newest first, and the current one's name (null: none yet). */
export const academicYearListSchema = z.object({
  years: z.array(academicYearJsonSchema),
  current: z.string().nullable(),
});
export type AcademicYearList = z.infer<typeof academicYearListSchema>;

/** One student's enrolment in a year (`GET /api/admin/academic-years/{name}/enrolments`; the Students export). */
export const yearEnrolmentJsonSchema = z.object({
  student_no: z.string(),
  grade: z.string().describe("The grade that year (KG-1 … Private)"),
  building_no: z.number().int(),
  section: z.string().nullable().describe('The class section that year, e.g. "3/2"; null: none'),
  outcome: z
    .enum(["promoted", "retained", "graduated", "left"])
    .nullable()
    .describe("Set when the year closed (or the student left during it)"),
});
export type YearEnrolmentJson = z.infer<typeof yearEnrolmentJsonSchema>;

/** `GET /api/admin/academic-years/{name}/enrolments`. */
export const yearEnrolmentListSchema = z.object({
  academic_year_name: z.string(),
  enrolments: z.array(yearEnrolmentJsonSchema),
});
