/**
 * The admin header (spec §2 "Admin shell"): Open sidebar (phones), the "Admin" label, the language switch,
 * Update Password and Logout. On phones the button texts are visually hidden but still name the buttons.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { KeyRound, LogOut, Menu, ShieldCheck } from "lucide-react";
import { Button } from "~/components/ui/button";
import { LanguageSwitch } from "./language-switch";
import { LogoutDialog } from "./logout-dialog";
import { PasswordDialog } from "./password-dialog";

/** The sticky header bar; `onOpenSidebar` opens the phone navigation sheet. */
export function AdminHeader({ onOpenSidebar }: { onOpenSidebar: () => void }) {
  const { t } = useTranslation();
  const [logoutOpen, setLogoutOpen] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b bg-background/90 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/75 sm:px-6">
      <Button variant="ghost" size="icon" className="lg:hidden" aria-label={t("admin.nav.openSidebar")} onClick={onOpenSidebar}>
        <Menu className="size-5" aria-hidden="true" />
      </Button>
      <div className="flex min-w-0 items-center gap-2">
        <span className="flex size-8 items-center justify-center rounded-full bg-primary/10 text-primary">
          <ShieldCheck className="size-4" aria-hidden="true" />
        </span>
        <span className="truncate text-sm font-semibold">{t("admin.adminLabel")}</span>
      </div>
      <div className="ms-auto flex items-center gap-1 sm:gap-2">
        <LanguageSwitch />
        <PasswordDialog open={passwordOpen} onOpenChange={setPasswordOpen}>
          <Button variant="outline" size="sm">
            <KeyRound aria-hidden="true" />
            <span className="sr-only md:not-sr-only">{t("admin.header.updatePassword")}</span>
          </Button>
        </PasswordDialog>
        <LogoutDialog open={logoutOpen} onOpenChange={setLogoutOpen}>
          <Button variant="outline" size="sm" className="text-destructive hover:bg-destructive/10 hover:text-destructive">
            <LogOut className="rtl:-scale-x-100" aria-hidden="true" />
            <span className="sr-only md:not-sr-only">{t("admin.header.logout")}</span>
          </Button>
        </LogoutDialog>
      </div>
    </header>
  );
}
