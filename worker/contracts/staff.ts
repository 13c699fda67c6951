/**
 * Staff accounts' request and answer schemas (docs/product.md#staff-and-roles), shared with the console's Staff page.
 * Imports only zod, the reason catalogue and the dependency-free role and grade lists.
 */
import { z } from "zod";
import { GRADES } from "../lib/school-grades";
import { RESULT_SUBJECTS } from "../lib/subjects";
import { PERMISSIONS } from "../permissions";
import { STAFF_ROLES } from "../../common/staff-roles";
import { reason } from "../reasons";

/** Shortest password a person may choose or be given (docs/product.md#staff-and-roles). */
export const MIN_STAFF_PASSWORD_LENGTH = 12;

export const roleSchema = z.enum(STAFF_ROLES, { error: reason("STAFF_ROLE_INVALID") });

const username = z
  .string({ error: reason("REQUIRED", { field: "username" }) })
  .trim()
  .regex(/^[A-Za-z0-9._-]{3,50}$/, reason("USERNAME_INVALID"))
  // Sign-in compares usernames in lower case: two accounts differing only in case would be one at the door.
  .transform((s) => s.toLowerCase());

const displayName = z
  .string()
  .trim()
  .min(1, reason("REQUIRED", { field: "display_name" }))
  .max(100, reason("TOO_LONG", { field: "display_name", max: 100 }));

/** One grade and subject a teacher teaches. */
export const assignmentSchema = z.object({
  grade: z.enum(GRADES, { error: reason("GRADE_UNKNOWN") }),
  subject_name: z.enum(RESULT_SUBJECTS, { error: reason("INVALID_INPUT") }),
});

const assignments = z
  .array(assignmentSchema)
  .max(60, reason("TOO_LONG", { field: "assignments", max: 60 }))
  .describe("A teacher's grades and subjects (ignored for other roles: they are cleared)");

/** `POST /api/admin/staff`: the password is temporary (changed at first sign-in). */
export const staffCreateSchema = z.object({
  username,
  display_name: displayName,
  role: roleSchema,
  password: z
    .string({ error: reason("PASSWORD_REQUIRED") })
    .min(MIN_STAFF_PASSWORD_LENGTH, reason("PASSWORD_TOO_SHORT", { min: MIN_STAFF_PASSWORD_LENGTH }))
    .max(200, reason("TOO_LONG", { field: "password", max: 200 })),
  assignments: assignments.default([]),
});

/** `PUT /api/admin/staff/{id}`: only the fields sent change. */
export const staffUpdateSchema = z.object({
  display_name: displayName.optional(),
  role: roleSchema.optional(),
  is_active: z.boolean().optional(),
  assignments: assignments.optional(),
});

export const staffIdParamSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,15}$/, reason("STAFF_ID_INVALID"))
    .transform(Number),
});

export const staffSessionParamSchema = staffIdParamSchema.extend({
  sessionId: z
    .string()
    .regex(/^[1-9]\d{0,15}$/, reason("STAFF_SESSION_NOT_FOUND"))
    .transform(Number),
});

export const staffJsonSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  display_name: z.string(),
  role: roleSchema,
  is_active: z.boolean(),
  must_change_password: z.boolean(),
  last_login_at: z.string().nullable().describe("ISO 8601 UTC of the last sign-in"),
  assignments: z.array(assignmentSchema),
  open_sessions: z.number().int().describe("Sessions neither expired nor ended"),
});
export type StaffJson = z.infer<typeof staffJsonSchema>;

export const staffSessionJsonSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  expires_at: z.string(),
});

/** The signed-in person, as `GET /api/auth/me` and the sign-in answer give it to the console. */
export const meJsonSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  display_name: z.string(),
  role: roleSchema,
  must_change_password: z.boolean(),
  permissions: z.array(z.enum(Object.keys(PERMISSIONS) as [keyof typeof PERMISSIONS])),
  assignments: z.array(assignmentSchema),
});
export type MeJson = z.infer<typeof meJsonSchema>;

export type StaffCreateInput = z.infer<typeof staffCreateSchema>;
export type StaffUpdateInput = z.infer<typeof staffUpdateSchema>;
