/**
 * The password change form (docs/product.md#admin-sign-in, #staff-and-roles): current, new and confirm fields, the
 * shared schema's checks inline (the API's own reasons, in the admin's language), then
 * `PUT /api/auth/update-password`. Used by the header's Update Password dialog and by the "choose your password"
 * screen after a sign-in with a temporary password (which also asks for `minLength` characters). A 401 signs the
 * person out.
 */
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useForm } from "react-hook-form";
import { CircleCheck, TriangleAlert } from "lucide-react";
import type { UpdatePasswordInput } from "@worker/contracts/auth";
import { apiClient, call } from "~/lib/api";
import { getToken } from "~/lib/auth-storage";
import { useHandleAuthFailure } from "~/lib/auth-failure";
import { useReasonText } from "~/lib/reason-text";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { passwordProblem } from "./password-rules";

export const EMPTY_PASSWORDS: UpdatePasswordInput = { oldPassword: "", newPassword: "", confirmPassword: "" };
const FIELDS = [
  { name: "oldPassword", autoComplete: "current-password" },
  { name: "newPassword", autoComplete: "new-password" },
  { name: "confirmPassword", autoComplete: "new-password" },
] as const;

/** The form's state and submit; `onSuccess` runs after the server accepted the new password, `successText` shows. */
export function usePasswordForm({
  minLength,
  successText,
  onSuccess,
}: {
  minLength?: number;
  successText?: string;
  onSuccess: () => void;
}) {
  const { t } = useTranslation();
  const { failureText, messageText } = useReasonText();
  const onAuthFailure = useHandleAuthFailure();
  const form = useForm<UpdatePasswordInput>({ defaultValues: EMPTY_PASSWORDS });
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    setSuccess(null);
    const problem = passwordProblem(values, minLength);
    if (problem) {
      setError(messageText(problem));
      return;
    }
    if (!getToken()) {
      setError(t("admin.password.errors.noToken"));
      return;
    }
    try {
      await call(apiClient().api.auth["update-password"].$put({ json: values }));
      setSuccess(successText ?? t("admin.password.success"));
      onSuccess();
    } catch (err) {
      if (onAuthFailure(err)) return;
      setError(failureText(err, t("admin.password.errors.failed"), t("admin.password.errors.network")));
    }
  });

  const { reset } = form;
  const clear = useCallback(() => {
    reset(EMPTY_PASSWORDS);
    setError(null);
    setSuccess(null);
  }, [reset]);
  const busy = form.formState.isSubmitting || !!success;
  return { form, onSubmit, error, success, busy, clear };
}

/** The error or success line and the three fields; `labels` overrides a field's label, `hint` the new one's hint. */
export function PasswordFields({
  state,
  hint,
  labels = {},
}: {
  state: ReturnType<typeof usePasswordForm>;
  hint: string;
  labels?: Partial<Record<keyof UpdatePasswordInput, string>>;
}) {
  const { t } = useTranslation();
  const { form, error, success, busy } = state;
  return (
    <>
      {error && (
        <div
          role="alert"
          className="flex items-start gap-2 rounded-md border border-destructive/30 bg-destructive/10 px-3 py-2 text-sm text-destructive"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{error}</span>
        </div>
      )}
      {success && (
        <div
          role="status"
          className="flex items-start gap-2 rounded-md border border-success/30 bg-success/10 px-3 py-2 text-sm text-success"
        >
          <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{success}</span>
        </div>
      )}
      {FIELDS.map((f) => (
        <div key={f.name} className="grid gap-2">
          <Label htmlFor={`pw-${f.name}`}>{labels[f.name] ?? t(`admin.password.${f.name}`)}</Label>
          <Input
            id={`pw-${f.name}`}
            type="password"
            autoComplete={f.autoComplete}
            disabled={busy}
            aria-invalid={!!error || undefined}
            aria-describedby={f.name === "newPassword" ? "pw-hint" : undefined}
            {...form.register(f.name)}
          />
          {f.name === "newPassword" && (
            <p id="pw-hint" className="text-xs text-muted-foreground">
              {hint}
            </p>
          )}
        </div>
      ))}
    </>
  );
}
