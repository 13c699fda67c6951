/**
 * The Fees page's address (docs/product.md#fees): links into the list name its year with `?academic_year=YYYY-YYYY`
 * (the Reports page's overdue bars, the dashboard's overdue card) or the arrears with `?year=arrears`.
 */
import { isAcademicYearName } from "@worker/contracts/academic-years";
import { ARREARS } from "./fees-api";

/** The year filter of query string `search`: "arrears", a well-formed year's name, else "current". */
export function urlYear(search: string): string {
  const q = new URLSearchParams(search);
  if (q.get("year") === ARREARS) return ARREARS;
  const name = q.get("academic_year")?.trim() ?? "";
  return isAcademicYearName(name) ? name : "current";
}
