/**
 * Logout confirmation (spec §2 "Admin shell"): "Are you sure you want to logout?" with No/Yes. Yes revokes the
 * session on the server (a failure is ignored), forgets the token and goes to /admin/login.
 */
import { useState, type ReactNode } from "react";
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
  AlertDialogTrigger,
} from "~/components/ui/alert-dialog";
import { Spinner } from "~/components/ui/spinner";

/** The controlled logout confirmation dialog; `children` is the trigger button. */
export function LogoutDialog({ open, onOpenChange, children }: { open: boolean; onOpenChange: (open: boolean) => void; children: ReactNode }) {
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
      <AlertDialogTrigger asChild>{children}</AlertDialogTrigger>
      <AlertDialogContent>
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
