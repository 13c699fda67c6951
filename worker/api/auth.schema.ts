/** Auth request schemas (spec §5 "Login", "Password change"); shared with the web forms. Imports only zod. */
import { z } from "zod";

export const loginSchema = z.object({
  username: z.string().trim().min(1, "Username is required").max(100),
  password: z.string().min(1, "Password is required").max(200),
});

export const MIN_PASSWORD_LENGTH = 6;

export const updatePasswordSchema = z
  .object({
    oldPassword: z.string().max(200).default(""),
    newPassword: z.string().max(200).default(""),
    confirmPassword: z.string().max(200).default(""),
  })
  .superRefine((v, ctx) => {
    const fail = (message: string) => ctx.addIssue({ code: "custom", message, path: [] });
    if (!v.oldPassword || !v.newPassword || !v.confirmPassword) return fail("All fields are required");
    if (v.newPassword !== v.confirmPassword) return fail("New password and confirm password do not match");
    if (v.newPassword.length < MIN_PASSWORD_LENGTH) return fail("New password must be at least 6 characters long");
    if (v.newPassword === v.oldPassword) return fail("New password must be different from current password");
  });

export type LoginInput = z.infer<typeof loginSchema>;
export type UpdatePasswordInput = z.infer<typeof updatePasswordSchema>;
