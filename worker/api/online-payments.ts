/**
 * Online payments, the public side (docs/product.md#online-payments): `GET /api/public/fees/{national_id}` (the
 * family's figures), `POST /api/public/payments` (start a payment; `Idempotency-Key`), `GET
 * /api/public/payments/{payment_id}` (its status, polled by the return page), and Paymob's callback `POST
 * /api/payments/paymob/callback?hmac=…`. The lookups share the results page's rate limits and refusals; every answer
 * is `no-store`. The callback is verified by its HMAC before anything else (worker/middleware/paymob-hmac.ts).
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { ApiError } from "../errors";
import { enforcePublicLookupLimits } from "../middleware/rate-limit";
import { requirePaymobHmac } from "../middleware/paymob-hmac";
import { createApi, errors, json } from "../openapi";
import { requestNow, requestToday } from "../request-clock";
import {
  callbackAnswerSchema,
  createOnlinePaymentSchema,
  onlinePaymentCreatedSchema,
  onlinePaymentStatusSchema,
  paymentIdParamSchema,
  paymobCallbackSchema,
  publicFeesParamSchema,
  publicFeesSchema,
  requiredIdempotencyKeySchema,
} from "../contracts/online-payments";
import { afterMoneyMoved } from "../money-moved";
import { fetchPaymob } from "../services/paymob/client";
import { integrationIdsOf, paymobConfig } from "../services/paymob/config";
import { readTransaction } from "../services/paymob/transaction";
import { createOnlinePayment } from "../services/online-payments/create";
import { publicFees } from "../services/online-payments/figures";
import { applyTransaction } from "../services/online-payments/ledger";
import { onlinePaymentStatus } from "../services/online-payments/read";
import { findFamilySession } from "../services/family/sessions";
import { familyTokenOf } from "../lib/family-cookie";

const tags = ["Online payments"];

/** The gateway of this deployment; 503 ONLINE_PAYMENTS_DISABLED when Paymob is not configured. */
export function gatewayOf(c: Context<AppEnv>) {
  const config = paymobConfig(c.env);
  if (!config) throw new ApiError("ONLINE_PAYMENTS_DISABLED", { retryAfter: 3600 });
  return fetchPaymob(config);
}

const fees = createRoute({
  method: "get",
  path: "/fees/{national_id}",
  tags,
  summary: "A student's fees and instalments, and what each payment choice would charge",
  description:
    "Same digit normalisation, rate limits and refusal as the results lookup: an unknown ID, or no fee record → 404 PUBLIC_FEES_NOT_FOUND.",
  request: { params: publicFeesParamSchema },
  responses: { 200: json(publicFeesSchema, "The figures the page shows (EGP)"), ...errors(400, 404, 429) },
});

const create = createRoute({
  method: "post",
  path: "/payments",
  tags,
  summary: "Start an online payment: the server chooses the amount, Paymob opens a checkout",
  description:
    'amount: "next", "overdue", "all" or EGP (≥ 1, ≤ the remaining amount; else 400 ONLINE_AMOUNT_INVALID, nothing due: ONLINE_NOTHING_DUE). Recorded pending; money is recorded only by Paymob\'s callback or reconciliation. The same Idempotency-Key and body again → 200 with the same payment; another body → 422 IDEMPOTENCY_MISMATCH. Paymob not configured or not answering → 503.',
  request: {
    headers: z.object({ "idempotency-key": requiredIdempotencyKeySchema.describe("1-255 visible ASCII characters") }),
    body: { required: true, content: { "application/json": { schema: createOnlinePaymentSchema } } },
  },
  responses: {
    201: json(onlinePaymentCreatedSchema, "The pending payment and where to pay it"),
    200: json(onlinePaymentCreatedSchema, "A replay of the same Idempotency-Key and body"),
    ...errors(400, 404, 422, 429),
  },
});

const status = createRoute({
  method: "get",
  path: "/payments/{payment_id}",
  tags,
  summary: "The status of an online payment (the return page polls it)",
  description:
    "A family's payment for several children names its children (each with its part) only to that family's session cookie; to anyone else full_name is null and children empty.",
  request: { params: paymentIdParamSchema },
  responses: { 200: json(onlinePaymentStatusSchema, "Pending, paid, failed or expired"), ...errors(400, 404) },
});

const callback = createRoute({
  method: "post",
  path: "/callback",
  tags,
  summary: "Paymob's Transaction Processed callback",
  description:
    "Verified by `?hmac=` (HMAC-SHA512 of the transaction's 20 documented fields with PAYMOB_HMAC_SECRET) before anything is read or written: missing or wrong → 401 PAYMOB_HMAC_INVALID. A success matching its order is recorded once per transaction id (RCP receipt; beyond what is owed → credit); a replay answers 200 and adds nothing; declined → failed; refund or void → ADJ adjustment.",
  security: [{ paymobHmac: [] }],
  middleware: [requirePaymobHmac] as const,
  request: {
    query: z.object({ hmac: z.string().describe("Paymob's HMAC, lowercase hex") }),
    body: { required: true, content: { "application/json": { schema: paymobCallbackSchema } } },
  },
  responses: {
    200: json(callbackAnswerSchema, "Received (recorded, replayed, failed, refunded, pending, ignored, mismatch)"),
    ...errors(400, 401),
  },
});

/** Mounted at `/api/public`. */
export const onlinePaymentsApi = createApi()
  .openapi(fees, async (c) => {
    const { national_id } = c.req.valid("param");
    await enforcePublicLookupLimits(c, "fees", national_id);
    c.header("Cache-Control", "no-store");
    const body = await publicFees(c.get("db"), national_id, requestToday(c), paymobConfig(c.env) !== null);
    return c.json(body, 200);
  })
  .openapi(create, async (c) => {
    const input = c.req.valid("json");
    await enforcePublicLookupLimits(c, "pay", input.national_id);
    c.header("Cache-Control", "no-store");
    const gateway = gatewayOf(c);
    const { payment, replayed } = await createOnlinePayment(c.get("db"), gateway, input, {
      key: c.req.valid("header")["idempotency-key"],
      now: requestNow(c),
      origin: new URL(c.req.url).origin,
    });
    if (replayed) {
      c.header("Idempotent-Replayed", "true");
      return c.json(payment, 200);
    }
    return c.json(payment, 201);
  })
  .openapi(status, async (c) => {
    c.header("Cache-Control", "no-store");
    // A family's payment names its children only to the family's own session (read only for such a payment).
    const familyPhone = async () => {
      const token = familyTokenOf(c.req.raw);
      const session = token && (await findFamilySession(c.get("db"), c.env.PASSWORD_PEPPER, token, requestNow(c)));
      return session ? session.phone : null;
    };
    return c.json(await onlinePaymentStatus(c.get("db"), c.req.valid("param").payment_id, familyPhone), 200);
  });

const callbackApp = createApi();
callbackApp.openAPIRegistry.registerComponent("securitySchemes", "paymobHmac", {
  type: "apiKey",
  in: "query",
  name: "hmac",
  description: "Paymob's HMAC-SHA512 of the transaction (docs/product.md#online-payments)",
});

/** Mounted at `/api/payments/paymob`. */
export const paymobCallbackApi = callbackApp.openapi(callback, async (c) => {
  const read = readTransaction(c.req.valid("json").obj, integrationIdsOf(c.env));
  if ("refused" in read) {
    console.warn(JSON.stringify({ msg: "paymob callback refused", why: read.refused, request_id: c.get("requestId") }));
    throw new ApiError("PAYMOB_CALLBACK_INVALID");
  }
  const lc = { db: c.get("db"), requestId: c.get("requestId"), now: requestNow(c), source: "callback" as const };
  const result = await applyTransaction(lc, read.tx);
  afterMoneyMoved(c, result.moved);
  return c.json({ received: true as const, outcome: result.outcome }, 200);
});
