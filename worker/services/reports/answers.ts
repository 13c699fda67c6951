/**
 * Each Reports chart's whole answer (docs/product.md#reports): the year followed, then the chart's figures, as
 * `GET /api/admin/reports/*` answers it and as the Reports page's server loader streams it for a cold load. One
 * function per chart, so the API and the page cannot answer differently; the page reads the year once for all five
 * (`YearChoice`). Errors: 404 ACADEMIC_YEAR_NOT_FOUND for an
 * unknown year, or without a name when no year is current.
 */
import type { Db } from "../../db";
import { collectionReport } from "./collection";
import { messagesReport } from "./messages";
import { overdueReport } from "./overdue";
import { marksDistribution, passRates } from "./results";
import { sourcesReport } from "./sources";
import { reportYear, type YearChoice } from "./year";

/** Collection by month of year `name` (default the current one); `today` is the Cairo school day "YYYY-MM-DD". */
export async function collectionAnswer(db: Db, name: YearChoice, today: string) {
  const year = await reportYear(db, name);
  return { year, ...(await collectionReport(db, year, today)) };
}

/** Unpaid instalments by grade and age on `today` (Cairo school day). */
export async function overdueAnswer(db: Db, name: YearChoice, today: string) {
  const year = await reportYear(db, name);
  return { year, ...(await overdueReport(db, year, today)) };
}

/** Receipts by source per week (EGP), and credits awaiting refund. */
export async function sourcesAnswer(db: Db, name: YearChoice) {
  const year = await reportYear(db, name);
  return { year, ...(await sourcesReport(db, year)) };
}

/** Marks per subject and term, pass rates per grade, at `passMark` percent of each subject's maximum. */
export async function resultsAnswer(db: Db, name: YearChoice, passMark: number) {
  const year = await reportYear(db, name);
  const [subjects, grades] = await Promise.all([marksDistribution(db, year, passMark), passRates(db, year, passMark)]);
  return { year, pass_mark: passMark, subjects, grades };
}

/** Guardians' messages per day, channel and status. */
export async function messagesAnswer(db: Db, name: YearChoice) {
  const year = await reportYear(db, name);
  return { year, ...(await messagesReport(db, year)) };
}
