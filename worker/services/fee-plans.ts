/**
 * Fee plans (docs/product.md#fee-plans): CRUD, and applying a plan to its grade with a dry run. Money in piastres.
 *
 * Applying gives every active student of the plan's grade the plan's schedule, less the student's discount (a
 * percent is recomputed on the new total), taken off the latest instalments first (worker/lib/fee-schedule.ts). A
 * missing fee record is created; existing payments are kept and refilled oldest instalment first in the same batch;
 * a record with a custom schedule is left alone. Rows that cannot take the plan (discount above the total, paid above
 * the new total) are errors: the commit then writes nothing (400 PLAN_APPLY_ERRORS with the preview's body).
 */
import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { feeInstalments, feePlanInstalments, feePlans, feeRecords, students } from "../../db/schema";
import type { Db } from "../db";
import { batchAll } from "../db";
import { broke, brokeForeignKey } from "../db-constraints";
import type { RequestContext } from "../request-context";
import { ApiError } from "../errors";
import { applyDiscount, percentOf } from "../lib/fee-schedule";
import { egpToPiastres, piastresToEgp } from "../money";
import { rowError, summarizeRows } from "../contracts/row-outcome";
import type { ApplyResult, ApplyRow, FeePlanInput, FeePlanJson } from "../contracts/fee-plans";
import { auditInsert } from "./audit";
import { instalmentsQuery } from "./fee-instalments";
import { refillStatement } from "./ledger/allocation";
import { isStaleFee, nextVersion, versionGuard } from "./fee-version";
import { feeIdOfStudentSql } from "./fee-year";

type PlanRow = typeof feePlanInstalments.$inferSelect;

/** One instalment of a schedule in the order it is paid: due date, then line position, then number. */
export interface ScheduleItem {
  seq: number;
  line: string;
  lineEn: string | null;
  no: number;
  dueDate: string;
  amount: number;
}

/** A plan's instalment rows as a schedule (`seq` = oldest-first position); the demo seed builds its schedules with it too. */
export function planSchedule(
  rows: ReadonlyArray<
    Pick<PlanRow, "dueDate" | "linePosition" | "no" | "line" | "amountPiastres"> & { lineEn?: string | null }
  >,
): ScheduleItem[] {
  return [...rows]
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.linePosition - b.linePosition || a.no - b.no)
    .map((r, seq) => ({
      seq,
      line: r.line,
      lineEn: r.lineEn ?? null,
      no: r.no,
      dueDate: r.dueDate,
      amount: r.amountPiastres,
    }));
}

/** `schedule` less `discount` piastres, latest instalment first. Throws RangeError above the total. */
export function discounted(schedule: ScheduleItem[], discount: number): ScheduleItem[] {
  const amounts = applyDiscount(
    schedule.map((s) => s.amount),
    discount,
  );
  return schedule.map((s, i) => ({ ...s, amount: amounts[i]! }));
}

function toPlanJson(plan: typeof feePlans.$inferSelect, rows: PlanRow[], applied: number): FeePlanJson {
  const lines: FeePlanJson["lines"] = [];
  const linePiastres: number[] = [];
  for (const r of [...rows].sort((a, b) => a.linePosition - b.linePosition || a.no - b.no)) {
    let line = lines[r.linePosition];
    if (!line) line = lines[r.linePosition] = { name: r.line, name_en: r.lineEn, total: 0, instalments: [] };
    line.instalments.push({ no: r.no, due_date: r.dueDate, amount: piastresToEgp(r.amountPiastres) });
    linePiastres[r.linePosition] = (linePiastres[r.linePosition] ?? 0) + r.amountPiastres;
    line.total = piastresToEgp(linePiastres[r.linePosition]!);
  }
  const total = piastresToEgp(rows.reduce((s, r) => s + r.amountPiastres, 0));
  return {
    id: plan.id,
    academic_year_name: plan.academicYearName,
    grade: plan.grade,
    total,
    lines: lines.filter(Boolean),
    applied_count: applied,
    updated_at: plan.updatedAt,
  };
}

/** Plans, newest academic year first, grades in list order; filters by year and grade. */
export async function listPlans(db: Db, q: { academic_year_name?: string; grade?: string }): Promise<FeePlanJson[]> {
  const conds: SQL[] = [];
  if (q.academic_year_name) conds.push(eq(feePlans.academicYearName, q.academic_year_name));
  if (q.grade) conds.push(eq(feePlans.grade, q.grade));
  const where = conds.length ? and(...conds) : undefined;
  const ids = db.select({ id: feePlans.id }).from(feePlans).where(where);
  const [plans, rows, counts] = await db.batch([
    db.select().from(feePlans).where(where).orderBy(sql`${feePlans.academicYearName} DESC`, asc(feePlans.id)),
    db.select().from(feePlanInstalments).where(inArray(feePlanInstalments.planId, ids)),
    db
      .select({ planId: feeRecords.planId, n: sql<number>`count(*)` })
      .from(feeRecords)
      .where(inArray(feeRecords.planId, ids))
      .groupBy(feeRecords.planId),
  ]);
  const n = new Map(counts.map((c) => [c.planId, Number(c.n)]));
  return plans.map((p) =>
    toPlanJson(
      p,
      rows.filter((r) => r.planId === p.id),
      n.get(p.id) ?? 0,
    ),
  );
}

/** Plan `id`. Throws 404 PLAN_NOT_FOUND. */
export async function getPlan(db: Db, id: number): Promise<FeePlanJson> {
  const [plan, rows, [count]] = await db.batch([
    db.select().from(feePlans).where(eq(feePlans.id, id)),
    db.select().from(feePlanInstalments).where(eq(feePlanInstalments.planId, id)),
    db.select({ n: sql<number>`count(*)` }).from(feeRecords).where(eq(feeRecords.planId, id)),
  ]);
  if (!plan[0]) throw new ApiError("PLAN_NOT_FOUND");
  return toPlanJson(plan[0], rows, Number(count?.n ?? 0));
}

const instalmentValues = (planId: number | SQL, input: FeePlanInput) =>
  input.lines.flatMap((line, linePosition) =>
    line.instalments.map((i) => ({
      planId,
      linePosition,
      line: line.name,
      lineEn: line.name_en,
      no: i.no,
      dueDate: i.due_date,
      amountPiastres: egpToPiastres(i.amount),
    })),
  );

function planConflict(err: unknown): never {
  if (broke(err, "fee_plans.academic_year_name, fee_plans.grade")) throw new ApiError("PLAN_EXISTS");
  throw err;
}

/**
 * Plan `id` as its JSON (`toPlanJson`'s shape, EGP), read by the database inside the batch: an audit row's `before`
 * is then the plan as the write found it, not as an earlier read saw it.
 */
function planJsonSql(id: number): SQL {
  const egp = (col: string) => sql.raw(`${col} / 100.0`);
  // Ordered subqueries, not ORDER BY inside the aggregate: the SQLite of sqld 0.24 cannot parse that.
  const lines = sql`(SELECT json_group_array(json(l.line)) FROM (
      SELECT json_object('name', min(i.line), 'name_en', min(i.line_en), 'total', ${egp("sum(i.amount)")}, 'instalments', json_group_array(json(i.inst))) AS line
      FROM (SELECT line_position AS pos, line, line_en, amount_piastres AS amount, json_object('no', no, 'due_date', due_date, 'amount', ${egp("amount_piastres")}) AS inst
        FROM fee_plan_instalments WHERE plan_id = ${id} ORDER BY line_position, no) AS i
      GROUP BY i.pos ORDER BY i.pos) AS l)`;
  return sql`(SELECT json_object('id', p.id, 'academic_year_name', p.academic_year_name, 'grade', p.grade,
    'total', (SELECT ${egp("coalesce(sum(amount_piastres), 0)")} FROM fee_plan_instalments WHERE plan_id = ${id}),
    'lines', json(${lines}), 'applied_count', (SELECT count(*) FROM fee_records WHERE plan_id = ${id}), 'updated_at', p.updated_at)
    FROM fee_plans p WHERE p.id = ${id})`;
}

/** Creates a plan (input validated by feePlanInputSchema). Throws 409 PLAN_EXISTS for a second plan of a year and grade. */
export async function createPlan(ctx: RequestContext, input: FeePlanInput): Promise<FeePlanJson> {
  const { db } = ctx;
  const planId = sql`(SELECT id FROM fee_plans WHERE academic_year_name = ${input.academic_year_name} AND grade = ${input.grade})`;
  try {
    const [[row]] = await db.batch([
      db
        .insert(feePlans)
        .values({ academicYearName: input.academic_year_name, grade: input.grade })
        .returning({ id: feePlans.id }),
      db.insert(feePlanInstalments).values(instalmentValues(planId, input)),
      auditInsert(ctx, { action: "create", entity: "fee_plan", entityId: planId, after: input }),
    ]);
    return getPlan(db, row!.id);
  } catch (err) {
    planConflict(err);
  }
}

/**
 * Replaces plan `id` (records already carrying it keep their schedule until it is applied again). Throws 404
 * PLAN_NOT_FOUND (the new rows' foreign key refuses the batch), 409 PLAN_EXISTS.
 */
export async function updatePlan(ctx: RequestContext, id: number, input: FeePlanInput): Promise<FeePlanJson> {
  const { db } = ctx;
  try {
    await db.batch([
      auditInsert(ctx, { action: "update", entity: "fee_plan", entityId: id, before: planJsonSql(id), after: input }),
      db
        .update(feePlans)
        .set({ academicYearName: input.academic_year_name, grade: input.grade, updatedAt: new Date().toISOString() })
        .where(eq(feePlans.id, id)),
      db.delete(feePlanInstalments).where(eq(feePlanInstalments.planId, id)),
      db.insert(feePlanInstalments).values(instalmentValues(id, input)),
    ]);
  } catch (err) {
    if (brokeForeignKey(err)) throw new ApiError("PLAN_NOT_FOUND");
    planConflict(err);
  }
  return getPlan(db, id);
}

/** Deletes plan `id`; records that carried it keep their instalments (and payments). Throws 404 PLAN_NOT_FOUND. */
export async function deletePlan(ctx: RequestContext, id: number): Promise<void> {
  const { db } = ctx;
  await getPlan(db, id);
  await db.batch([
    auditInsert(ctx, { action: "delete", entity: "fee_plan", entityId: id, before: planJsonSql(id) }),
    // The schema says ON DELETE SET NULL, but drizzle-kit's ALTER TABLE ADD COLUMN in migration 0007 has no delete
    // action (and migrations are never hand-edited): this UPDATE stands in for it. A new version: a discount read
    // from this plan must not land on a record that no longer carries it.
    db.update(feeRecords).set({ planId: null, version: nextVersion }).where(eq(feeRecords.planId, id)),
    db.delete(feePlans).where(eq(feePlans.id, id)),
  ]);
}

/**
 * Statements replacing record `feeId`'s instalments by `schedule` and refilling them from its paid amount. The
 * record's total must already equal the schedule's sum (same batch, before these).
 */
export function scheduleStatements(db: Db, feeId: number | SQL, schedule: ScheduleItem[]) {
  return [
    db.delete(feeInstalments).where(eq(feeInstalments.feeRecordId, feeId as number)),
    ...(schedule.length
      ? [
          db.insert(feeInstalments).values(
            schedule.map((s) => ({
              feeRecordId: feeId,
              seq: s.seq,
              line: s.line,
              lineEn: s.lineEn,
              no: s.no,
              dueDate: s.dueDate,
              amountPiastres: s.amount,
            })),
          ),
        ]
      : []),
    refillStatement(db, feeId),
  ] as const;
}

/**
 * Applies plan `id` to its grade: with `dryRun`, only the preview `{dry_run, summary, rows}`; otherwise the same
 * answer after one batch wrote every record, its schedule and its audit row. Throws 404 PLAN_NOT_FOUND, 400
 * PLAN_APPLY_ERRORS (nothing written; the body carries the rows), 409 PLAN_APPLY_CHANGED_MEANWHILE (a record of the
 * grade was written, created or paid beyond its new total since the preview was read: nothing written).
 */
export async function applyPlan(ctx: RequestContext, id: number, dryRun: boolean): Promise<ApplyResult> {
  const { db, now } = ctx;
  const inGrade = and(
    eq(students.isActive, true),
    eq(students.currentGrade, sql`(SELECT grade FROM fee_plans WHERE id = ${id})`),
  );
  // A plan is for one year: its students' accounts of that year.
  const ofPlanYear = eq(feeRecords.academicYearName, sql`(SELECT academic_year_name FROM fee_plans WHERE id = ${id})`);
  // One round trip: the plan, its rows, the grade's students with their records, and those records' instalments.
  const [plans, planRows, people, current] = await db.batch([
    db.select().from(feePlans).where(eq(feePlans.id, id)),
    db.select().from(feePlanInstalments).where(eq(feePlanInstalments.planId, id)),
    db
      .select({ studentId: students.id, studentNo: students.studentNo, fullName: students.fullName, fee: feeRecords })
      .from(students)
      .leftJoin(feeRecords, and(eq(feeRecords.studentId, students.id), ofPlanYear))
      .where(inGrade)
      .orderBy(asc(students.fullName), asc(students.id)),
    // Oldest due first, which is `seq` order: seq is only ever given in that order (planSchedule, scheduleStatements).
    instalmentsQuery(
      db,
      db
        .select({ id: feeRecords.id })
        .from(feeRecords)
        .innerJoin(students, eq(students.id, feeRecords.studentId))
        .where(and(inGrade, ofPlanYear)),
    ),
  ]);
  const plan = plans[0];
  if (!plan) throw new ApiError("PLAN_NOT_FOUND");
  const schedule = planSchedule(planRows);
  const gross = schedule.reduce((s, i) => s + i.amount, 0);
  const currentByFee = new Map<number, typeof current>();
  for (const c of current) {
    const list = currentByFee.get(c.feeRecordId);
    if (list) list.push(c);
    else currentByFee.set(c.feeRecordId, [c]);
  }
  const sameAs = (feeId: number, next: ScheduleItem[]) => {
    const have = currentByFee.get(feeId) ?? [];
    return (
      have.length === next.length &&
      have.every(
        (h, i) =>
          h.line === next[i]!.line &&
          (h.lineEn ?? null) === next[i]!.lineEn &&
          h.no === next[i]!.no &&
          h.dueDate === next[i]!.dueDate &&
          h.amountPiastres === next[i]!.amount,
      )
    );
  };

  const rows: ApplyRow[] = [];
  type Write = {
    studentId: number;
    fee: { id: number; version: number } | null;
    total: number;
    discount: number;
    schedule: ScheduleItem[];
  };
  const writes: Write[] = [];
  for (const [i, p] of people.entries()) {
    const base = {
      row: i + 1,
      key: p.studentNo,
      full_name: p.fullName,
      total_before: p.fee ? piastresToEgp(p.fee.totalPiastres) : null,
      paid: piastresToEgp(p.fee?.paidPiastres ?? 0),
    };
    if (p.fee?.customSchedule) {
      rows.push({
        ...base,
        action: "unchanged",
        total_after: base.total_before ?? 0,
        note: "custom_schedule",
        errors: [],
      });
      continue;
    }
    const discount = p.fee
      ? p.fee.discountPercent !== null
        ? percentOf(gross, p.fee.discountPercent)
        : p.fee.discountPiastres
      : 0;
    if (discount > gross) {
      rows.push({
        ...base,
        action: "error",
        total_after: 0,
        errors: [rowError("discount", "DISCOUNT_ABOVE_TOTAL")],
      });
      continue;
    }
    const total = gross - discount;
    const next = discounted(schedule, discount);
    const row = { ...base, total_after: piastresToEgp(total) };
    if (p.fee && p.fee.paidPiastres > total) {
      rows.push({ ...row, action: "error", errors: [rowError("total_amount", "TOTAL_BELOW_PAID")] });
      continue;
    }
    if (
      p.fee &&
      p.fee.planId === id &&
      p.fee.totalPiastres === total &&
      p.fee.grade === plan.grade &&
      sameAs(p.fee.id, next)
    ) {
      rows.push({ ...row, action: "unchanged", errors: [] });
      continue;
    }
    rows.push({ ...row, action: p.fee ? "update" : "create", errors: [] });
    writes.push({ studentId: p.studentId, fee: p.fee, total, discount, schedule: next });
  }
  const result: ApplyResult = { dry_run: dryRun, summary: summarizeRows(rows), rows };
  if (dryRun) return result;
  // Checked before "nothing to write": a commit whose only rows are errors must be refused, not answered 200.
  if (result.summary.errors) throw new ApiError("PLAN_APPLY_ERRORS", { extra: result });
  if (!writes.length) return result;

  const at = now.toISOString();
  const statements = writes.flatMap((w): BatchItem<"sqlite">[] => {
    const after = {
      plan_id: id,
      academic_year_name: plan.academicYearName,
      total_piastres: w.total,
      discount_piastres: w.discount,
    };
    const audit = (feeId: number | SQL, before: SQL | null) =>
      auditInsert(ctx, { action: "apply_fee_plan", entity: "fee_record", entityId: feeId, before, after });
    if (!w.fee) {
      const feeId = feeIdOfStudentSql(w.studentId, plan.academicYearName);
      const insert = db.insert(feeRecords).values({
        studentId: w.studentId,
        academicYearName: plan.academicYearName,
        grade: plan.grade,
        totalPiastres: w.total,
        planId: id,
      });
      return [insert, ...scheduleStatements(db, feeId, w.schedule), audit(feeId, null)];
    }
    const fee = w.fee.id;
    const set = {
      totalPiastres: w.total,
      discountPiastres: w.discount,
      grade: plan.grade,
      planId: id,
      version: nextVersion,
      updatedAt: at,
    };
    return [
      // Before the change, read by the write itself.
      audit(
        fee,
        sql`(SELECT json_object('total_piastres', total_piastres, 'plan_id', plan_id) FROM fee_records WHERE id = ${fee})`,
      ),
      db.update(feeRecords).set(set).where(eq(feeRecords.id, fee)),
      ...scheduleStatements(db, fee, w.schedule),
    ];
  });
  // Every amount above was computed from the records as read: the batch is refused if any of them changed since.
  const guard = versionGuard(
    db,
    writes.flatMap((w) => (w.fee ? [[w.fee.id, w.fee.version] as const] : [])),
  );
  try {
    await batchAll(db, [...guard, ...statements]);
  } catch (err) {
    // A record changed, a payment passed its new total, or a record was created between the preview and this write.
    const meanwhile = broke(err, "fee_paid_chk", "fee_records.student_id, fee_records.academic_year_name");
    if (isStaleFee(err) || meanwhile) throw new ApiError("PLAN_APPLY_CHANGED_MEANWHILE");
    throw err;
  }
  return result;
}
