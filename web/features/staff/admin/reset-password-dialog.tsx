/**
 * Reset a staff member's password (docs/product.md#staff-and-roles): a confirmation, then
 * `POST /api/admin/staff/{id}/reset-password`, then the temporary password shown this once, with Copy. The server
 * signs the person out everywhere; they choose their own password at the next sign-in.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { toast } from "~/components/ui/lazy-toast";
import { useHandleAuthFailure } from "~/lib/auth-failure";
import { useReasonText } from "~/lib/reason-text";
import { CopyButton } from "./copy-button";
import { resetStaffPassword, type StaffMember } from "./staff-api";

/** Props: `member` null = closed; `onDone` runs once the password was reset (the list reloads). */
export interface ResetPasswordDialogProps {
  member: StaffMember | null;
  onClose: () => void;
  onDone: () => void;
}

/** The confirmation and then the one-time password. */
export function ResetPasswordDialog({ member, onClose, onDone }: ResetPasswordDialogProps) {
  const { t } = useTranslation();
  const { failureText } = useReasonText();
  const onAuthFailure = useHandleAuthFailure();
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<{ name: string; password: string } | null>(null);

  const reset = async () => {
    if (!member) return;
    setBusy(true);
    try {
      const password = await resetStaffPassword(member.id);
      setShown({ name: member.display_name, password });
      onDone();
    } catch (err) {
      if (!onAuthFailure(err)) toast.error(failureText(err, t("staff.reset.failed"), t("staff.form.network")));
      onClose();
    } finally {
      setBusy(false);
    }
  };

  const name = member?.display_name ?? "";
  return (
    <>
      <ConfirmDialog
        open={!!member && !shown}
        onOpenChange={(open) => !open && onClose()}
        title={t("staff.reset.title", { name })}
        description={t("staff.reset.body")}
        confirmLabel={t("staff.reset.confirm")}
        cancelLabel={t("staff.reset.cancel")}
        destructive
        busy={busy}
        onConfirm={() => void reset()}
      />
      <Dialog
        open={!!shown}
        onOpenChange={(open) => {
          if (open) return;
          setShown(null);
          onClose();
        }}
      >
        <DialogContent closeLabel={t("nav.close")}>
          <DialogHeader>
            <DialogTitle>{t("staff.reset.doneTitle", { name: shown?.name ?? "" })}</DialogTitle>
            <DialogDescription>{t("staff.reset.doneBody")}</DialogDescription>
          </DialogHeader>
          <div className="flex flex-wrap items-center gap-2">
            <output
              dir="ltr"
              data-testid="temporary-password"
              className="min-w-0 flex-1 rounded-md border bg-muted/50 px-3 py-2 text-center font-mono text-lg tracking-wide select-all"
            >
              {shown?.password}
            </output>
            <CopyButton text={shown?.password ?? ""} />
          </div>
          <DialogFooter>
            <Button
              onClick={() => {
                setShown(null);
                onClose();
              }}
            >
              {t("staff.reset.close")}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
