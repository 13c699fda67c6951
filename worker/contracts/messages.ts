/**
 * The messages log and settings (docs/product.md#guardians-and-messages): list query and answers, retry, counts,
 * settings. Shared with the console's Messages page.
 */
import { z } from "zod";
import { MESSAGE_CHANNELS, MESSAGE_KINDS, MESSAGE_STATUSES } from "../../db/schema/enums";
import { reason } from "../reasons";
import { gradeFilter, limitParam, pageParam, paginationSchema, studentNoSchema } from "./list-params";

export { MESSAGE_CHANNELS, MESSAGE_KINDS, MESSAGE_STATUSES };

/**
 * Kinds whose text carries fee figures (amounts, receipt numbers, receipt links): their body is shown only to
 * `fees.read` (docs/product.md#guardians-and-messages). A record, so that a new kind must say.
 */
export const CARRIES_FEES: Record<(typeof MESSAGE_KINDS)[number], boolean> = {
  instalment_due: true,
  instalment_overdue: true,
  payment_received: true,
  results_published: false,
  selection_opened: false,
  // A sign-in code is nobody's to read in the console (and is blanked once the provider has it).
  sign_in_code: true,
  family_invite: false,
};

/**
 * Why a message failed, in words the console has in both languages (web/i18n/<lang>/messages.ts `failures`); the
 * provider's codes behind each are in worker/services/messages/failure.ts. `unknown`: a code or text not known yet.
 */
export const FAILURE_REASONS = [
  "whatsapp_undeliverable",
  "whatsapp_not_delivered_by_meta",
  "whatsapp_recipient_stopped",
  "whatsapp_error",
  "whatsapp_unavailable",
  "whatsapp_rate_limited",
  "whatsapp_access",
  "whatsapp_account_blocked",
  "whatsapp_payment",
  "whatsapp_sender_not_registered",
  "whatsapp_bad_request",
  "whatsapp_template_mismatch",
  "whatsapp_template_missing",
  "whatsapp_template_paused",
  "sms_rejected",
  "sms_access",
  "sms_no_credit",
  "provider_unavailable",
  "provider_timeout",
  "provider_unreachable",
  "not_configured",
  "gave_up",
  "unknown",
] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];

/** How late a queued message may be past its send time before it can be retried (ms). */
export const RETRY_LATE_MS = 15 * 60_000;

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, field: "status" | "search") =>
  z
    .string()
    .trim()
    .refine(
      (v) => v === "" || v === "All" || (values as readonly string[]).includes(v),
      reason("UNKNOWN_VALUE", { field }),
    )
    .transform((v) => (v === "" || v === "All" ? undefined : (v as T[number])))
    .optional();

/** `GET /api/admin/messages` query: all optional; newest first. */
export const listMessagesQuerySchema = z.object({
  student_no: studentNoSchema.optional(),
  kind: optionalEnum(MESSAGE_KINDS, "search"),
  status: optionalEnum(MESSAGE_STATUSES, "status"),
  grade: gradeFilter(),
  page: pageParam,
  limit: limitParam,
});
export type ListMessagesQuery = z.output<typeof listMessagesQuerySchema>;

export const messageJsonSchema = z.object({
  id: z.number().int(),
  kind: z.enum(MESSAGE_KINDS),
  channel: z.enum(MESSAGE_CHANNELS),
  to: z.string().describe("E.164"),
  status: z.enum(MESSAGE_STATUSES),
  student_no: z.string(),
  full_name: z.string(),
  grade: z.string(),
  language: z.enum(["ar", "en"]),
  body: z
    .string()
    .nullable()
    .describe(
      "The text as sent (SMS) or rendered from the template (WhatsApp); null when the kind carries fee figures " +
        "(instalment_due, instalment_overdue, payment_received: amounts, receipt link) and the reader lacks fees.read",
    ),
  attempts: z.number().int(),
  error: z.string().nullable().describe("The provider's reason of a failure, in its own words"),
  failure: z
    .object({
      reason: z.enum(FAILURE_REASONS),
      code: z.string().nullable().describe("The provider's error code or HTTP status"),
    })
    .nullable()
    .describe("`error` as a stable reason the console words in its language, and the provider's code"),
  dead_letter: z.boolean().describe("The queue gave up after its retries"),
  retryable: z
    .boolean()
    .describe("Retry is allowed: failed, or still queued over 15 minutes past its send time and not being sent"),
  created_at: z.string(),
  updated_at: z.string(),
});
export type MessageJson = z.output<typeof messageJsonSchema>;

export const messageListSchema = z.object({ messages: z.array(messageJsonSchema), pagination: paginationSchema });

/** Counts of the Messages page: today and this month (Cairo), by status. */
export const messageCountsSchema = z.object({
  today: z.record(z.string(), z.number().int()),
  month: z.record(z.string(), z.number().int()),
});

export const messageSettingsSchema = z.object({
  kinds: z.object(
    Object.fromEntries(MESSAGE_KINDS.map((k) => [k, z.boolean()])) as Record<
      (typeof MESSAGE_KINDS)[number],
      z.ZodBoolean
    >,
  ),
  send_hour: z.number().int(),
});

/** `PUT /api/admin/messages/settings`: kinds on/off and the Cairo hour of the daily plan (9-20). */
export const messageSettingsInputSchema = z.object({
  kinds: z
    .object(
      Object.fromEntries(
        MESSAGE_KINDS.map((k) => [k, z.boolean({ error: reason("NOT_BOOLEAN", { field: "status" }) }).optional()]),
      ) as Record<(typeof MESSAGE_KINDS)[number], z.ZodOptional<z.ZodBoolean>>,
    )
    .optional(),
  send_hour: z
    .number({ error: reason("WHOLE_BETWEEN", { field: "send_hour", min: 9, max: 20 }) })
    .int(reason("WHOLE_BETWEEN", { field: "send_hour", min: 9, max: 20 }))
    .min(9, reason("WHOLE_BETWEEN", { field: "send_hour", min: 9, max: 20 }))
    .max(20, reason("WHOLE_BETWEEN", { field: "send_hour", min: 9, max: 20 }))
    .optional(),
});
