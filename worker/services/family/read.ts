/**
 * What a signed-in family sees (docs/product.md#family-accounts): the children of its number and, per child, the
 * published results under the public lookup's rules (worker/services/public-results.ts, withheld results with the
 * amount to pay), the fee accounts by year through the console's fee read (arrears first), the receipts and the
 * messages sent about the child. A child is found only through the number's guardian rows, read on every request:
 * a number removed from a child's guardians loses that child at once.
 */
import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import { messages, studentGuardians, students } from "../../../db/schema";
import type { Db } from "../../db";
import { ApiError } from "../../errors";
import type { FamilyChildJson } from "../../contracts/family";
import type { FeeJson } from "../../contracts/fees";
import { piastresToEgp } from "../../money";
import { accountsFrom, studentAccountQueries } from "../fees";
import { feeRuleOf, lookupQueryOfStudent, publishedResultsOf } from "../public-results";
import { receiptPath } from "../payments";

/** One or two letters for a name's circle: the first letters of its first two words. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((w) => [...w][0] ?? "")
    .join("");
}

/** A child's columns as the family page and the office's lists show them. */
export const CHILD_COLUMNS = {
  id: students.id,
  full_name: students.fullName,
  grade: students.currentGrade,
  is_active: students.isActive,
};

/** The children of `phone` (E.164): every student with a guardian row of this number, in student order. */
export async function childrenOf(db: Db, phone: string): Promise<(FamilyChildJson & { studentNo: string })[]> {
  const rows = await db
    .selectDistinct({ ...CHILD_COLUMNS, studentNo: students.studentNo })
    .from(studentGuardians)
    .innerJoin(students, eq(students.id, studentGuardians.studentId))
    .where(eq(studentGuardians.phone, phone))
    .orderBy(asc(students.id));
  return rows.map((r) => ({ ...r, initials: initialsOf(r.full_name) }));
}

/** The child `id` of `phone` as one statement: the guardian row joined to the student (none: not this family's). */
function childQuery(db: Db, phone: string, id: number) {
  return db
    .select(CHILD_COLUMNS)
    .from(studentGuardians)
    .innerJoin(students, eq(students.id, studentGuardians.studentId))
    .where(and(eq(studentGuardians.phone, phone), eq(studentGuardians.studentId, id)))
    .limit(1);
}

/** Every year's account, arrears first (oldest first), then the rest newest first. */
export function feeYearsOf({ fees, current }: { fees: FeeJson[]; current: string | null }) {
  const isArrears = (f: FeeJson) => (current ? f.academic_year_name < current : false) && f.remaining > 0;
  const arrears = fees.filter(isArrears).sort((a, b) => a.academic_year_name.localeCompare(b.academic_year_name));
  const rest = fees
    .filter((f) => !isArrears(f))
    .sort((a, b) => b.academic_year_name.localeCompare(a.academic_year_name));
  return [...arrears, ...rest].map((f) => ({
    academic_year_name: f.academic_year_name,
    arrears: isArrears(f),
    total: f.total_amount,
    paid: f.paid_amount,
    remaining: f.remaining,
    overdue_amount: f.overdue_amount ?? 0,
    instalments: f.instalments ?? [],
  }));
}

type FeeYear = ReturnType<typeof feeYearsOf>[number];

/**
 * The child's results as the public lookup answers them (`lookup`: the answer of `lookupQueryOfStudent`); a fee
 * refusal carries the school's `results_fee_rule` (`feeRule`, null = fully_paid) and the amount to pay.
 */
export function resultsOf(lookup: unknown[][], fees: FeeYear[], feeRule: string | null) {
  try {
    return { status: "published" as const, terms: publishedResultsOf(lookup) };
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    if (e.reason === "RESULTS_NOT_FOUND") return { status: "none" as const };
    if (e.reason === "RESULTS_NOT_PUBLISHED") return { status: "not_published" as const };
    if (e.reason !== "RESULTS_FEES_UNPAID") throw e;
    const rule = feeRule === "no_overdue" ? ("no_overdue" as const) : ("fully_paid" as const);
    // EGP figures of the fee read, summed in piastres (no float drift).
    const sum = (pick: (f: FeeYear) => number) =>
      piastresToEgp(fees.reduce((s, f) => s + Math.round(pick(f) * 100), 0));
    const amount =
      rule === "fully_paid" ? sum((f) => f.remaining) : sum((f) => (f.arrears ? f.remaining : f.overdue_amount));
    return { status: "withheld" as const, rule, amount_to_pay: amount };
  }
}

/** The child's receipts, newest first: one per receipt (a receipt across years once, with its whole amount). */
function receiptsQuery(db: Db, studentId: number) {
  return db.all<{ receipt_no: string; amount: number; paid_at: string; source: string; token: string }>(sql`
    SELECT p.receipt_no, coalesce((SELECT sum(g.amount_piastres) FROM payments g WHERE g.receipt_group = p.receipt_group),
      p.amount_piastres) AS amount, p.paid_at, p.source, p.receipt_token AS token
    FROM payments p JOIN fee_records f ON f.id = p.fee_record_id
    WHERE f.student_id = ${studentId} AND p.kind = 'payment' AND p.receipt_token IS NOT NULL
      AND (p.receipt_group IS NULL OR p.receipt_no = (SELECT min(g.receipt_no) FROM payments g
        WHERE g.receipt_group = p.receipt_group))
    ORDER BY p.paid_at DESC, p.id DESC`);
}

type ReceiptRow = Awaited<ReturnType<typeof receiptsQuery>>[number];

const receiptJson = (r: ReceiptRow) => ({
  receipt_no: r.receipt_no,
  amount: piastresToEgp(Number(r.amount)),
  paid_at: r.paid_at,
  source: r.source === "online" ? ("online" as const) : ("desk" as const),
  url: receiptPath(r.token),
});

/** The last 50 messages about the student, newest first (never a sign-in code). */
function messagesQuery(db: Db, studentId: number) {
  return db
    .select({
      id: messages.id,
      kind: messages.kind,
      channel: messages.channel,
      status: messages.status,
      body: messages.body,
      created_at: messages.createdAt,
    })
    .from(messages)
    .where(and(eq(messages.studentId, studentId), ne(messages.kind, "sign_in_code")))
    .orderBy(desc(messages.id))
    .limit(50);
}

/**
 * Everything the child's page shows on school day `today`, read in one batch (one round trip, one snapshot: the
 * fees, the results with their fee rule, and the receipts agree). 404 FAMILY_CHILD_NOT_FOUND for a student who is not a child of
 * `phone`; the other answers of the batch are then dropped unread.
 */
export async function childDetail(db: Db, phone: string, id: number, today: string) {
  const [found, feeRows, payRows, instRows, allocRows, current, lookup, receipts, sent] = await db.batch([
    childQuery(db, phone, id),
    ...studentAccountQueries(db, { studentId: id }),
    lookupQueryOfStudent(db, id, today),
    receiptsQuery(db, id),
    messagesQuery(db, id),
  ]);
  const [row] = found;
  if (!row) throw new ApiError("FAMILY_CHILD_NOT_FOUND");
  const child = { ...row, initials: initialsOf(row.full_name) };
  const fees = feeYearsOf(accountsFrom([feeRows, payRows, instRows, allocRows, current], today));
  const results = resultsOf(lookup, fees, feeRuleOf(lookup));
  return { child, results, fees, receipts: receipts.map(receiptJson), messages: sent };
}
