/**
 * Logout confirmation (docs/product.md#admin-sign-in): "Are you sure you want to logout?" with No/Yes. Yes revokes the
 * session on the server (a failure is ignored), forgets the token and goes to /admin/login.
 */
import { useState, type RefObject } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { apiClient, call } from "~/lib/api";
import { getToken } from "~/lib/auth-storage";
import { signOutLocally } from "~/lib/auth-failure";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";

/**
 * The controlled logout confirmation dialog. The header owns the trigger button (it renders before this module
 * loads, so the header needs no dialog code to paint); `returnFocus` is that button, focused again when the
 * dialog closes without logging out.
 */
export function LogoutDialog({
  open,
  onOpenChange,
  returnFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocus?: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const logout = async () => {
    setBusy(true);
    try {
      if (getToken()) await call(apiClient().api.auth.logout.$post());
    } catch {
      /* the token is dropped locally either way */
    }
    setBusy(false);
    onOpenChange(false);
    signOutLocally(navigate);
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("admin.logout.title")}
      description={t("admin.logout.confirm")}
      cancelLabel={t("admin.logout.no")}
      confirmLabel={t("admin.logout.yes")}
      destructive
      busy={busy}
      busyLabel={t("admin.logout.yes")}
      returnFocus={returnFocus}
      onConfirm={() => void logout()}
    />
  );
}
