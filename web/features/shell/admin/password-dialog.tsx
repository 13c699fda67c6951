/**
 * Update Password modal (docs/product.md#admin-sign-in, "Update Password"): current, new and confirm fields, the
 * shared schema's checks inline (the API's own reasons, in the admin's language), PUT /api/auth/update-password, an
 * inline success message and auto-close after 2 s. A 401 signs the admin out.
 */
import { useEffect, useRef, useState, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import { useForm } from "react-hook-form";
import { CircleCheck, TriangleAlert } from "lucide-react";
import { updatePasswordSchema, type UpdatePasswordInput } from "@worker/contracts/auth";
import { apiClient, call } from "~/lib/api";
import { getToken } from "~/lib/auth-storage";
import { useHandleAuthFailure } from "~/lib/auth-failure";
import { useReasonText } from "~/lib/reason-text";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Spinner } from "~/components/ui/spinner";

/** Auto-close delay after a successful change (docs/product.md#admin-sign-in). */
export const PASSWORD_MODAL_CLOSE_MS = 2000;

const EMPTY: UpdatePasswordInput = { oldPassword: "", newPassword: "", confirmPassword: "" };
const FIELDS = [
  { name: "oldPassword", autoComplete: "current-password" },
  { name: "newPassword", autoComplete: "new-password" },
  { name: "confirmPassword", autoComplete: "new-password" },
] as const;

/**
 * The controlled password-change dialog. The header owns the trigger button (it renders before this module loads,
 * so the header's first paint needs no dialog code); `returnFocus` is that button, focused again on close.
 */
export function PasswordDialog({
  open,
  onOpenChange,
  returnFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocus?: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation();
  const { failureText, messageText } = useReasonText();
  const onAuthFailure = useHandleAuthFailure();
  const { register, handleSubmit, reset, formState } = useForm<UpdatePasswordInput>({ defaultValues: EMPTY });
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (open) return;
    clearTimeout(timer.current);
    reset(EMPTY);
    setError(null);
    setSuccess(null);
  }, [open, reset]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    setSuccess(null);
    const parsed = updatePasswordSchema.safeParse(values);
    if (!parsed.success) {
      setError(messageText(parsed.error.issues[0]?.message));
      return;
    }
    if (!getToken()) {
      setError(t("admin.password.errors.noToken"));
      return;
    }
    try {
      await call(apiClient().api.auth["update-password"].$put({ json: values }));
      setSuccess(t("admin.password.success"));
      timer.current = setTimeout(() => onOpenChange(false), PASSWORD_MODAL_CLOSE_MS);
    } catch (err) {
      if (onAuthFailure(err)) return;
      setError(failureText(err, t("admin.password.errors.failed"), t("admin.password.errors.network")));
    }
  });

  const busy = formState.isSubmitting || !!success;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        closeLabel={t("nav.close")}
        aria-describedby="password-dialog-description"
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          returnFocus?.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{t("admin.password.title")}</DialogTitle>
          <DialogDescription id="password-dialog-description">{t("admin.password.description")}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
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
              <Label htmlFor={`pw-${f.name}`}>{t(`admin.password.${f.name}`)}</Label>
              <Input
                id={`pw-${f.name}`}
                type="password"
                autoComplete={f.autoComplete}
                disabled={busy}
                aria-invalid={!!error || undefined}
                aria-describedby={f.name === "newPassword" ? "pw-hint" : undefined}
                {...register(f.name)}
              />
              {f.name === "newPassword" && (
                <p id="pw-hint" className="text-xs text-muted-foreground">
                  {t("admin.password.hint")}
                </p>
              )}
            </div>
          ))}
          <DialogFooter className="mt-2">
            <DialogClose asChild>
              <Button variant="outline">{t("admin.password.cancel")}</Button>
            </DialogClose>
            <Button type="submit" disabled={busy}>
              {formState.isSubmitting && <Spinner label={t("admin.password.submitting")} />}
              {formState.isSubmitting ? t("admin.password.submitting") : t("admin.password.submit")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
