/** Dashboard statistics (docs/product.md#dashboard). Read straight from the tables. */
import { eq, sql } from "drizzle-orm";
import { feeRecords, students } from "../../db/schema";
import type { Db } from "../db";

/** Number of active students. */
export async function activeStudentCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(students).where(eq(students.isActive, true));
  return Number(row?.n ?? 0);
}

/** Totals over active students' fee records, in piastres. */
export async function feeTotals(db: Db): Promise<{ totalPiastres: number; paidPiastres: number }> {
  const [row] = await db
    .select({
      total: sql<number>`coalesce(sum(${feeRecords.totalPiastres}), 0)`,
      paid: sql<number>`coalesce(sum(${feeRecords.paidPiastres}), 0)`,
    })
    .from(feeRecords)
    .innerJoin(students, eq(students.id, feeRecords.studentId))
    .where(eq(students.isActive, true));
  return { totalPiastres: Number(row?.total ?? 0), paidPiastres: Number(row?.paid ?? 0) };
}

/** paid / total × 100 rounded to 2 decimals; 0 when total is 0. */
export function paidPercentage(totalPiastres: number, paidPiastres: number): number {
  if (totalPiastres <= 0) return 0;
  return Math.round((paidPiastres / totalPiastres) * 10000) / 100;
}
