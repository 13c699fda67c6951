/**
 * The admin header (docs/product.md#admin-shell): Open sidebar (phones), who is signed in and as what (display
 * name and role, docs/product.md#staff-and-roles; "Admin" until known), the language switch, Update Password and
 * Logout. On phones the button texts are visually hidden but still name the buttons. While a
 * backend override is stored, a bar under it shows the address with a one-click reset
 * (docs/product.md#base-url-override).
 * The two dialogs load on first open (react-hook-form, zod and Radix Dialog are not needed to show a
 * page); pointer-over or focus on their buttons fetches the code early, and once opened they stay mounted so
 * later opens and every close animate.
 */
import { Suspense, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { KeyRound, LogOut, Menu, ShieldCheck } from "lucide-react";
import { Button } from "~/components/ui/button";
import { lazyNamed, useOpenedOnce } from "~/lib/lazy";
import { LanguageSwitch } from "./language-switch";
import { BaseUrlOverrideNotice } from "~/features/base-url/public/override-notice";
import { useBaseUrlOverride } from "~/features/base-url/public/use-base-url-override";
import { useMe } from "~/lib/use-me";

const loadPasswordDialog = () => import("./password-dialog");
const loadLogoutDialog = () => import("./logout-dialog");
const PasswordDialog = lazyNamed(loadPasswordDialog, "PasswordDialog");
const LogoutDialog = lazyNamed(loadLogoutDialog, "LogoutDialog");

/** Who is signed in: display name over the role (one line from `sm`), or "Admin" until the person is known. */
function SignedIn() {
  const { t } = useTranslation();
  const me = useMe();
  const role = me ? t(`staff.roles.${me.role}`) : "";
  return (
    <div
      className="flex min-w-0 items-center gap-2"
      data-testid="signed-in"
      title={me ? t("staff.shell.signedInAs", { name: me.display_name, role }) : undefined}
    >
      <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
        <ShieldCheck className="size-4" aria-hidden="true" />
      </span>
      {me ? (
        <p className="grid min-w-0 leading-tight sm:flex sm:items-center sm:gap-2">
          <bdi className="truncate text-sm font-semibold">{me.display_name}</bdi>
          <span className="sr-only">, </span>
          <span className="w-fit truncate text-xs text-muted-foreground sm:rounded-full sm:bg-muted sm:px-2 sm:py-0.5 sm:font-medium">
            {role}
          </span>
        </p>
      ) : (
        <span className="truncate text-sm font-semibold">{t("admin.adminLabel")}</span>
      )}
    </div>
  );
}

/** The sticky header bar; `onOpenSidebar` opens the phone navigation sheet (`onSidebarIntent` may preload it). */
export function AdminHeader({
  onOpenSidebar,
  onSidebarIntent,
}: {
  onOpenSidebar: () => void;
  onSidebarIntent?: () => void;
}) {
  const { t } = useTranslation();
  const [logoutOpen, setLogoutOpen] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const logoutMounted = useOpenedOnce(logoutOpen);
  const passwordMounted = useOpenedOnce(passwordOpen);
  const passwordButton = useRef<HTMLButtonElement>(null);
  const logoutButton = useRef<HTMLButtonElement>(null);
  const override = useBaseUrlOverride();
  return (
    <header className="sticky top-0 z-30 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="flex h-16 items-center gap-2 px-3 sm:px-6">
        <Button
          variant="ghost"
          size="icon"
          className="lg:hidden"
          aria-label={t("admin.nav.openSidebar")}
          onClick={onOpenSidebar}
          onPointerEnter={onSidebarIntent}
          onFocus={onSidebarIntent}
        >
          <Menu className="size-5" aria-hidden="true" />
        </Button>
        <SignedIn />
        <div className="ms-auto flex items-center gap-1 sm:gap-2">
          <LanguageSwitch />
          <Button
            ref={passwordButton}
            variant="outline"
            size="sm"
            aria-haspopup="dialog"
            aria-expanded={passwordOpen}
            onClick={() => setPasswordOpen(true)}
            onPointerEnter={() => void loadPasswordDialog()}
            onFocus={() => void loadPasswordDialog()}
          >
            <KeyRound aria-hidden="true" />
            <span className="sr-only md:not-sr-only">{t("admin.header.updatePassword")}</span>
          </Button>
          <Button
            ref={logoutButton}
            variant="outline"
            size="sm"
            className="text-destructive hover:bg-destructive/10 hover:text-destructive"
            aria-haspopup="dialog"
            aria-expanded={logoutOpen}
            onClick={() => setLogoutOpen(true)}
            onPointerEnter={() => void loadLogoutDialog()}
            onFocus={() => void loadLogoutDialog()}
          >
            <LogOut className="rtl:-scale-x-100" aria-hidden="true" />
            <span className="sr-only md:not-sr-only">{t("admin.header.logout")}</span>
          </Button>
        </div>
      </div>
      <BaseUrlOverrideNotice override={override} variant="bar" />
      {passwordMounted && (
        <Suspense fallback={null}>
          <PasswordDialog open={passwordOpen} onOpenChange={setPasswordOpen} returnFocus={passwordButton} />
        </Suspense>
      )}
      {logoutMounted && (
        <Suspense fallback={null}>
          <LogoutDialog open={logoutOpen} onOpenChange={setLogoutOpen} returnFocus={logoutButton} />
        </Suspense>
      )}
    </header>
  );
}
