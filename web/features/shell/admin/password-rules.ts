/**
 * The checks of a password change before it is sent (docs/product.md#admin-sign-in, #staff-and-roles): the shared
 * schema's, in its order, then, for the replacement of a temporary password, at least `minLength` characters.
 * Pure, so it is unit-tested.
 */
import { reason } from "@worker/reasons";
import { updatePasswordSchema, type UpdatePasswordInput } from "@worker/contracts/auth";

/** The first problem of `values` as a reason message (`reason()` text), or null when there is none. */
export function passwordProblem(values: UpdatePasswordInput, minLength?: number): string | null {
  const parsed = updatePasswordSchema.safeParse(values);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? null;
  if (minLength !== undefined && values.newPassword.length < minLength)
    return reason("PASSWORD_TOO_SHORT", { min: minLength });
  return null;
}
