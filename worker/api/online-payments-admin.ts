/**
 * Online payments in the console (docs/product.md#online-payments): `GET /api/admin/online-payments` (fees.read:
 * newest first, optionally one status and a student's name or number, with the pending count, open credits and
 * today's takings) and `POST /api/admin/online-payments/check` (fees.write): "Check now" asks Paymob about every
 * pending payment and records what it answers, as the Cron Trigger does for those pending 30 minutes;
 * `POST /api/admin/online-payments/unrecorded-refunds/{transaction_id}/settle` (fees.write): the office settles a
 * refund Paymob reported that could not be recorded.
 */
import { createRoute } from "@hono/zod-openapi";
import { guarded } from "../route-permission";
import { createAdminApi, errors, json } from "../openapi";
import { requestNow, requestToday } from "../request-clock";
import {
  adminOnlinePaymentsQuerySchema,
  adminOnlinePaymentsSchema,
  reconcileResultSchema,
  settledRefundSchema,
  settleUnrecordedRefundSchema,
  unrecordedRefundParamSchema,
} from "../contracts/online-payments";
import { settleUnrecordedRefund } from "../services/online-payments/unrecorded-refunds";
import { listOnlinePayments } from "../services/online-payments/read";
import { reconcilePending } from "../services/online-payments/reconcile";
import { integrationIdsOf } from "../services/paymob/config";
import { gatewayOf } from "./online-payments";
import { afterMoneyMoved } from "../money-moved";

const tags = ["Online payments"];

const list = createRoute(
  guarded("fees.read", {
    method: "get",
    path: "/",
    tags,
    summary: "Online payments, newest first (up to 200), with the pending count, open credits and today's takings",
    description:
      "status: one status; refund=unrecorded: only payments with a refund Paymob reported that could not be recorded; q: the student's name or number (contains, folded as the Fees search). pending, credit_total, paid_today (Cairo day) and unrecorded_refunds ignore the filters.",
    request: { query: adminOnlinePaymentsQuerySchema },
    responses: { 200: json(adminOnlinePaymentsSchema, "The payments"), ...errors(400, 401) },
  }),
);

const check = createRoute(
  guarded("fees.write", {
    method: "post",
    path: "/check",
    tags,
    summary: "Check now: ask Paymob about every pending payment (transaction inquiry) and record its answers",
    description:
      "Each answer is recorded as its callback would be (once per transaction). Nothing paid after the checkout's expiry → expired. Paymob not configured → 503 ONLINE_PAYMENTS_DISABLED.",
    responses: { 200: json(reconcileResultSchema, "What was found"), ...errors(401) },
  }),
);

const settle = createRoute(
  guarded("fees.write", {
    method: "post",
    path: "/unrecorded-refunds/{transaction_id}/settle",
    tags,
    summary: "Settle by hand a refund Paymob reported that could not be recorded (audited)",
    description:
      "Marks it settled with the office's note and keeps it as acted on: a later report of the same refund adds nothing. No account changes. 404 UNRECORDED_REFUND_NOT_FOUND; 409 UNRECORDED_REFUND_CLOSED: settled or recorded meanwhile.",
    request: {
      params: unrecordedRefundParamSchema,
      body: { required: true, content: { "application/json": { schema: settleUnrecordedRefundSchema } } },
    },
    responses: { 200: json(settledRefundSchema, "Settled"), ...errors(400, 401, 403, 404, 409) },
  }),
);

export const adminOnlinePaymentsApi = createAdminApi()
  .openapi(list, async (c) => {
    return c.json(await listOnlinePayments(c.get("db"), c.req.valid("query"), requestToday(c)), 200);
  })
  .openapi(check, async (c) => {
    const { counts, moved } = await reconcilePending(c.get("db"), gatewayOf(c), {
      olderThanMs: 0,
      now: requestNow(c),
      requestId: c.get("requestId"),
      integrationIds: integrationIdsOf(c.env),
    });
    afterMoneyMoved(c, moved);
    return c.json(counts, 200);
  })
  .openapi(settle, async (c) => {
    const { transaction_id } = c.req.valid("param");
    const { note } = c.req.valid("json");
    const { settled, feeRecordId } = await settleUnrecordedRefund(c.var.ctx, transaction_id, note);
    // No account changed, but the payment's refund did: every console showing it reloads.
    afterMoneyMoved(c, { feeRecordIds: feeRecordId === null ? [] : [feeRecordId] });
    return c.json(settled, 200);
  });
