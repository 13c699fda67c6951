/**
 * The office's side of family accounts (docs/product.md#family-accounts, "The office"): the list of guardian numbers
 * with their account state, one number's account (children, guardian rows, preferences, sign-ins, open sessions,
 * messages, last invitation), ending sessions and inviting. Instants are ISO 8601 UTC; numbers E.164.
 */
import { z } from "zod";
import { GUARDIAN_RELATIONS, MESSAGE_CHANNELS, MESSAGE_KINDS, MESSAGE_STATUSES } from "../../db/schema/enums";
import { reason } from "../reasons";
import { familyChildSchema, familyCodeRequestSchema, familySessionJsonSchema, FAMILY_OPTIONAL_KINDS } from "./family";
import { filterValue, limitParam, listSearchSchema, pageParam, paginationSchema } from "./list-params";

/** Account filters of the guardians list: an open session now, ever signed in, never signed in. */
export const GUARDIAN_ACCOUNT_FILTERS = ["open", "signed_in", "never"] as const;

/** `GET /api/admin/guardians`: search (a guardian's or child's name, a child's number, a mobile number), paging. */
export const guardianListQuerySchema = z.object({
  search: listSearchSchema.describe("Guardian's or child's name, child's student number, or mobile digits"),
  account: filterValue(GUARDIAN_ACCOUNT_FILTERS, "status"),
  page: pageParam,
  limit: limitParam,
});
export type GuardianListQuery = z.output<typeof guardianListQuerySchema>;

const childBrief = familyChildSchema.pick({ id: true, full_name: true, grade: true, is_active: true });

/** WhatsApp consent on all, none or some of a number's guardian rows. */
export const whatsappStateSchema = z
  .enum(["on", "off", "some"])
  .describe("WhatsApp consent on all, none or some of the number's rows");

export const guardianRowSchema = z.object({
  phone: z.string().describe("E.164: the account"),
  full_name: z.string().describe("The name on the number's first guardian row"),
  relation: z.enum(GUARDIAN_RELATIONS),
  children_count: z.number().int(),
  children: z.array(childBrief).describe("The first five children, in student order"),
  whatsapp: whatsappStateSchema,
  opted_out_at: z.string().nullable().describe("Set when the number replied STOP"),
  open_sessions: z.number().int(),
  last_sign_in_at: z.string().nullable(),
  last_seen_at: z.string().nullable(),
});
export type GuardianRowJson = z.output<typeof guardianRowSchema>;

/** The list's answer: one page, and the school's figures (every number, not only the matching ones). */
export const guardianListSchema = z.object({
  guardians: z.array(guardianRowSchema),
  pagination: paginationSchema,
  counts: z.object({
    numbers: z.number().int().describe("Distinct guardian numbers"),
    signed_in: z.number().int().describe("Numbers that have signed in at least once"),
    open: z.number().int().describe("Numbers with an open session now"),
  }),
});

/** One of the number's guardian rows: which child, as whom, and its message settings. */
const guardianOfChildSchema = z.object({
  student_id: z.number().int(),
  full_name: z.string(),
  relation: z.enum(GUARDIAN_RELATIONS),
  language: z.enum(["ar", "en"]),
  whatsapp_consent: z.boolean(),
  consent_recorded_at: z.string().nullable(),
  consent_recorded_by: z.string().nullable().describe('A staff username, or "guardian" from the family page'),
  opted_out_at: z.string().nullable(),
});

/** `GET /api/admin/family?phone=`: one number's account. */
export const familyAdminSchema = z.object({
  phone: z.string(),
  children: z.array(familyChildSchema.extend({ student_no: z.string() })).describe("Every student of this number"),
  guardians: z.array(guardianOfChildSchema).describe("The number's guardian rows, one per child"),
  whatsapp: whatsappStateSchema,
  muted_kinds: z.array(z.enum(FAMILY_OPTIONAL_KINDS)).describe("Message kinds the family switched off"),
  sessions: z.array(familySessionJsonSchema),
  sign_ins: z.array(
    z.object({
      created_at: z.string(),
      used: z.boolean(),
      attempts: z.number().int().describe("Codes typed against it, 0-5, the right one included when used"),
      expires_at: z.string(),
    }),
  ),
  messages: z
    .array(
      z.object({
        id: z.number().int(),
        kind: z.enum(MESSAGE_KINDS),
        channel: z.enum(MESSAGE_CHANNELS),
        status: z.enum(MESSAGE_STATUSES),
        student_id: z.number().int(),
        created_at: z.string(),
      }),
    )
    .describe("The last 20 messages sent to this number about its children, newest first"),
  last_invite: z
    .object({
      created_at: z.string(),
      channel: z.enum(MESSAGE_CHANNELS),
      status: z.enum(MESSAGE_STATUSES),
    })
    .nullable()
    .describe("The newest invitation to the family account sent to this number"),
});

/** `POST /api/admin/family/sessions/end`: every open session of the number, or only `session_id`. */
export const familyEndSessionsSchema = familyCodeRequestSchema.extend({
  session_id: z
    .number({ error: reason("FAMILY_SESSION_NOT_FOUND") })
    .int(reason("FAMILY_SESSION_NOT_FOUND"))
    .positive(reason("FAMILY_SESSION_NOT_FOUND"))
    .max(2 ** 31, reason("FAMILY_SESSION_NOT_FOUND"))
    .optional(),
});

/** `POST /api/admin/family/invite`: where the invitation goes. */
export const familyInviteSentSchema = z.object({
  channel: z.enum(MESSAGE_CHANNELS).describe("WhatsApp with the guardian's consent, else SMS"),
  language: z.enum(["ar", "en"]),
  message_id: z.number().int(),
});
