/** Dashboard statistics (docs/product.md#dashboard). Read straight from the tables. */
import { and, eq, gte, lt, sql } from "drizzle-orm";
import { feeInstalments, feeRecords, onlinePayments, students } from "../../db/schema";
import type { Db } from "../db";
import { schoolDayStartUtc } from "../lib/school-day";
import { currentYearSql } from "./fee-year";

/** Number of active students. */
export async function activeStudentCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(students).where(eq(students.isActive, true));
  return Number(row?.n ?? 0);
}

/** Totals over active students' fee accounts of the current year, in piastres. */
export async function feeTotals(db: Db): Promise<{ totalPiastres: number; paidPiastres: number }> {
  const [row] = await db
    .select({
      total: sql<number>`coalesce(sum(${feeRecords.totalPiastres}), 0)`,
      paid: sql<number>`coalesce(sum(${feeRecords.paidPiastres}), 0)`,
    })
    .from(feeRecords)
    .innerJoin(students, eq(students.id, feeRecords.studentId))
    .where(and(eq(students.isActive, true), eq(feeRecords.academicYearName, currentYearSql)));
  return { totalPiastres: Number(row?.total ?? 0), paidPiastres: Number(row?.paid ?? 0) };
}

/**
 * The overdue figures of active students on school day `today` (docs/product.md#dashboard): piastres unpaid on
 * instalments due before today on the accounts of the current year and the years before it, and how many students owe
 * them; of which the arrears, on the years before the current one (the Fees page's arrears view). Later years' accounts
 * are not counted: the card's links open the current year's overdue list and the arrears, which together list these.
 */
export async function overdueTotals(
  db: Db,
  today: string,
): Promise<{ overduePiastres: number; students: number; arrearsPiastres: number; arrearsStudents: number }> {
  const unpaid = sql`${feeInstalments.amountPiastres} - ${feeInstalments.paidPiastres}`;
  const earlier = sql`${feeRecords.academicYearName} < ${currentYearSql}`;
  const [row] = await db
    .select({
      amount: sql<number>`coalesce(sum(${unpaid}), 0)`,
      n: sql<number>`count(DISTINCT ${feeRecords.studentId})`,
      arrears: sql<number>`coalesce(sum(CASE WHEN ${earlier} THEN ${unpaid} ELSE 0 END), 0)`,
      arrearsN: sql<number>`count(DISTINCT CASE WHEN ${earlier} THEN ${feeRecords.studentId} END)`,
    })
    .from(feeInstalments)
    .innerJoin(feeRecords, eq(feeRecords.id, feeInstalments.feeRecordId))
    .innerJoin(students, eq(students.id, feeRecords.studentId))
    .where(
      and(
        eq(students.isActive, true),
        sql`${feeRecords.academicYearName} <= ${currentYearSql}`,
        lt(feeInstalments.dueDate, today),
        sql`${feeInstalments.paidPiastres} < ${feeInstalments.amountPiastres}`,
      ),
    );
  return {
    overduePiastres: Number(row?.amount ?? 0),
    students: Number(row?.n ?? 0),
    arrearsPiastres: Number(row?.arrears ?? 0),
    arrearsStudents: Number(row?.arrearsN ?? 0),
  };
}

/** paid / total × 100 rounded to 2 decimals; 0 when total is 0. */
export function paidPercentage(totalPiastres: number, paidPiastres: number): number {
  if (totalPiastres <= 0) return 0;
  return Math.round((paidPiastres / totalPiastres) * 10000) / 100;
}

/**
 * Online payments paid on school day `today` ("YYYY-MM-DD", Cairo; docs/product.md#dashboard, #online-payments): how
 * many, and the piastres Paymob took for them (a credit to refund included: the money came in). Every student,
 * active or not: it is money received today.
 */
export async function onlineTakings(db: Db, today: string): Promise<{ count: number; piastres: number }> {
  const [row] = await db
    .select({
      n: sql<number>`count(*)`,
      amount: sql<number>`coalesce(sum(${onlinePayments.amountPiastres}), 0)`,
    })
    .from(onlinePayments)
    .where(
      and(
        eq(onlinePayments.status, "paid"),
        gte(onlinePayments.paidAt, schoolDayStartUtc(today)),
        lt(onlinePayments.paidAt, schoolDayStartUtc(today, 1)),
      ),
    );
  return { count: Number(row?.n ?? 0), piastres: Number(row?.amount ?? 0) };
}
