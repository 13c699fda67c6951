/**
 * `/api/fees` (docs/product.md#fees, #payments-and-receipts, #dashboard, #live-events). Admin only. Amounts in EGP.
 * Fixed paths (`/TotalFees`, `/paid-percentage`, `/events/stream`, `/events`) are registered before `/{grade}`.
 * Every mutation publishes `fees_changed` after it is committed. The list is every matching record unless
 * `page`/`limit` ask for one page (the console's table).
 */
import { createRoute, z } from "@hono/zod-openapi";
import { guarded } from "../route-permission";
import { requireYear } from "../services/academic-years/read";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { ApiError } from "../errors";
import { normalizeNationalId } from "../lib/normalize";
import { egpToPiastres, piastresToEgp } from "../money";
import { createAdminApi, errors, json } from "../openapi";
import { feeTotals, onlineTakings, overdueTotals, paidPercentage } from "../services/dashboard";
import { requestToday } from "../request-clock";
import { customScheduleSchema, discountInputSchema } from "../contracts/fee-plans";
import { clearCustomSchedule, setCustomSchedule, setDiscount } from "../services/fee-discount";
import {
  createFee,
  deleteFee,
  getFeeById,
  listFees,
  listFeesPage,
  listPayments,
  studentFeeYears,
  updateFee,
} from "../services/fees";
import { receiptLines } from "../services/receipt-lines";
import { addPayment } from "../services/payments";
import { afterMoneyMoved } from "../money-moved";
import { streamHandler, streamRoute } from "./events";
import {
  accountYearQuerySchema,
  addPaymentSchema,
  createFeeSchema,
  feeBodySchema,
  feeJsonSchema,
  feeListSchema,
  idempotencyKeySchema,
  listFeesQuerySchema,
  paymentJsonSchema,
  paymentResultSchema,
  updateFeeSchema,
} from "../contracts/fees";
import { toGrade } from "../contracts/students";

const tags = ["Fees"];
const studentNoParam = z.object({
  student_no: z.string().describe("The student's ID (national ID or passport number); Arabic-Indic digits accepted"),
});
const messageBody = z.object({ message: z.string() });

/** The `{student_no}` path segment as stored: digits normalised, passport letters upper-cased. */
function storedStudentNo(raw: string): string {
  const v = normalizeNationalId(raw).toUpperCase();
  if (!v) throw new ApiError("REQUIRED", { params: { field: "student_id" } });
  return v;
}

/** After a committed write that changed record `id`'s figures (worker/money-moved.ts). */
const changed = (c: Context<AppEnv>, id: number) => afterMoneyMoved(c, { feeRecordIds: [id] });

const totalFees = createRoute(
  guarded("fees.read", {
    method: "get",
    path: "/TotalFees",
    tags: ["Dashboard"],
    summary: "Total fees of active students (EGP)",
    responses: {
      200: json(z.object({ totalFees: z.number().describe("EGP") }), "Sum of the active students' totals"),
      ...errors(401),
    },
  }),
);

const paidShare = createRoute(
  guarded("fees.read", {
    method: "get",
    path: "/paid-percentage",
    tags: ["Dashboard"],
    summary: "Paid share of the active students' fees, in percent (2 decimals)",
    responses: {
      200: json(z.object({ paidPercentage: z.number().describe("0 … 100, 2 decimals") }), "Paid percentage"),
      ...errors(401),
    },
  }),
);

const overdue = createRoute(
  guarded("fees.read", {
    method: "get",
    path: "/overdue-summary",
    tags: ["Dashboard"],
    summary: "Overdue amount (EGP) of active students and how many students owe it, and the arrears part",
    description:
      "Unpaid instalments whose due date has passed (overdue from the start of the next school day, Cairo), on the current year's accounts and the earlier years' (arrears: arrearsAmount, arrearsStudents).",
    responses: {
      200: json(
        z.object({
          overdueAmount: z.number().describe("EGP"),
          overdueStudents: z.number().int(),
          arrearsAmount: z.number().describe("EGP, of overdueAmount: on the years before the current one"),
          arrearsStudents: z.number().int(),
        }),
        "Overdue totals",
      ),
      ...errors(401),
    },
  }),
);

const onlineToday = createRoute(
  guarded("fees.read", {
    method: "get",
    path: "/online-today",
    tags: ["Dashboard"],
    summary: "Online payments paid today (Cairo day): their sum (EGP) and how many",
    description: "What Paymob took for payments paid today, a credit to refund included (docs/product.md#dashboard).",
    responses: {
      200: json(
        z.object({ onlineToday: z.number().describe("EGP"), onlineTodayCount: z.number().int() }),
        "Today's online takings",
      ),
      ...errors(401),
    },
  }),
);

const discount = createRoute(
  guarded("fees.write", {
    method: "put",
    path: "/{student_no}/discount",
    tags,
    summary: "Set or clear a student's discount (amount or percent, with a reason)",
    description:
      "Taken off the record's plan total and its latest instalments first; payments are re-allocated oldest instalment first in the same write. A discount above the total → 400 DISCOUNT_ABOVE_TOTAL; the new total below the paid amount → 400 TOTAL_BELOW_PAID; no plan applied → 409 DISCOUNT_NEEDS_SCHEDULE.",
    request: {
      params: studentNoParam,
      query: accountYearQuerySchema,
      body: { required: true, content: { "application/json": { schema: discountInputSchema } } },
    },
    responses: {
      200: json(feeBodySchema, "The record with its new total and instalments"),
      ...errors(400, 401, 404, 409),
    },
  }),
);

const schedule = createRoute(
  guarded("fees.write", {
    method: "put",
    path: "/{student_no}/schedule",
    tags,
    summary: "Give a student a custom instalment schedule",
    description:
      "The total becomes the schedule's sum and the discount is cleared; payments are re-allocated oldest instalment first in the same write; applying a plan leaves the record alone. With a plan on the record, due dates must fall in its academic year (DUE_DATE_OUTSIDE_YEAR). Below the paid amount → 400 TOTAL_BELOW_PAID. Another plan applied or an edit saved since the record was read → 409 FEE_CHANGED_MEANWHILE, nothing written.",
    request: {
      params: studentNoParam,
      query: accountYearQuerySchema,
      body: { required: true, content: { "application/json": { schema: customScheduleSchema } } },
    },
    responses: { 200: json(feeBodySchema, "The record with its schedule"), ...errors(400, 401, 404, 409) },
  }),
);

const unschedule = createRoute(
  guarded("fees.write", {
    method: "delete",
    path: "/{student_no}/schedule",
    tags,
    summary: "Return a student with a custom schedule to the grade's plan (applied next time)",
    request: { params: studentNoParam, query: accountYearQuerySchema },
    responses: { 200: json(feeBodySchema, "The record"), ...errors(400, 401, 404) },
  }),
);

const list = createRoute(
  guarded("fees.read", {
    method: "get",
    path: "/",
    tags,
    summary: "List fee records with their payments",
    description:
      "One academic year's accounts (academic_year, default the current year; a year that does not exist → 400 ACADEMIC_YEAR_UNKNOWN), or view=arrears: the accounts of earlier years with money still owed, oldest year first. Newest first; search over name and ID (Arabic letter variants and digits folded); filters grade and status (paid, partially_paid, not_paid, or overdue: an instalment unpaid after its due date), due_within_days=N (an unpaid instalment due from today to today + N, Cairo). With page (1-based) and/or limit (15, 20, 30 or 50): one page sorted by sortBy/sortOrder, plus pagination.",
    request: { query: listFeesQuerySchema },
    responses: {
      200: json(feeListSchema, "The fee records (one page with pagination when asked)"),
      ...errors(400, 401),
    },
  }),
);

const paymentsOf = createRoute(
  guarded("fees.read", {
    method: "get",
    path: "/{student_no}/payments",
    tags,
    summary: "Payments of one fee record, oldest first",
    description:
      "With idempotency_key: only the payment recorded under that key (none or one), so a client that lost an answer learns whether the payment was saved.",
    request: {
      params: studentNoParam,
      query: accountYearQuerySchema.extend({
        idempotency_key: idempotencyKeySchema.describe("The Idempotency-Key a payment was sent with"),
      }),
    },
    responses: {
      200: json(z.object({ payments: z.array(paymentJsonSchema) }), "The payment rows"),
      ...errors(400, 401, 404),
    },
  }),
);

const years = createRoute(
  guarded("fees.read", {
    method: "get",
    path: "/{student_no}/years",
    tags,
    summary: "Every year's fee account of one student, oldest year first (arrears before the current year)",
    request: { params: studentNoParam },
    responses: { 200: json(feeListSchema, "The student's accounts"), ...errors(400, 401) },
  }),
);

const byGrade = createRoute(
  guarded("fees.read", {
    method: "get",
    path: "/{grade}",
    tags,
    summary: "Fee records of one grade (KG-1 … Private)",
    description: "Deprecated: use GET /api/fees?grade= (the records under `fees`).",
    deprecated: true,
    // Still answers, but left out of the document: its path would match the same URLs as GET /api/fees/events.
    hide: true,
    request: { params: z.object({ grade: z.string() }) },
    responses: {
      200: json(z.object({ students: z.array(feeJsonSchema) }), "The grade's fee records"),
      ...errors(400, 401),
    },
  }),
);

const create = createRoute(
  guarded("fees.write", {
    method: "post",
    path: "/",
    tags,
    summary: "Create a fee record",
    description: "A non-zero paid amount becomes the first payment, with a receipt, in the same write.",
    request: { body: { required: true, content: { "application/json": { schema: createFeeSchema } } } },
    responses: { 201: json(feeBodySchema, "The created record"), ...errors(400, 401, 404, 409) },
  }),
);

const pay = createRoute(
  guarded("fees.write", {
    method: "post",
    path: "/{student_no}/add-payment",
    tags,
    summary: "Record a payment (receipt RCP-{academic year}-{6-digit sequence})",
    description:
      "With academic_year_name, on that year's account only. Without it, the oldest year's account owing is settled first, instalment by instalment, then the next year: one receipt with a line per account (`lines`, each with its own number). Honours the Idempotency-Key header: the same key and body again answer 200 with the first payment (header Idempotent-Replayed: true) and record nothing; the key with another body is a 422 IDEMPOTENCY_MISMATCH. Above the remaining amount: 400 PAYMENT_EXCEEDS_REMAINING, nothing recorded.",
    request: {
      params: studentNoParam,
      headers: z.object({
        "idempotency-key": idempotencyKeySchema.describe(
          "1-255 visible ASCII characters, e.g. a UUID made once per payment",
        ),
      }),
      body: { required: true, content: { "application/json": { schema: addPaymentSchema } } },
    },
    responses: {
      200: json(paymentResultSchema, "A replay of the same Idempotency-Key and body"),
      201: json(paymentResultSchema, "The record after the payment, and the payment"),
      ...errors(400, 401, 404, 422),
    },
  }),
);

const update = createRoute(
  guarded("fees.write", {
    method: "put",
    path: "/{student_no}",
    tags,
    summary: "Set the total and paid amounts",
    description:
      "A changed paid amount is recorded as an ADJ adjustment row against the value at the moment of the write. A changed total on a record that follows an instalment schedule → 409 TOTAL_SET_BY_SCHEDULE; a plan, discount or schedule saved since the record was read → 409 FEE_CHANGED_MEANWHILE.",
    request: {
      params: studentNoParam,
      query: accountYearQuerySchema,
      body: { required: true, content: { "application/json": { schema: updateFeeSchema } } },
    },
    responses: { 200: json(feeBodySchema, "The updated record"), ...errors(400, 401, 404, 409) },
  }),
);

const remove = createRoute(
  guarded("fees.write", {
    method: "delete",
    path: "/{student_no}",
    tags,
    summary: "Delete a fee record without payment rows",
    description: "409 FEE_HAS_PAYMENTS when the record has payments or adjustments: receipts are never deleted.",
    request: { params: studentNoParam, query: accountYearQuerySchema },
    responses: { 200: json(messageBody, "Deleted"), ...errors(400, 401, 404, 409) },
  }),
);

const app = createAdminApi();
// Before `/{grade}`, which would take "events" for a grade. The combined stream needs students.read, which every role
// holds, so that a temporary-password token is refused; each event then goes only to its list's readers.
const ALL_EVENTS = ["fees_changed", "students_changed", "news_updated"] as const;
app.openapi(streamRoute("/events/stream", ALL_EVENTS, "students.read"), streamHandler(ALL_EVENTS));
app.openapi(streamRoute("/events", ["fees_changed"], "fees.read"), streamHandler(["fees_changed"]));

export const feesApi = app
  .openapi(totalFees, async (c) => {
    const { totalPiastres } = await feeTotals(c.get("db"));
    return c.json({ totalFees: piastresToEgp(totalPiastres) }, 200);
  })
  .openapi(paidShare, async (c) => {
    const { totalPiastres, paidPiastres } = await feeTotals(c.get("db"));
    return c.json({ paidPercentage: paidPercentage(totalPiastres, paidPiastres) }, 200);
  })
  .openapi(overdue, async (c) => {
    const o = await overdueTotals(c.get("db"), requestToday(c));
    return c.json(
      {
        overdueAmount: piastresToEgp(o.overduePiastres),
        overdueStudents: o.students,
        arrearsAmount: piastresToEgp(o.arrearsPiastres),
        arrearsStudents: o.arrearsStudents,
      },
      200,
    );
  })
  .openapi(onlineToday, async (c) => {
    const { count, piastres } = await onlineTakings(c.get("db"), requestToday(c));
    return c.json({ onlineToday: piastresToEgp(piastres), onlineTodayCount: count }, 200);
  })
  .openapi(list, async (c) => {
    const q = c.req.valid("query");
    // The CSV export asks for a year's whole list: a year the data does not have is refused, not an empty file.
    if (q.academic_year && q.view !== "arrears") await requireYear(c.get("db"), q.academic_year);
    // Paged only when asked: CSV exports and the global search rely on the full list.
    if (q.page !== undefined || q.limit !== undefined)
      return c.json(await listFeesPage(c.get("db"), q, requestToday(c)), 200);
    return c.json({ fees: await listFees(c.get("db"), q, requestToday(c)) }, 200);
  })
  .openapi(paymentsOf, async (c) => {
    const studentNo = storedStudentNo(c.req.valid("param").student_no);
    const q = c.req.valid("query");
    return c.json({ payments: await listPayments(c.get("db"), studentNo, q.idempotency_key, q.academic_year) }, 200);
  })
  .openapi(years, async (c) => {
    const studentNo = storedStudentNo(c.req.valid("param").student_no);
    return c.json({ fees: await studentFeeYears(c.get("db"), studentNo, requestToday(c)) }, 200);
  })
  .openapi(byGrade, async (c) => {
    const grade = toGrade(c.req.valid("param").grade);
    if (!grade) throw new ApiError("GRADE_UNKNOWN");
    return c.json({ students: await listFees(c.get("db"), { grade }, requestToday(c)) }, 200);
  })
  .openapi(create, async (c) => {
    const fee = await createFee(c.var.ctx, c.req.valid("json"));
    changed(c, fee.id);
    return c.json({ fee }, 201);
  })
  .openapi(pay, async (c) => {
    const db = c.get("db");
    const result = await addPayment(c.var.ctx, {
      studentNo: storedStudentNo(c.req.valid("param").student_no),
      amountPiastres: egpToPiastres(c.req.valid("json").payment_amount),
      idempotencyKey: c.req.valid("header")["idempotency-key"],
      year: c.req.valid("json").academic_year_name,
    });
    const [fee, { lines, accounts }] = await Promise.all([
      getFeeById(db, result.feeRecordId, requestToday(c)),
      receiptLines(db, result.payment.id),
    ]);
    // The payment as the record lists it: with the instalments it covered.
    const payment = fee.payments.find((p) => p.id === result.payment.id) ?? result.payment;
    if (result.replayed) {
      c.header("Idempotent-Replayed", "true");
      return c.json({ fee, payment, lines }, 200);
    }
    afterMoneyMoved(c, { feeRecordIds: accounts.length ? accounts : [fee.id], receiptNos: [payment.receipt_no] });
    return c.json({ fee, payment, lines }, 201);
  })
  .openapi(update, async (c) => {
    const studentNo = storedStudentNo(c.req.valid("param").student_no);
    const fee = await updateFee(c.var.ctx, studentNo, c.req.valid("json"), c.req.valid("query").academic_year);
    changed(c, fee.id);
    return c.json({ fee }, 200);
  })
  .openapi(discount, async (c) => {
    const studentNo = storedStudentNo(c.req.valid("param").student_no);
    const fee = await setDiscount(c.var.ctx, studentNo, c.req.valid("json"), c.req.valid("query").academic_year);
    changed(c, fee.id);
    return c.json({ fee }, 200);
  })
  .openapi(schedule, async (c) => {
    const studentNo = storedStudentNo(c.req.valid("param").student_no);
    const fee = await setCustomSchedule(c.var.ctx, studentNo, c.req.valid("json"), c.req.valid("query").academic_year);
    changed(c, fee.id);
    return c.json({ fee }, 200);
  })
  .openapi(unschedule, async (c) => {
    const studentNo = storedStudentNo(c.req.valid("param").student_no);
    const fee = await clearCustomSchedule(c.var.ctx, studentNo, c.req.valid("query").academic_year);
    changed(c, fee.id);
    return c.json({ fee }, 200);
  })
  .openapi(remove, async (c) => {
    const id = await deleteFee(
      c.var.ctx,
      storedStudentNo(c.req.valid("param").student_no),
      c.req.valid("query").academic_year,
    );
    changed(c, id);
    return c.json({ message: "Fee record deleted successfully" }, 200);
  });
