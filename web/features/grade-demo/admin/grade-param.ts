/** The `:grade` route parameter of the demo screens (docs/product.md#per-grade-demo): `grade-1` … `grade-12`, shown as "Grade N". */
import { DEMO_GRADE_COUNT } from "./sample-data";

/** The grade number of `grade-N` (1-12), or null for anything else ("grade-01", "grade-13", "Prep-3"…). */
export function gradeFromParam(param: string | undefined): number | null {
  const m = /^grade-([1-9]\d?)$/.exec(param ?? "");
  const n = m ? Number(m[1]) : NaN;
  return n >= 1 && n <= DEMO_GRADE_COUNT ? n : null;
}

/** For route loaders: the grade number, or throws a 404 Response (React Router shows the not-found screen). */
export function requireDemoGrade(param: string | undefined): { grade: number } {
  const grade = gradeFromParam(param);
  if (grade === null) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  return { grade };
}
