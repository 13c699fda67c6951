/**
 * Demo fee plans (docs/product.md#fee-plans) for one academic year, one per grade, each line named in Arabic and English: a
 * Books line (الكتب, one instalment, 15 Sep) and Tuition (الرسوم الدراسية) in four equal instalments (15 Sep,
 * 15 Nov, 1 Feb, 1 Apr; remainder piastres on the last), adding up to the grade's fee so the demo records keep
 * their totals. Every demo fee record carries its grade's schedule (the ledger fills it from the paid amount when
 * loading, oldest first) and each demo payment's allocations, exactly as the API would have written them. The due dates are past, so every record
 * not fully paid shows as overdue.
 */
import type { feePlanInstalments, feePlans, paymentAllocations } from "../../db/schema";
import { allocationOf, defaultDueDates, splitEqual } from "../../worker/lib/fee-schedule";
import type { LoadedInstalment } from "../../worker/services/ledger/load";
import { planSchedule, type ScheduleItem } from "../../worker/services/fee-plans";
import type { FeeRow, PaymentRow } from "./build-fees";
import { GRADE_SPECS } from "./build-students";

/** Books, piastres: 800 EGP in KG, 1,500 EGP from Primary on. */
const booksOf = (grade: string) => (grade.startsWith("KG") ? 80_000 : 150_000);

export interface FeePlanSeed {
  plans: Array<typeof feePlans.$inferInsert>;
  planInstalments: Array<typeof feePlanInstalments.$inferInsert>;
  /** Without paid amounts: the ledger fills them from the records' (worker/services/ledger/load.ts). */
  instalments: LoadedInstalment[];
  allocations: Array<typeof paymentAllocations.$inferInsert>;
  /** Plan id of each grade, to set on the fee records. */
  planIdByGrade: Map<string, number>;
}

/** Builds the plans (ids `planBase + 1 ..`), the records' instalments and the payments' allocations (payments need ids). */
export function buildFeePlans(
  fees: readonly FeeRow[],
  payments: ReadonlyArray<PaymentRow & { id: number }>,
  planBase: number,
  year: string,
): FeePlanSeed {
  const out: FeePlanSeed = {
    plans: [],
    planInstalments: [],
    instalments: [],
    allocations: [],
    planIdByGrade: new Map(),
  };
  const schedules = new Map<string, ScheduleItem[]>();
  GRADE_SPECS.forEach((g, i) => {
    const planId = planBase + i + 1;
    out.planIdByGrade.set(g.grade, planId);
    out.plans.push({ id: planId, academicYearName: year, grade: g.grade });
    const books = booksOf(g.grade);
    const tuition = splitEqual(g.feeEgp * 100 - books, 4);
    const dates = defaultDueDates(year, 4);
    const rows = [
      {
        linePosition: 0,
        line: "الرسوم الدراسية",
        lineEn: "Tuition",
        items: tuition.map((amount, k) => ({ no: k + 1, dueDate: dates[k]!, amount })),
      },
      { linePosition: 1, line: "الكتب", lineEn: "Books", items: [{ no: 1, dueDate: dates[0]!, amount: books }] },
    ];
    const planRows = rows.flatMap((r) =>
      r.items.map((it) => ({
        planId,
        linePosition: r.linePosition,
        line: r.line,
        lineEn: r.lineEn,
        no: it.no,
        dueDate: it.dueDate,
        amountPiastres: it.amount,
      })),
    );
    out.planInstalments.push(...planRows);
    schedules.set(g.grade, planSchedule(planRows));
  });

  const byFee = new Map<number, Array<PaymentRow & { id: number }>>();
  for (const p of payments) {
    const list = byFee.get(p.feeRecordId as number);
    if (list) list.push(p);
    else byFee.set(p.feeRecordId as number, [p]);
  }
  for (const f of fees) {
    const schedule = schedules.get(f.grade)!;
    const amounts = schedule.map((s) => s.amount);
    schedule.forEach((s, seq) => {
      out.instalments.push({
        feeRecordId: f.id,
        seq,
        line: s.line,
        lineEn: s.lineEn,
        no: s.no,
        dueDate: s.dueDate,
        amountPiastres: s.amount,
      });
    });
    let paid = 0;
    for (const p of byFee.get(f.id) ?? []) {
      const shares = allocationOf(amounts, paid, paid + p.amountPiastres);
      paid += p.amountPiastres;
      shares.forEach((amount, k) => {
        if (amount !== 0)
          out.allocations.push({
            paymentId: p.id,
            line: schedule[k]!.line,
            lineEn: schedule[k]!.lineEn,
            instalmentNo: schedule[k]!.no,
            amountPiastres: amount,
          });
      });
    }
  }
  return out;
}
