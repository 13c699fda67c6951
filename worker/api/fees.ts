/**
 * `/api/fees` (contract "Fees", "Dashboard and live events"; spec §7 "Admin fees"). Admin only. Amounts in EGP.
 * Fixed paths (`/TotalFees`, `/paid-percentage`, `/events/stream`, `/events`) are registered before `/:grade`.
 * Every mutation publishes `fees_changed` after it is committed.
 */
import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { ApiError, legacyError } from "../errors";
import { normalizeNationalId } from "../lib/normalize";
import { requireAdmin } from "../middleware/auth";
import { egpToPiastres, piastresToEgp } from "../money";
import { addOperations } from "../openapi-legacy";
import { feeTotals, paidPercentage } from "../services/dashboard";
import { publish } from "../services/events";
import { createFee, deleteFee, getFeeById, listFees, listFeesPage, listPayments, updateFee } from "../services/fees";
import { addPayment } from "../services/payments";
import { validate } from "../validate";
import { streamHandler } from "./events";
import { addPaymentSchema, createFeeSchema, idempotencyKeySchema, listFeesQuerySchema, updateFeeSchema } from "./fees.schema";
import { toGrade } from "./students.schema";

const idempotencyHeader = z.object({ "idempotency-key": idempotencyKeySchema });
const paymentsQuery = z.object({ idempotency_key: idempotencyKeySchema.optional() });

/** The `:student_no` path segment as stored: digits normalised, passport letters upper-cased. */
function studentNoParam(c: Context<AppEnv>): string {
  const v = normalizeNationalId(c.req.param("student_no") ?? "").toUpperCase();
  if (!v) throw legacyError("VALIDATION_FAILED", "Student ID is required");
  return v;
}

const changed = (c: Context<AppEnv>, id: number) => c.executionCtx.waitUntil(publish(c.env, "fees_changed", "fee_record", id));

export const feesApi = new Hono<AppEnv>()
  .use(requireAdmin)
  .get("/TotalFees", async (c) => {
    const { totalPiastres } = await feeTotals(c.get("db"));
    return c.json({ totalFees: piastresToEgp(totalPiastres) });
  })
  .get("/paid-percentage", async (c) => {
    const { totalPiastres, paidPiastres } = await feeTotals(c.get("db"));
    return c.json({ paidPercentage: paidPercentage(totalPiastres, paidPiastres) });
  })
  .get("/events/stream", streamHandler(["fees_changed", "students_changed", "news_updated"]))
  .get("/events", streamHandler(["fees_changed"]))
  .get("/", validate("query", listFeesQuerySchema), async (c) => {
    const q = c.req.valid("query");
    // Paged only when asked: CSV exports and the global search rely on the full list of the contract.
    if (q.page !== undefined || q.limit !== undefined) return c.json(await listFeesPage(c.get("db"), q));
    return c.json({ fees: await listFees(c.get("db"), q) });
  })
  .get("/:student_no/payments", validate("query", paymentsQuery), async (c) => {
    return c.json({ payments: await listPayments(c.get("db"), studentNoParam(c), c.req.valid("query").idempotency_key) });
  })
  .get("/:grade", async (c) => {
    const grade = toGrade(c.req.param("grade"));
    if (!grade) throw legacyError("VALIDATION_FAILED", "Unknown grade");
    return c.json({ students: await listFees(c.get("db"), { grade }) });
  })
  .post("/", validate("json", createFeeSchema), async (c) => {
    const fee = await createFee(c.get("db"), c.get("admin"), c.req.valid("json"), new Date(), c.get("requestId"));
    changed(c, fee.id);
    return c.json({ fee }, 201);
  })
  .post("/:student_no/add-payment", validate("header", idempotencyHeader), validate("json", addPaymentSchema), async (c) => {
    const db = c.get("db");
    const result = await addPayment(
      db,
      c.get("admin"),
      {
        studentNo: studentNoParam(c),
        amountPiastres: egpToPiastres(c.req.valid("json").payment_amount),
        idempotencyKey: c.req.valid("header")["idempotency-key"],
      },
      new Date(),
      c.get("requestId"),
    );
    const fee = await getFeeById(db, result.feeRecordId);
    if (result.replayed) {
      c.header("Idempotent-Replayed", "true");
      return c.json({ fee, payment: result.payment }, 200);
    }
    changed(c, fee.id);
    return c.json({ fee, payment: result.payment }, 201);
  })
  .put("/:student_no", validate("json", updateFeeSchema), async (c) => {
    const fee = await updateFee(c.get("db"), c.get("admin"), studentNoParam(c), c.req.valid("json"), new Date(), c.get("requestId"));
    changed(c, fee.id);
    return c.json({ fee });
  })
  .delete("/:student_no", async (c) => {
    const id = await deleteFee(c.get("db"), c.get("admin"), studentNoParam(c), c.get("requestId"));
    changed(c, id);
    return c.json({ message: "Fee record deleted successfully" });
  });

const T = "Fees";
addOperations([
  { method: "get", path: "/api/fees", tag: T, summary: "List fee records with their payments, newest first (search over name and ID, Arabic letter variants and digits folded; filters grade, status). With page (1-based) and/or limit (15, 20, 30 or 50): one page sorted by sortBy/sortOrder, plus pagination", auth: true, query: listFeesQuerySchema, responses: { 200: "{fees: Fee[]} — Fee {id, student_no, full_name, grade, total_amount, paid_amount, remaining, status, payments[]}; with page/limit also pagination {page, limit, total, totalPages}", 400: "Unknown filter value; limit not 15/20/30/50; bad page, sortBy or sortOrder", 401: "Not signed in" } },
  { method: "get", path: "/api/fees/:grade", tag: T, summary: "Fee records of one grade", auth: true, responses: { 200: "{students: Fee[]}", 400: "Unknown grade", 401: "Not signed in" } },
  { method: "get", path: "/api/fees/:student_no/payments", tag: T, summary: "Payments of one fee record, oldest first ({id, receipt_no, amount, paid_at, kind}); with idempotency_key only the payment recorded under that key (0 or 1), so a client that lost an answer learns whether it was saved", auth: true, query: paymentsQuery, responses: { 200: "{payments}", 401: "Not signed in", 404: "Fee record not found" } },
  { method: "post", path: "/api/fees", tag: T, summary: "Create a fee record (a non-zero paid amount becomes the first payment, with a receipt)", auth: true, body: createFeeSchema, responses: { 201: "{fee}", 400: "Validation (≤ 2 decimals, 0 … 10,000,000 EGP, paid ≤ total)", 401: "Not signed in", 404: "Student not found", 409: "This student already has a fee record" } },
  { method: "put", path: "/api/fees/:student_no", tag: T, summary: "Set total and paid amounts (a paid change is recorded as an ADJ adjustment row)", auth: true, body: updateFeeSchema, responses: { 200: "{fee}", 400: "Validation; total below paid", 401: "Not signed in", 404: "Fee record not found" } },
  { method: "post", path: "/api/fees/:student_no/add-payment", tag: T, summary: "Record a payment (receipt RCP-{academic year}-{6-digit sequence}); honours the Idempotency-Key header", auth: true, body: addPaymentSchema, responses: { 200: "{fee, payment} — replay of the same Idempotency-Key and body (header Idempotent-Replayed: true)", 201: "{fee, payment}", 400: "Please enter a valid payment amount / Payment exceeds the remaining amount", 401: "Not signed in", 404: "Fee record not found", 422: "Idempotency-Key was already used with a different request" } },
  { method: "delete", path: "/api/fees/:student_no", tag: T, summary: "Delete a fee record without payment rows", auth: true, responses: { 200: "{message}", 401: "Not signed in", 404: "Fee record not found", 409: "The record has payments with receipts and is kept" } },
]);
