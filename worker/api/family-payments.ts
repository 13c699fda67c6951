/**
 * `/api/family/pay` and `/api/family/payments` (docs/product.md#family-accounts): what each child may be paid, one
 * checkout for several children (`Idempotency-Key`), and its status with one receipt per child. The family's session
 * cookie only, `no-store`, cross-site writes refused (worker/middleware/family.ts); a child or a payment of another
 * number answers 404. Money is recorded by Paymob's callback (worker/api/online-payments.ts) or reconciliation.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { createApi, errors, json } from "../openapi";
import { requestNow, requestToday } from "../request-clock";
import {
  familyPaymentCreatedSchema,
  familyPaymentInputSchema,
  familyPaymentParamSchema,
  familyPaymentStatusSchema,
  familyPaySchema,
} from "../contracts/family-payments";
import { requiredIdempotencyKeySchema } from "../contracts/online-payments";
import { enforceFamilyClientLimit, familyOf, requireFamily } from "../middleware/family";
import { paymobConfig } from "../services/paymob/config";
import { createFamilyPayment, familyPayFigures } from "../services/family/pay";
import { familyPaymentStatus } from "../services/family/payment-status";
import { gatewayOf } from "./online-payments";

const tags = ["Family accounts"];
const security = [{ familyCookie: [] }];

const figures = createRoute({
  method: "get",
  path: "/pay",
  tags,
  security,
  middleware: [requireFamily] as const,
  summary: "Each child's amount owed and what each payment choice would charge",
  responses: { 200: json(familyPaySchema, "The children's figures (EGP)"), ...errors(401) },
});

const create = createRoute({
  method: "post",
  path: "/payments",
  tags,
  security,
  middleware: [requireFamily] as const,
  summary: "One checkout for several children: a choice or an amount per child, the server computes each",
  description:
    'Per child: "next", "overdue", "all" or EGP (≥ 1, ≤ what the child owes; else 400 ONLINE_AMOUNT_INVALID, nothing owed: ONLINE_NOTHING_DUE, both with `child_id`). A child not of this number → 404 FAMILY_CHILD_NOT_FOUND. Paymob gets the total with one line item per child. The same Idempotency-Key and body → 200 with the same payment; another body → 422 IDEMPOTENCY_MISMATCH. Over 10 checkouts a minute per signed-in number → 429 RATE_LIMITED.',
  request: {
    headers: z.object({ "idempotency-key": requiredIdempotencyKeySchema.describe("1-255 visible ASCII characters") }),
    body: { required: true, content: { "application/json": { schema: familyPaymentInputSchema } } },
  },
  responses: {
    201: json(familyPaymentCreatedSchema, "The pending payment and where to pay it"),
    200: json(familyPaymentCreatedSchema, "A replay of the same Idempotency-Key and body"),
    ...errors(400, 401, 403, 404, 422, 429),
  },
});

const status = createRoute({
  method: "get",
  path: "/payments/{payment_id}",
  tags,
  security,
  middleware: [requireFamily] as const,
  summary: "The status of the family's payment, one receipt per child once paid",
  request: { params: familyPaymentParamSchema },
  responses: { 200: json(familyPaymentStatusSchema, "Pending, paid, failed or expired"), ...errors(400, 401, 404) },
});

/** Mounted inside `/api/family` (worker/api/family.ts). */
export const familyPaymentsApi = createApi()
  .openapi(figures, async (c) => {
    const fam = familyOf(c);
    const children = await familyPayFigures(c.get("db"), fam.phone, requestToday(c));
    return c.json({ children, payments_enabled: paymobConfig(c.env) !== null }, 200);
  })
  .openapi(create, async (c) => {
    const fam = familyOf(c);
    await enforceFamilyClientLimit(c, "pay", `phone:${fam.phone}`);
    const gateway = gatewayOf(c);
    const { payment, replayed } = await createFamilyPayment(c.get("db"), gateway, fam.phone, c.req.valid("json"), {
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
    const fam = familyOf(c);
    return c.json(await familyPaymentStatus(c.get("db"), fam.phone, c.req.valid("param").payment_id), 200);
  });
