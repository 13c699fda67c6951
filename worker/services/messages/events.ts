/**
 * Messages that events send at once (docs/product.md#guardians-and-messages): a payment, a results publication, a
 * selection period opening. Each is planned with its key (kind, student, receipt / term / period, day), so a replayed
 * request or a second click plans nothing new. Called after the event's own write has committed (`waitUntil`).
 */
import { and, eq, sql } from "drizzle-orm";
import { feeRecords, payments, results, students } from "../../../db/schema";
import type { Db } from "../../db";
import { receiptPath } from "../payments";
import { activeStudentsOf, type Enqueue, type PlannedMessage, writeAndEnqueue } from "./plan";
import { cairoClock } from "./settings";

/** Links in messages: the site's public origin (PUBLIC_BASE_URL) and the page. */
const link = (base: string, path: string) => `${base.replace(/\/+$/, "")}${path}`;

/**
 * payment_received for the payment with `receiptNo` (ref: the receipt number), linking to its public receipt
 * (`{base}/pay/receipts/{receipt token}`, docs/product.md#guardians-and-messages). Desk and online payments alike.
 */
export async function paymentMessages(db: Db, receiptNo: string, base: string, now: Date, enqueue: Enqueue) {
  const [row] = await db
    .select({
      studentId: students.id,
      name: students.fullName,
      // A receipt across years (its rows share a group): what the whole receipt took.
      amount: sql<number>`coalesce((SELECT sum(g.amount_piastres) FROM payments g
        WHERE g.receipt_group = ${payments.receiptGroup}), ${payments.amountPiastres})`,
      token: payments.receiptToken,
    })
    .from(payments)
    .innerJoin(feeRecords, eq(feeRecords.id, payments.feeRecordId))
    .innerJoin(students, eq(students.id, feeRecords.studentId))
    .where(and(eq(payments.receiptNo, receiptNo), eq(payments.kind, "payment")));
  if (!row?.token) return [];
  const planned: PlannedMessage = {
    kind: "payment_received",
    studentId: row.studentId,
    ref: receiptNo,
    facts: {
      studentName: row.name,
      amountPiastres: row.amount,
      receiptNo,
      link: link(base, receiptPath(row.token)),
    },
  };
  return writeAndEnqueue(db, cairoClock(now).day, [planned], enqueue);
}

/** results_published to every student with a result in the published term (ref: `2024-2025/S1`). */
export async function resultsMessages(
  db: Db,
  year: string,
  semester: "S1" | "S2",
  base: string,
  now: Date,
  enqueue: Enqueue,
) {
  const rows = await db
    .select({ studentId: students.id, name: students.fullName })
    .from(results)
    .innerJoin(students, eq(students.id, results.studentId))
    .where(and(eq(results.academicYearName, year), eq(results.semester, semester), eq(students.isActive, true)));
  const planned = rows.map(
    (r): PlannedMessage => ({
      kind: "results_published",
      studentId: r.studentId,
      ref: `${year}/${semester}`,
      facts: { studentName: r.name, term: { year, semester }, link: link(base, "/results") },
    }),
  );
  return writeAndEnqueue(db, cairoClock(now).day, planned, enqueue);
}

/** selection_opened to the Prep-3 families when a selection period is activated (ref: `p<period id>`). */
export async function selectionMessages(db: Db, periodId: number, base: string, now: Date, enqueue: Enqueue) {
  const planned = (await activeStudentsOf(db, "Prep-3")).map(
    (s): PlannedMessage => ({
      kind: "selection_opened",
      studentId: s.id,
      ref: `p${periodId}`,
      facts: { studentName: s.name, link: link(base, "/current-students") },
    }),
  );
  return writeAndEnqueue(db, cairoClock(now).day, planned, enqueue);
}
