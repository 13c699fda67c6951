/**
 * Fee records (docs/product.md#fees). One record per student; money is integer piastres here and EGP at the API
 * edge. `paid` always equals the sum of the record's payment rows: a paid amount given at creation is a first payment
 * (RCP receipt), a paid amount changed through the edit form is an adjustment row (ADJ number), both in the same batch
 * as the balance, through the ledger (worker/services/ledger/, docs/money.md).
 *
 * Status (computed here and in SQL the same way): remaining = 0 → "paid" (this includes a total of 0: nothing is
 * owed, e.g. a full scholarship); otherwise paid = 0 → "not_paid"; otherwise "partially_paid".
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import { academicYears, feeRecords, payments, students } from "../../db/schema";
import type { Db } from "../db";
import { broke, brokeForeignKey } from "../db-constraints";
import type { RequestContext } from "../request-context";
import { ApiError } from "../errors";
import { egpToPiastres, piastresToEgp } from "../money";
import { schoolDate } from "../lib/fee-schedule";
import type { CreateFeeInput, FeeJson, FeeStatus, ListFeesQuery, PaymentJson, UpdateFeeInput } from "../contracts/fees";
import { DEFAULT_LIST_PAGE_SIZE, type Pagination } from "../contracts/students";
import type { Grade } from "../lib/school-grades";
import { auditInsert } from "./audit";
import { toPaymentJson } from "./payments";
import { newFeeRecordStatement, openingReceiptStatements, setPaidStatements } from "./ledger/records";
import {
  allocationsByPayment,
  allocationsQuery,
  dueWithinSql,
  EMPTY_SCHEDULE,
  hasScheduleSql,
  instalmentsQuery,
  overdueAmountSql,
  schedulesByFee,
  type ScheduleJson,
} from "./fee-instalments";
import { gradeRankSql, studentSearchCondition } from "./students";
import { staleFeeFailure, versionGuard } from "./fee-version";
import { currentYearSql, feeIdOfStudentSql, feeOfStudentNo, yearSql } from "./fee-year";

/** The status rule of the module doc, on piastres. */
export function feeStatus(totalPiastres: number, paidPiastres: number): FeeStatus {
  if (totalPiastres - paidPiastres <= 0) return "paid";
  return paidPiastres === 0 ? "not_paid" : "partially_paid";
}

const statusSql = sql<FeeStatus>`CASE WHEN ${feeRecords.totalPiastres} - ${feeRecords.paidPiastres} <= 0 THEN 'paid'
  WHEN ${feeRecords.paidPiastres} = 0 THEN 'not_paid' ELSE 'partially_paid' END`;

const feeColumns = {
  id: feeRecords.id,
  year: feeRecords.academicYearName,
  studentNo: students.studentNo,
  fullName: students.fullName,
  grade: feeRecords.grade,
  total: feeRecords.totalPiastres,
  paid: feeRecords.paidPiastres,
  planId: feeRecords.planId,
  customSchedule: feeRecords.customSchedule,
  discount: feeRecords.discountPiastres,
  discountPercent: feeRecords.discountPercent,
  discountReason: feeRecords.discountReason,
};
/** One row of `feeColumns`, typed by drizzle from the columns themselves. */
type FeeRow = SelectResultFields<typeof feeColumns>;

function toFeeJson(r: FeeRow, rowPayments: PaymentJson[], schedule: ScheduleJson = EMPTY_SCHEDULE): FeeJson {
  return {
    id: r.id,
    academic_year_name: r.year,
    student_no: r.studentNo,
    full_name: r.fullName,
    grade: r.grade,
    total_amount: piastresToEgp(r.total),
    paid_amount: piastresToEgp(r.paid),
    remaining: piastresToEgp(r.total - r.paid),
    status: feeStatus(r.total, r.paid),
    payments: rowPayments,
    plan_id: r.planId,
    custom_schedule: r.customSchedule,
    ...schedule,
    discount:
      r.discount > 0
        ? {
            amount: piastresToEgp(r.discount),
            percent: r.discountPercent === null ? null : r.discountPercent / 100,
            reason: r.discountReason ?? "",
          }
        : null,
  };
}

/** The school day every date-dependent figure of a read is computed on ("YYYY-MM-DD", Cairo). */
export type Today = string;

/** Groups payment rows by fee record, keeping their order, each with the instalments it covered. */
function paymentsByFee(
  payRows: Array<{ p: typeof payments.$inferSelect }>,
  allocRows: Parameters<typeof allocationsByPayment>[0],
): Map<number, PaymentJson[]> {
  const allocs = allocationsByPayment(allocRows);
  const byFee = new Map<number, PaymentJson[]>();
  for (const { p } of payRows) {
    const json = toPaymentJson(p, allocs.get(p.id));
    const list = byFee.get(p.feeRecordId);
    if (list) list.push(json);
    else byFee.set(p.feeRecordId, [json]);
  }
  return byFee;
}

/** The reads of the fee records matching `where` (records newest first, payments, instalments, allocations). */
function feeQueries(db: Db, where: SQL | undefined) {
  const ids = () =>
    db
      .select({ id: feeRecords.id })
      .from(feeRecords)
      .innerJoin(students, eq(students.id, feeRecords.studentId))
      .where(where);
  return [
    db
      .select(feeColumns)
      .from(feeRecords)
      .innerJoin(students, eq(students.id, feeRecords.studentId))
      .where(where)
      .orderBy(desc(feeRecords.id)),
    db
      .select({ p: payments })
      .from(payments)
      .where(inArray(payments.feeRecordId, ids()))
      .orderBy(asc(payments.paidAt), asc(payments.id)),
    instalmentsQuery(db, ids()),
    allocationsQuery(db, ids()),
  ] as const;
}

type FeeRead = Awaited<ReturnType<typeof readFeeBatch>>;

/** `feeQueries` in one batch (one round trip). */
function readFeeBatch(db: Db, where: SQL | undefined) {
  return db.batch([...feeQueries(db, where)]);
}

/** The answers of `feeQueries` as fee records on school day `today`. */
function feesOf([rows, payRows, instRows, allocRows]: FeeRead, today: Today): FeeJson[] {
  const byFee = paymentsByFee(payRows, allocRows);
  const schedules = schedulesByFee(instRows, today);
  return rows.map((r) => toFeeJson(r, byFee.get(r.id) ?? [], schedules.get(r.id)));
}

/** Fee records matching `where` with their payments and schedules on school day `today`, newest record first. */
async function selectFees(db: Db, where: SQL | undefined, today: Today): Promise<FeeJson[]> {
  return feesOf(await readFeeBatch(db, where), today);
}

/**
 * The WHERE of the fees list: one year's accounts (default the current year's), or the arrears (accounts of years
 * before the current one with money owed); search over name and ID (folded), grade, computed status, overdue, due soon.
 */
function feesWhere(q: ListFeesQuery & { grade?: Grade }, today: Today): SQL | undefined {
  const conds: SQL[] =
    q.view === "arrears"
      ? [
          sql`${feeRecords.academicYearName} < ${currentYearSql}`,
          sql`${feeRecords.totalPiastres} > ${feeRecords.paidPiastres}`,
        ]
      : [eq(feeRecords.academicYearName, yearSql(q.academic_year))];
  if (q.search) conds.push(studentSearchCondition(q.search));
  if (q.grade) conds.push(eq(feeRecords.grade, q.grade));
  // The overdue list counts active students only, as the dashboard's Overdue card does.
  if (q.status === "overdue") conds.push(sql`${overdueAmountSql(today)} > 0`, eq(students.isActive, true));
  else if (q.status) conds.push(sql`${statusSql} = ${q.status}`);
  if (q.due_within_days !== undefined) conds.push(dueWithinSql(today, q.due_within_days));
  return and(...conds);
}

/**
 * ORDER BY for `sortBy`/`sortOrder` (default newest record first; arrears: oldest year first); ties break on id so
 * pages never overlap.
 */
function feesOrder(q: ListFeesQuery, today: Today): SQL[] {
  const { sortBy, sortOrder: order = "asc" } = q;
  if (!sortBy)
    return q.view === "arrears" ? [asc(feeRecords.academicYearName), desc(feeRecords.id)] : [desc(feeRecords.id)];
  const key = {
    full_name: sql`${students.fullName}`,
    student_no: sql`${students.studentNo}`,
    grade: gradeRankSql(feeRecords.grade),
    total_amount: sql`${feeRecords.totalPiastres}`,
    paid_amount: sql`${feeRecords.paidPiastres}`,
    remaining: sql`${feeRecords.totalPiastres} - ${feeRecords.paidPiastres}`,
    status: statusSql,
    overdue_amount: overdueAmountSql(today),
  }[sortBy];
  return [order === "desc" ? desc(key) : asc(key), asc(feeRecords.id)];
}

/**
 * Every fee record matching the list filters (search over name and ID, grade, computed status, overdue or due within
 * N days of school day `today`), newest first, or sorted when `sortBy` is given (the overdue list's CSV export).
 */
export async function listFees(db: Db, q: ListFeesQuery & { grade?: Grade }, today: Today): Promise<FeeJson[]> {
  const fees = await selectFees(db, feesWhere(q, today), today);
  if (q.sortBy === "overdue_amount")
    fees.sort(
      (a, b) =>
        (q.sortOrder === "desc" ? b.overdue_amount - a.overdue_amount : a.overdue_amount - b.overdue_amount) ||
        a.id - b.id,
    );
  return fees;
}

/**
 * One page of the fee records matching the filters, sorted by `sortBy`/`sortOrder`, with their payments and the
 * total. One `db.batch` (one round trip): the page, the count, and the page's payments (selected through the same
 * page query as a subquery, so they cannot disagree). `page` defaults to 1, `limit` to 15.
 */
export async function listFeesPage(
  db: Db,
  q: ListFeesQuery,
  today: Today,
): Promise<{ fees: FeeJson[]; pagination: Pagination }> {
  const page = q.page ?? 1;
  const limit = q.limit ?? DEFAULT_LIST_PAGE_SIZE;
  const where = feesWhere(q, today);
  const pageQuery = () =>
    db
      .select({ id: feeRecords.id })
      .from(feeRecords)
      .innerJoin(students, eq(students.id, feeRecords.studentId))
      .where(where)
      .orderBy(...feesOrder(q, today))
      .limit(limit)
      .offset((page - 1) * limit);
  const [rows, [count], payRows, instRows, allocRows] = await db.batch([
    db
      .select(feeColumns)
      .from(feeRecords)
      .innerJoin(students, eq(students.id, feeRecords.studentId))
      .where(where)
      .orderBy(...feesOrder(q, today))
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({ n: sql<number>`count(*)` })
      .from(feeRecords)
      .innerJoin(students, eq(students.id, feeRecords.studentId))
      .where(where),
    db
      .select({ p: payments })
      .from(payments)
      .where(inArray(payments.feeRecordId, pageQuery()))
      .orderBy(asc(payments.paidAt), asc(payments.id)),
    instalmentsQuery(db, pageQuery()),
    allocationsQuery(db, pageQuery()),
  ]);
  const byFee = paymentsByFee(payRows, allocRows);
  const schedules = schedulesByFee(instRows, today);
  const total = Number(count?.n ?? 0);
  return {
    fees: rows.map((r) => toFeeJson(r, byFee.get(r.id) ?? [], schedules.get(r.id))),
    pagination: { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) },
  };
}

/**
 * The fee record of `studentNo` for `year` (default: the current year), its schedule seen on school day `today`.
 * Throws 404 FEE_NOT_FOUND.
 */
export async function getFee(db: Db, studentNo: string, today: Today, year?: string): Promise<FeeJson> {
  const [fee] = await selectFees(db, feeOfStudentNo(studentNo, year), today);
  if (!fee) throw new ApiError("FEE_NOT_FOUND");
  return fee;
}

/**
 * Every year's fee account of `studentNo` (docs/product.md#fees), oldest year first, so arrears come before the
 * current year. Empty when the student has none (or no such student).
 */
export async function studentFeeYears(db: Db, studentNo: string, today: Today): Promise<FeeJson[]> {
  return (await studentAccounts(db, { studentNo }, today)).fees;
}

/** Who `studentAccounts` reads: a student by national ID or by id. */
export type AccountsOf = { studentNo: string } | { studentId: number };

/**
 * The statements of `studentAccounts`, for a caller's own batch (the family's child page reads everything in one):
 * the four fee reads, then the current year's name. Turn their answers into accounts with `accountsFrom`.
 */
export function studentAccountQueries(db: Db, who: AccountsOf) {
  const where = "studentNo" in who ? eq(students.studentNo, who.studentNo) : eq(feeRecords.studentId, who.studentId);
  return [
    ...feeQueries(db, where),
    db.select({ name: academicYears.name }).from(academicYears).where(eq(academicYears.state, "current")),
  ] as const;
}

const readAccounts = (db: Db, who: AccountsOf) => db.batch(studentAccountQueries(db, who));
type AccountAnswers = Awaited<ReturnType<typeof readAccounts>>;

/** The answers of `studentAccountQueries` as accounts on school day `today`, oldest year first. */
export function accountsFrom(
  [rows, payRows, instRows, allocRows, current]: AccountAnswers,
  today: Today,
): { fees: FeeJson[]; current: string | null } {
  const fees = feesOf([rows, payRows, instRows, allocRows], today);
  return {
    fees: fees.sort((a, b) => a.academic_year_name.localeCompare(b.academic_year_name)),
    current: current[0]?.name ?? null,
  };
}

/**
 * Every year's fee account of a student (by national ID or id), oldest year first, and the current year's name (null
 * when none is current), read in one batch: the pay page and the family page put arrears first with both
 * (docs/product.md#fees, #family-accounts). Empty when the student has no account.
 */
export async function studentAccounts(db: Db, who: AccountsOf, today: Today) {
  return accountsFrom(await readAccounts(db, who), today);
}

/** The fee record with id `id` (after a write that returned only the id). Throws 404 FEE_NOT_FOUND. */
export async function getFeeById(db: Db, id: number, today: Today): Promise<FeeJson> {
  const [fee] = await selectFees(db, eq(feeRecords.id, id), today);
  if (!fee) throw new ApiError("FEE_NOT_FOUND");
  return fee;
}

/**
 * The statements that create student `studentId`'s fee record of `input.academic_year_name` (default the current
 * year) at `ctx.now`: the record, a first payment (RCP
 * receipt) when `input.paid_amount` > 0, and the audit row. For one `db.batch`: `createFee` runs them alone, the bulk
 * import (docs/product.md#bulk-import) many in one batch. The record's own INSERT comes first (its `returning` id).
 */
export function createFeeStatements(ctx: RequestContext, studentId: number, input: CreateFeeInput) {
  const { db, now } = ctx;
  const total = egpToPiastres(input.total_amount);
  const paid = egpToPiastres(input.paid_amount);
  const paidAt = now.toISOString();
  const feeId = feeIdOfStudentSql(studentId, input.academic_year_name);
  return [
    newFeeRecordStatement(
      db,
      {
        studentId,
        academicYearName: yearSql(input.academic_year_name),
        grade: input.grade,
        totalPiastres: total,
      },
      paid,
    ),
    ...openingReceiptStatements(db, feeId, paid, { at: paidAt, actor: ctx.actor }),
    auditInsert(ctx, { action: "create", entity: "fee_record", entityId: feeId, after: input }),
  ] as const;
}

/** The constraint failures of a fee write as their reasons (FEE_EXISTS, PAID_ABOVE_TOTAL, STUDENT_NOT_FOUND), else null. */
export function feeWriteFailure(
  err: unknown,
  belowPaid: "PAID_ABOVE_TOTAL" | "TOTAL_BELOW_PAID" = "PAID_ABOVE_TOTAL",
): ApiError | null {
  if (broke(err, "fee_records.student_id, fee_records.academic_year_name")) return new ApiError("FEE_EXISTS");
  if (broke(err, "fee_paid_chk")) return new ApiError(belowPaid);
  if (brokeForeignKey(err)) return new ApiError("STUDENT_NOT_FOUND");
  return null;
}

/**
 * Creates the fee record of student `input.student_id` (a student number); a non-zero paid amount becomes the
 * first payment (RCP receipt) in the same batch. Throws 404 STUDENT_NOT_FOUND, 409 FEE_EXISTS, 400 PAID_ABOVE_TOTAL.
 */
export async function createFee(ctx: RequestContext, input: CreateFeeInput): Promise<FeeJson> {
  const { db, now } = ctx;
  const [student] = await db.select({ id: students.id }).from(students).where(eq(students.studentNo, input.student_id));
  if (!student) throw new ApiError("STUDENT_NOT_FOUND");
  try {
    const [first, ...rest] = createFeeStatements(ctx, student.id, input);
    const [[row]] = await db.batch([first, ...rest]);
    return await getFeeById(db, row!.id, schoolDate(now));
  } catch (err) {
    throw feeWriteFailure(err) ?? err;
  }
}

/** The fee record `id` as a `FeeJson` without payments (amounts in EGP), read by the database inside a batch. */
function feeSnapshotSql(id: number): SQL {
  return sql`(SELECT json_object('id', f.id, 'student_no', s.student_no, 'full_name', s.full_name, 'grade', f.grade,
    'total_amount', f.total_piastres / 100.0, 'paid_amount', f.paid_piastres / 100.0, 'remaining', (f.total_piastres - f.paid_piastres) / 100.0,
    'status', CASE WHEN f.total_piastres - f.paid_piastres <= 0 THEN 'paid' WHEN f.paid_piastres = 0 THEN 'not_paid' ELSE 'partially_paid' END)
    FROM fee_records f JOIN students s ON s.id = f.student_id WHERE f.id = ${id})`;
}

/**
 * Sets the total and paid amounts of `studentNo`'s fee record. A changed paid amount is recorded as an adjustment
 * row (difference against the value at the moment of the write, may be negative). Throws 404 FEE_NOT_FOUND, 400
 * TOTAL_BELOW_PAID, 409 TOTAL_SET_BY_SCHEDULE, 409 FEE_CHANGED_MEANWHILE (a plan, discount or schedule landed since the
 * read that allowed the new total).
 */
export async function updateFee(
  ctx: RequestContext,
  studentNo: string,
  input: UpdateFeeInput,
  year?: string,
): Promise<FeeJson> {
  const { db, now } = ctx;
  const today = schoolDate(now);
  // What the rules need, not the whole record: the audit row reads the record inside the write itself.
  const [before] = await db
    .select({
      id: feeRecords.id,
      total: feeRecords.totalPiastres,
      scheduled: hasScheduleSql,
      version: feeRecords.version,
    })
    .from(feeRecords)
    .innerJoin(students, eq(students.id, feeRecords.studentId))
    .where(feeOfStudentNo(studentNo, year));
  if (!before) throw new ApiError("FEE_NOT_FOUND");
  // A schedule fixes the total (its sum); the plan or the discount changes it (docs/product.md#fee-plans).
  if (before.scheduled && egpToPiastres(input.total_amount) !== before.total)
    throw new ApiError("TOTAL_SET_BY_SCHEDULE");
  try {
    const [first, ...rest] = updateFeeStatements(ctx, before.id, before.version, input);
    await db.batch([first, ...rest]);
  } catch (err) {
    throw staleFeeFailure(err) ?? feeWriteFailure(err, "TOTAL_BELOW_PAID") ?? err;
  }
  return getFeeById(db, before.id, today);
}

/**
 * The statements of `updateFee` for fee record `feeId` read at `version` (the guard refusing the batch if its terms
 * changed since, the audit row with the record as the write finds it, an adjustment row when the paid amount
 * changes, the new amounts), for one `db.batch`; the bulk import runs many.
 */
export function updateFeeStatements(ctx: RequestContext, feeId: number, version: number, input: UpdateFeeInput) {
  const { db, now } = ctx;
  const total = egpToPiastres(input.total_amount);
  const paid = egpToPiastres(input.paid_amount);
  const at = now.toISOString();
  const [guard] = versionGuard(db, [[feeId, version]]);
  return [
    // The total was allowed by a read (no schedule, or the schedule's own sum): a plan applied since refuses it.
    guard!,
    // Before the change: `before` is the record as this write finds it (a payment may have landed since the read).
    auditInsert(ctx, {
      action: "update",
      entity: "fee_record",
      entityId: feeId,
      before: feeSnapshotSql(feeId),
      after: input,
    }),
    // A new version only when the total changes: a paid amount alone decides nothing another write reads.
    // Instalments follow the paid amount (docs/product.md#fee-plans): the adjustment allocated, then refilled.
    ...setPaidStatements(
      db,
      feeId,
      paid,
      {
        totalPiastres: total,
        version: sql`${feeRecords.version} + (${feeRecords.totalPiastres} <> ${total})`,
        updatedAt: at,
      },
      { at, actor: ctx.actor },
    ),
  ] as const;
}

/**
 * Deletes `studentNo`'s fee record. A record with payment rows (payments or adjustments) is kept: the payments'
 * ON DELETE RESTRICT foreign key aborts the batch → 409 FEE_HAS_PAYMENTS. Throws 404 FEE_NOT_FOUND. Returns the
 * record id.
 */
export async function deleteFee(ctx: RequestContext, studentNo: string, year?: string): Promise<number> {
  const { db } = ctx;
  const before = await getFee(db, studentNo, schoolDate(new Date()), year);
  try {
    await db.batch([
      db.delete(feeRecords).where(eq(feeRecords.id, before.id)),
      auditInsert(ctx, { action: "delete", entity: "fee_record", entityId: before.id, before }),
    ]);
    return before.id;
  } catch (err) {
    if (brokeForeignKey(err)) throw new ApiError("FEE_HAS_PAYMENTS");
    throw err;
  }
}

/**
 * Payment rows of `studentNo`'s fee record, oldest first; with `idempotencyKey`, only the payment recorded under that
 * key (none or one): how the console learns whether a payment whose answer it lost was recorded
 * (docs/product.md#payments-and-receipts). Throws 404 FEE_NOT_FOUND.
 */
export async function listPayments(
  db: Db,
  studentNo: string,
  idempotencyKey?: string,
  year?: string,
): Promise<PaymentJson[]> {
  if (idempotencyKey) {
    // Under a key: on whichever year's account it landed (a payment across years answers its first line).
    const rows = await db
      .select({ p: payments })
      .from(payments)
      .innerJoin(feeRecords, eq(feeRecords.id, payments.feeRecordId))
      .innerJoin(students, eq(students.id, feeRecords.studentId))
      .where(
        and(
          eq(students.studentNo, studentNo),
          eq(payments.idempotencyKey, idempotencyKey),
          year ? eq(feeRecords.academicYearName, year) : undefined,
        ),
      );
    if (!rows.length) await getFee(db, studentNo, schoolDate(new Date()), year);
    const [fee] = rows.length
      ? await selectFees(db, eq(feeRecords.id, rows[0]!.p.feeRecordId), schoolDate(new Date()))
      : [];
    return (fee?.payments ?? []).filter((p) => p.id === rows[0]?.p.id);
  }
  return (await getFee(db, studentNo, schoolDate(new Date()), year)).payments;
}
