/**
 * Audit-log query and answer schemas (docs/product.md#audit-log). The query schema is shared with the console, which
 * reads the Audit Log's URL with it; imports only zod and the dependency-free reason catalogue.
 */
import { z } from "zod";
import { reason, type Field } from "../reasons";
import { paginationSchema } from "./list-params";

const text = (field: Field, max: number) => z.string().trim().max(max, reason("TOO_LONG", { field, max })).default("");
const day = (field: Field) =>
  z.iso
    .date({ error: reason("AUDIT_DATE_INVALID", { field }) })
    .or(z.literal(""))
    .default("");
const whole = (field: Field, min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: reason("WHOLE_BETWEEN", { field, min, max }) })
    .int(reason("WHOLE_BETWEEN", { field, min, max }))
    .min(min, reason("WHOLE_BETWEEN", { field, min, max }))
    .max(max, reason("WHOLE_BETWEEN", { field, min, max }))
    .default(fallback);

/** `GET /api/admin/audit` query: every filter optional ("" = none); dates are Cairo school days, both inclusive. */
export const auditQuerySchema = z.object({
  entity: text("entity", 50).describe("Entity type, e.g. student, fee_record"),
  entity_id: text("entity_id", 50).describe("The changed record's id"),
  student: text("student_no", 50).describe(
    "National ID / student number: entries about that student, their fee record (payments, plans), results, selections",
  ),
  admin: text("admin", 100).describe("Username of the acting admin"),
  from: day("from").describe("First day (YYYY-MM-DD, Cairo), inclusive"),
  to: day("to").describe("Last day (YYYY-MM-DD, Cairo), inclusive"),
  page: whole("page", 1, 100_000, 1).describe("1-based page number (default 1)"),
  limit: whole("limit", 1, 200, 50).describe("Rows per page, 1-200 (default 50)"),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** One audit row: who changed what, when, with the record's JSON snapshots before and after (secrets stripped). */
export const auditEntryJsonSchema = z.object({
  id: z.number().int(),
  at: z.string().describe("ISO 8601 UTC"),
  admin: z.string().nullable().describe("Username of the acting admin (null for rows older than usernames)"),
  admin_name: z
    .string()
    .nullable()
    .describe("Display name of the acting staff member (the username when none); null once the account is deleted"),
  actor: z
    .enum(["staff", "online"])
    .describe('"online": money Paymob reported (no staff member; username "online"); "staff" otherwise'),
  action: z
    .string()
    .describe("create, update, delete, add_payment, publish, unpublish, delete_all, update_password, toggle"),
  entity: z.string(),
  entity_id: z.string().nullable(),
  before: z.unknown().describe("The record before the change (parsed JSON), or null"),
  after: z.unknown().describe("The record after the change (parsed JSON), or null"),
  request_id: z.string().nullable(),
  student: z
    .object({ student_no: z.string(), full_name: z.string().nullable() })
    .nullable()
    .describe("The student the entry is about (student, fee record, payment, result, selections); null otherwise"),
});
export type AuditEntryJson = z.output<typeof auditEntryJsonSchema>;

/** `GET /api/admin/audit`: one page of rows, newest first, and the values the Entity and Admin filters offer. */
export const auditPageJsonSchema = z.object({
  data: z.array(auditEntryJsonSchema),
  pagination: paginationSchema,
  filters: z.object({ entities: z.array(z.string()), admins: z.array(z.string()) }),
});
export type AuditPageJson = z.output<typeof auditPageJsonSchema>;
