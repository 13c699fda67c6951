/**
 * The admin shell for every /admin/dashboard/* route (spec §2 "Admin shell", §6): a client-side guard (the
 * token lives in localStorage, which the server cannot see), a fixed sidebar on large screens, a sheet on
 * phones, and the header. Without a live token the guard redirects to /admin/login.
 */
import { useState } from "react";
import { Outlet, redirect } from "react-router";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/layout";
import { adminMeta } from "~/lib/admin-meta";
import { getToken } from "~/lib/auth-storage";
import { LOGIN_PATH } from "~/lib/auth-failure";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "~/components/ui/sheet";
import { AdminSidebar } from "~/components/admin/admin-sidebar";
import { AdminHeader } from "~/components/admin/admin-header";
import { FullPageSpinner } from "~/components/admin/full-page-spinner";
import { AppToaster } from "~/components/ui/toaster";

/** Route guard: a missing or expired token (cleared by getToken) sends the visitor to the login page. */
export async function clientLoader() {
  if (!getToken()) throw redirect(LOGIN_PATH);
  return null;
}
clientLoader.hydrate = true as const;

/**
 * Shared by HydrateFallback and the layout. Sharing a top-level statement also keeps HydrateFallback in the main
 * route chunk: with route-module splitting, React Router 8.4 emitted a separate HydrateFallback chunk but left it
 * out of the manifest, so the client hydrated without the fallback and the server's spinner stayed on the page.
 */
const SHELL_CLASS = "min-h-dvh bg-muted/40";

/** Shown during SSR and hydration until the guard has run in the browser. */
export function HydrateFallback() {
  return (
    <div className={SHELL_CLASS}>
      <FullPageSpinner />
    </div>
  );
}

/** Page title for the admin console. */
export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches, "console");
}

/** The admin layout: sidebar + header + the current page. */
export default function AdminLayout() {
  const { t } = useTranslation();
  const [sheetOpen, setSheetOpen] = useState(false);
  return (
      <div className={SHELL_CLASS}>
        <AppToaster />
        <aside className="fixed inset-y-0 start-0 z-40 hidden w-64 border-e border-slate-800 lg:block">
          <AdminSidebar />
        </aside>
        <Sheet open={sheetOpen} onOpenChange={setSheetOpen}>
          <SheetContent side="start" className="w-72 gap-0 border-slate-800 p-0 sm:max-w-72 [&>button]:text-slate-300" closeLabel={t("admin.nav.closeSidebar")}>
            <SheetTitle className="sr-only">{t("admin.consoleTitle")}</SheetTitle>
            <SheetDescription className="sr-only">{t("admin.nav.label")}</SheetDescription>
            <AdminSidebar onNavigate={() => setSheetOpen(false)} />
          </SheetContent>
        </Sheet>
        <div className="flex min-h-dvh flex-col lg:ps-64">
          <AdminHeader onOpenSidebar={() => setSheetOpen(true)} />
          <main id="admin-main" className="flex-1 px-4 py-6 sm:px-6 lg:px-8">
            <Outlet />
          </main>
        </div>
      </div>
  );
}
