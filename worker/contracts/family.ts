/**
 * Family accounts' request and answer schemas (docs/product.md#family-accounts): sign-in by a mobile number and a
 * one-time code, the children of the number, a child's results, fees, receipts and messages, the open sessions and
 * the preferences. Amounts in EGP, dates YYYY-MM-DD (school days), instants ISO 8601 UTC.
 */
import { z } from "zod";
import { MESSAGE_CHANNELS, MESSAGE_KINDS, MESSAGE_STATUSES } from "../../db/schema/enums";
import { parsePhone } from "../lib/phone";
import { normalizeDigits } from "../lib/normalize";
import { reason } from "../reasons";
import { feeInstalmentJsonSchema } from "./fees";
import { publicResultJsonSchema } from "./public-results";

/** A mobile number as offices type it (worker/lib/phone.ts) → E.164. */
export const familyPhoneSchema = z
  .string({ error: reason("FAMILY_PHONE_INVALID") })
  .max(40, reason("FAMILY_PHONE_INVALID"))
  .transform((s, ctx) => {
    const e164 = parsePhone(s);
    if (!e164) {
      ctx.addIssue({ code: "custom", message: reason("FAMILY_PHONE_INVALID") });
      return z.NEVER;
    }
    return e164;
  });

/** `POST /api/family/code`. */
export const familyCodeRequestSchema = z.object({ phone: familyPhoneSchema.describe("The guardian's mobile number") });

/** The same answer for every number, known to the school or not. */
export const familyCodeSentSchema = z.object({
  sent: z.literal(true),
  expires_at: z.string().describe("ISO 8601 UTC: the code is valid until then (5 minutes)"),
});

/** `POST /api/family/session`: the number and the 6-digit code (Arabic-Indic digits accepted). */
export const familySignInSchema = z.object({
  phone: familyPhoneSchema,
  code: z
    .string({ error: reason("FAMILY_CODE_INVALID") })
    .max(20, reason("FAMILY_CODE_INVALID"))
    .transform((s) => normalizeDigits(s).replace(/\s/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, reason("FAMILY_CODE_INVALID"))),
});

export const familySessionJsonSchema = z.object({
  id: z.number().int(),
  device: z.string().nullable().describe("The browser that signed in (its User-Agent)"),
  created_at: z.string(),
  last_seen_at: z.string().nullable(),
  expires_at: z.string(),
});

export const familyChildSchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  initials: z.string().describe("One or two letters for the photo circle"),
  grade: z.string(),
  is_active: z.boolean(),
});
export type FamilyChildJson = z.output<typeof familyChildSchema>;

/** `GET /api/family/me`. */
export const familyMeSchema = z.object({
  phone: z.string().describe("E.164"),
  children: z.array(familyChildSchema).describe("Every student on whom this number is a guardian"),
  sessions: z.array(familySessionJsonSchema.extend({ current: z.boolean() })),
});

/** A child's published results, as the public lookup rules them. */
export const familyResultsSchema = z.discriminatedUnion("status", [
  z.object({ status: z.literal("published"), terms: z.array(publicResultJsonSchema) }),
  z.object({ status: z.literal("none") }).describe("No result yet"),
  z.object({ status: z.literal("not_published") }).describe("Results exist, none published yet"),
  z
    .object({
      status: z.literal("withheld"),
      rule: z.enum(["fully_paid", "no_overdue"]),
      amount_to_pay: z.number().describe("EGP: all that remains (fully_paid) or all that is overdue (no_overdue)"),
    })
    .describe("Published, but withheld by the school's fee rule"),
]);

export const familyFeeYearSchema = z.object({
  academic_year_name: z.string(),
  arrears: z.boolean().describe("An earlier year that still owes money"),
  total: z.number(),
  paid: z.number(),
  remaining: z.number(),
  overdue_amount: z.number(),
  instalments: z.array(feeInstalmentJsonSchema),
});

export const familyReceiptSchema = z.object({
  receipt_no: z.string(),
  amount: z.number().describe("EGP, the whole receipt (every year it paid)"),
  paid_at: z.string(),
  source: z.enum(["desk", "online"]),
  url: z.string().describe("The printable receipt: /pay/receipts/{token}"),
});

export const familyMessageSchema = z.object({
  id: z.number().int(),
  kind: z.enum(MESSAGE_KINDS),
  channel: z.enum(MESSAGE_CHANNELS),
  status: z.enum(MESSAGE_STATUSES),
  body: z.string(),
  created_at: z.string(),
});

/** `GET /api/family/children/{id}`. */
export const familyChildDetailSchema = z.object({
  child: familyChildSchema,
  results: familyResultsSchema,
  fees: z.array(familyFeeYearSchema).describe("Arrears first (oldest first), then the other years, newest first"),
  receipts: z.array(familyReceiptSchema).describe("Newest first"),
  messages: z.array(familyMessageSchema).describe("Newest first, the last 50"),
});

export const familyChildParamSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31, reason("FAMILY_CHILD_NOT_FOUND")),
});
export const familySessionParamSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31, reason("FAMILY_SESSION_NOT_FOUND")),
});

/** Kinds a family may switch off (a receipt and a sign-in code always go). */
export const FAMILY_OPTIONAL_KINDS = [
  "instalment_due",
  "instalment_overdue",
  "results_published",
  "selection_opened",
] as const;

/** `GET`/`PUT /api/family/preferences`. */
export const familyPreferencesSchema = z.object({
  language: z.enum(["ar", "en"]),
  whatsapp: z.boolean().describe("WhatsApp on for this number (else SMS); recorded as the guardian's own consent"),
  opted_out_at: z.string().nullable().describe("Set when the number replied STOP: nothing but codes is sent"),
  consent_recorded_at: z.string().nullable(),
  consent_recorded_by: z.string().nullable().describe('"guardian" when the family chose it here'),
  kinds: z.record(z.enum(FAMILY_OPTIONAL_KINDS), z.boolean()),
});
export const familyPreferencesInputSchema = z.object({
  language: z.enum(["ar", "en"]).optional(),
  whatsapp: z.boolean().optional(),
  kinds: z.partialRecord(z.enum(FAMILY_OPTIONAL_KINDS), z.boolean()).optional(),
});
