/**
 * The messages log and settings (docs/product.md#guardians-and-messages): list query and answers, retry, counts,
 * settings. Shared with the console's Messages page.
 */
import { z } from "zod";
import { MESSAGE_CHANNELS, MESSAGE_KINDS, MESSAGE_STATUSES } from "../../db/schema/messages";
import { reason } from "../reasons";
import { gradeFilter, limitParam, pageParam, paginationSchema, studentNoSchema } from "./students";

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
};

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
  error: z.string().nullable().describe("The provider's reason of a failure"),
  dead_letter: z.boolean().describe("The queue gave up after its retries"),
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
