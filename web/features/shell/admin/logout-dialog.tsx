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
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "~/components/ui/alert-dialog";
import { Spinner } from "~/components/ui/spinner";

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
    <AlertDialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <AlertDialogContent
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          returnFocus?.current?.focus();
        }}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>{t("admin.logout.title")}</AlertDialogTitle>
          <AlertDialogDescription>{t("admin.logout.confirm")}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>{t("admin.logout.no")}</AlertDialogCancel>
          <AlertDialogAction
            disabled={busy}
            className="bg-destructive text-white hover:bg-destructive/90 focus-visible:ring-destructive/30"
            onClick={(e) => {
              e.preventDefault();
              void logout();
            }}
          >
            {busy && <Spinner label={t("admin.logout.yes")} />}
            {t("admin.logout.yes")}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
