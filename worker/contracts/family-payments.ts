/**
 * A family's payment for several children in one checkout (docs/product.md#family-accounts): what each child may be
 * paid (the server's figures), the family's choice per child (never an amount the page computed, but a choice or
 * "another amount"), the created checkout and the payment's status with one receipt per child. Amounts in EGP.
 */
import { z } from "zod";
import { reason } from "../reasons";
import { createOnlinePaymentSchema, ONLINE_STATUSES } from "./online-payments";

/** Children in one checkout at most. */
export const MAX_CHILDREN_PER_PAYMENT = 12;

/** One child's figures: what each choice would charge now (EGP, arrears first), null when it charges nothing. */
export const familyPayChildSchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  grade: z.string(),
  remaining: z.number().describe("EGP all the child's accounts still owe"),
  arrears: z.number().describe("EGP earlier years owe (paid first)"),
  choices: z.object({
    next: z.number().nullable().describe("The oldest unpaid instalment's remaining amount"),
    overdue: z.number().nullable().describe("Everything overdue, arrears included"),
    all: z.number().nullable().describe("All that remains"),
  }),
});

/** `GET /api/family/pay`: every child of the number with what may be paid. */
export const familyPaySchema = z.object({
  children: z.array(familyPayChildSchema),
  payments_enabled: z.boolean().describe("False when online payment is not configured: hide Pay"),
});

/** `POST /api/family/payments` body: the children chosen, each with a choice or an amount in EGP. */
export const familyPaymentInputSchema = z.object({
  children: z
    .array(
      z.object({
        id: z
          .number({ error: reason("FAMILY_CHILD_NOT_FOUND") })
          .int()
          .positive()
          .max(2 ** 31),
        amount: createOnlinePaymentSchema.shape.amount,
      }),
    )
    .min(1, reason("FAMILY_PAY_NO_CHILD"))
    .max(MAX_CHILDREN_PER_PAYMENT, reason("FAMILY_PAY_NO_CHILD"))
    .refine((list) => new Set(list.map((c) => c.id)).size === list.length, reason("FAMILY_PAY_NO_CHILD")),
});
export type FamilyPaymentInput = z.output<typeof familyPaymentInputSchema>;

/** `POST /api/family/payments` → 201 (200 for a replay): where to send the family. */
export const familyPaymentCreatedSchema = z.object({
  payment_id: z.string().describe("Random public id: the return page uses it"),
  amount: z.number().describe("EGP: the total of the children's amounts"),
  children: z.array(z.object({ id: z.number().int(), amount: z.number().describe("EGP") })),
  checkout_url: z.string().describe("Paymob's unified checkout for the total"),
  expires_at: z.string().describe("ISO 8601 UTC: the checkout closes then"),
});

/** `{payment_id}` of `GET /api/family/payments/{payment_id}`. */
export const familyPaymentParamSchema = z.object({
  payment_id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, reason("ONLINE_PAYMENT_NOT_FOUND")),
});

/** `GET /api/family/payments/{payment_id}`: the return page's status, with one receipt per child once paid. */
export const familyPaymentStatusSchema = z.object({
  payment_id: z.string(),
  status: z.enum(ONLINE_STATUSES),
  amount: z.number().describe("EGP"),
  paid_at: z.string().nullable(),
  expires_at: z.string(),
  children: z.array(
    z.object({
      id: z.number().int(),
      full_name: z.string(),
      amount: z.number().describe("EGP chosen for this child"),
      credit: z.number().describe("EGP the child's accounts no longer owed when it was paid (refunded)"),
      receipt_no: z.string().nullable().describe("The child's RCP receipt once paid"),
      receipt_url: z.string().nullable().describe("The child's printable receipt once paid"),
    }),
  ),
});
export type FamilyPaymentStatusJson = z.output<typeof familyPaymentStatusSchema>;
