/**
 * Update Password modal (docs/product.md#admin-sign-in, "Update Password"): current, new and confirm fields (the
 * form and its checks: password-form.tsx), an inline success message and auto-close after 2 s.
 */
import { useEffect, useRef, type RefObject } from "react";
import { useTranslation } from "react-i18next";
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
import { Spinner } from "~/components/ui/spinner";
import { PasswordFields, usePasswordForm } from "./password-form";

/** Auto-close delay after a successful change (docs/product.md#admin-sign-in). */
export const PASSWORD_MODAL_CLOSE_MS = 2000;

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
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const state = usePasswordForm({
    onSuccess: () => {
      timer.current = setTimeout(() => onOpenChange(false), PASSWORD_MODAL_CLOSE_MS);
    },
  });
  const { clear } = state;

  useEffect(() => {
    if (open) return;
    clearTimeout(timer.current);
    clear();
  }, [open, clear]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const submitting = state.form.formState.isSubmitting;
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
        <form noValidate onSubmit={state.onSubmit} className="grid gap-4">
          <PasswordFields state={state} hint={t("admin.password.hint")} />
          <DialogFooter className="mt-2">
            <DialogClose asChild>
              <Button variant="outline">{t("admin.password.cancel")}</Button>
            </DialogClose>
            <Button type="submit" disabled={state.busy}>
              {submitting && <Spinner label={t("admin.password.submitting")} />}
              {submitting ? t("admin.password.submitting") : t("admin.password.submit")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
