/**
 * Guardians of a student (docs/product.md#guardians-and-messages): 0-3 per student, carried by the student's create
 * and update bodies and answers. Shared with the console's student dialog.
 */
import { z } from "zod";
import { GUARDIAN_LANGUAGES, GUARDIAN_RELATIONS } from "../../db/schema/enums";
import { parsePhone } from "../lib/phone";
import { reason } from "../reasons";
import { plainText } from "./text-field";

export { GUARDIAN_LANGUAGES, GUARDIAN_RELATIONS };
export type GuardianRelation = (typeof GUARDIAN_RELATIONS)[number];
export type GuardianLanguage = (typeof GUARDIAN_LANGUAGES)[number];

/** A typed mobile number → E.164 (worker/lib/phone.ts); unreadable → PHONE_INVALID on the field. */
export const phoneSchema = z
  .string({ error: reason("PHONE_INVALID") })
  .transform((v, ctx) => {
    const e164 = parsePhone(v);
    if (e164 === null) {
      ctx.addIssue({ code: "custom", message: reason("PHONE_INVALID") });
      return z.NEVER;
    }
    return e164;
  })
  .describe("Mobile number: 01xxxxxxxxx, +20…, 0020…, Arabic-Indic digits, spaces and dashes; answered in E.164");

/** One guardian in a student's body. `language` defaults to Arabic, `whatsapp_consent` to false. */
export const guardianInputSchema = z.object({
  full_name: plainText({ error: reason("REQUIRED", { field: "full_name" }) })
    .trim()
    .min(1, reason("REQUIRED", { field: "full_name" }))
    .max(200, reason("TOO_LONG", { field: "full_name", max: 200 })),
  // No default: the office chooses father, mother or guardian; an empty choice is "required", not "unknown".
  relation: z.enum(GUARDIAN_RELATIONS, {
    error: (issue) =>
      issue.input === undefined || issue.input === ""
        ? reason("REQUIRED", { field: "relation" })
        : reason("UNKNOWN_VALUE", { field: "relation" }),
  }),
  phone: phoneSchema,
  language: z.enum(GUARDIAN_LANGUAGES, { error: reason("UNKNOWN_VALUE", { field: "language" }) }).default("ar"),
  whatsapp_consent: z.boolean({ error: reason("NOT_BOOLEAN", { field: "whatsapp_consent" }) }).default(false),
});
export type GuardianInput = z.output<typeof guardianInputSchema>;

/** `guardians` of a student body: at most 3 (GUARDIANS_TOO_MANY). */
export const guardiansSchema = z
  .array(guardianInputSchema, { error: reason("INVALID_INPUT") })
  .max(3, reason("GUARDIANS_TOO_MANY"));

/** A guardian as the API answers it; consent times are ISO 8601 UTC, `recorded_by` a staff username. */
export const guardianJsonSchema = z.object({
  full_name: z.string(),
  relation: z.enum(GUARDIAN_RELATIONS),
  phone: z.string().describe("E.164, e.g. +201001234567"),
  language: z.enum(GUARDIAN_LANGUAGES),
  whatsapp_consent: z.boolean(),
  consent_recorded_at: z.string().nullable(),
  consent_recorded_by: z.string().nullable(),
  opted_out_at: z.string().nullable().describe("Set when the guardian replied STOP / إلغاء"),
});
export type GuardianJson = z.output<typeof guardianJsonSchema>;
