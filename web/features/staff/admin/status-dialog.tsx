/**
 * Deactivate or activate a staff account (docs/product.md#staff-and-roles) after a confirmation:
 * `PUT /api/admin/staff/{id}` with `is_active`. A deactivated person is signed out everywhere and cannot sign in;
 * the last active administrator cannot be deactivated (409 LAST_ADMINISTRATOR, shown as a red toast).
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { toast } from "~/components/ui/lazy-toast";
import { useHandleAuthFailure } from "~/lib/auth-failure";
import { useReasonText } from "~/lib/reason-text";
import { updateStaff, type StaffMember } from "./staff-api";

/** Props: `member` null = closed; `onSaved` gets the account as saved. */
export interface StatusDialogProps {
  member: StaffMember | null;
  onClose: () => void;
  onSaved: (member: StaffMember) => void;
}

/** The confirmation. */
export function StatusDialog({ member, onClose, onSaved }: StatusDialogProps) {
  const { t } = useTranslation();
  const { failureText } = useReasonText();
  const onAuthFailure = useHandleAuthFailure();
  const [busy, setBusy] = useState(false);
  // Kept while the dialog closes, so its text does not change during the animation.
  const [last, setLast] = useState<StaffMember | null>(member);
  if (member && member !== last) setLast(member);
  const shown = member ?? last;
  const deactivating = !!shown?.is_active;
  const name = shown?.display_name ?? "";

  const apply = async () => {
    if (!member) return;
    setBusy(true);
    try {
      const saved = await updateStaff(member.id, { is_active: !member.is_active });
      toast.success(t(saved.is_active ? "staff.status.activated" : "staff.status.deactivated", { name }));
      onSaved(saved);
      onClose();
    } catch (err) {
      if (!onAuthFailure(err)) toast.error(failureText(err, t("staff.status.failed"), t("staff.form.network")));
      onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog
      open={!!member}
      onOpenChange={(open) => !open && onClose()}
      title={t(deactivating ? "staff.status.deactivateTitle" : "staff.status.activateTitle", { name })}
      description={t(deactivating ? "staff.status.deactivateBody" : "staff.status.activateBody")}
      confirmLabel={t(deactivating ? "staff.status.deactivate" : "staff.status.activate")}
      cancelLabel={t("staff.status.cancel")}
      destructive={deactivating}
      busy={busy}
      onConfirm={() => void apply()}
    />
  );
}
