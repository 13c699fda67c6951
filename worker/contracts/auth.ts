/**
 * Auth request and answer schemas (docs/product.md#admin-sign-in). The request schemas are shared with the console's
 * forms; imports only zod and the dependency-free reason catalogue.
 */
import { z } from "zod";
import { reason } from "../reasons";
import { meJsonSchema, MIN_STAFF_PASSWORD_LENGTH } from "./staff";

export const loginSchema = z.object({
  username: z
    .string({ error: reason("REQUIRED", { field: "username" }) })
    .trim()
    .min(1, reason("REQUIRED", { field: "username" }))
    .max(100, reason("TOO_LONG", { field: "username", max: 100 })),
  password: z
    .string({ error: reason("PASSWORD_REQUIRED") })
    .min(1, reason("PASSWORD_REQUIRED"))
    .max(200, reason("TOO_LONG", { field: "password", max: 200 })),
});

/** Shortest new password (docs/product.md#staff-and-roles): the same for every person. */
export const MIN_PASSWORD_LENGTH = MIN_STAFF_PASSWORD_LENGTH;

const passwordField = z
  .string()
  .max(200, reason("TOO_LONG", { field: "password", max: 200 }))
  .default("");

/** `PUT /api/auth/update-password`: the checks run in this order, the first failing one is the answer. */
export const updatePasswordSchema = z
  .object({
    oldPassword: passwordField,
    newPassword: passwordField,
    confirmPassword: passwordField,
  })
  .superRefine((v, ctx) => {
    const fail = (message: string) => ctx.addIssue({ code: "custom", message, path: [] });
    if (!v.oldPassword || !v.newPassword || !v.confirmPassword) return fail(reason("PASSWORD_FIELDS_REQUIRED"));
    if (v.newPassword !== v.confirmPassword) return fail(reason("PASSWORD_MISMATCH"));
    if (v.newPassword.length < MIN_PASSWORD_LENGTH)
      return fail(reason("PASSWORD_TOO_SHORT", { min: MIN_PASSWORD_LENGTH }));
    if (v.newPassword === v.oldPassword) return fail(reason("PASSWORD_SAME_AS_OLD"));
  });

export type LoginInput = z.infer<typeof loginSchema>;
export type UpdatePasswordInput = z.infer<typeof updatePasswordSchema>;

/** `POST /api/auth/login` → a bearer token valid for 2 hours. */
export const loginJsonSchema = z.object({
  token: z.string().describe("Opaque bearer token (base64url); send as Authorization: Bearer"),
  expiresAt: z.string().describe("ISO 8601 UTC, 2 hours after sign-in"),
  message: z.string(),
  must_change_password: z
    .boolean()
    .describe("A temporary password: this token may only change it (else 403 PASSWORD_CHANGE_REQUIRED)"),
  staff: meJsonSchema,
});

/** A success answer that carries only a message. */
export const messageJsonSchema = z.object({ message: z.string() });
