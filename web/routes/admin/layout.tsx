/**
 * The admin shell for every /admin/dashboard/* route (docs/product.md#admin-shell): a client-side guard (the
 * token lives in localStorage, which the server cannot see), a fixed sidebar on large screens, a sheet on
 * phones, and the header. Without a live token the guard redirects to /admin/login. The phone sheet, the header's
 * dialogs and the toast outlet load after the page (on first use / when idle), so a first page needs only its own
 * code.
 * Staff and roles (docs/product.md#staff-and-roles): who is signed in is stored at sign-in and looked up again with
 * `GET /api/auth/me` on every load, beside the page. A temporary password shows only the "choose your password"
 * screen; a page the role may not open shows "not available for your role" instead of the page, and the dashboard's
 * URL sends a role without it to the first page it may open.
 */
import { loadAcademicYears } from "~/features/academic-years/admin/years-api";
import { Suspense, useEffect, useState } from "react";
import { Outlet, redirect, useLocation } from "react-router";
import type { Route } from "./+types/layout";
import { adminMeta } from "~/lib/admin-meta";
import { getMe, getToken } from "~/lib/auth-storage";
import { LOGIN_PATH, useHandleAuthFailure } from "~/lib/auth-failure";
import { lazyNamed, useOpenedOnce } from "~/lib/lazy";
import { meLookedUp, refreshMe, useMe } from "~/lib/use-me";
import { AdminSidebar } from "~/features/shell/admin/admin-sidebar";
import { AdminHeader } from "~/features/shell/admin/admin-header";
import { DeferredToaster } from "~/features/shell/admin/deferred-toaster";
import { FullPageSpinner } from "~/features/shell/admin/full-page-spinner";
import { homePathFor, mayOpen, pageOfPath } from "~/features/shell/admin/nav-access";
import { NotAllowedPanel } from "~/features/shell/admin/not-allowed";

/** The phone navigation sheet, loaded on first open (Radix Dialog is not needed to show a page). */
const loadSidebarSheet = () => import("~/features/shell/admin/sidebar-sheet");
const SidebarSheet = lazyNamed(loadSidebarSheet, "SidebarSheet");
/** Shown only after a sign-in with a temporary password. */
const ChoosePasswordScreen = lazyNamed(
  () => import("~/features/shell/admin/choose-password-screen"),
  "ChoosePasswordScreen",
);

/**
 * Route guard: a missing or expired token (cleared by getToken) sends the visitor to the login page. With the
 * sign-in's copy of who is signed in, the dashboard's URL sends a role that may not read it to its first page. The
 * guard never waits for the server: without a copy (a token from before roles) the page shows at once and the layout
 * asks `GET /api/auth/me` beside it.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  if (!getToken()) throw redirect(LOGIN_PATH);
  // Every form's years and their default (the current year) are the server's: asked once, not awaited.
  void loadAcademicYears();
  const me = getMe();
  const { pathname } = new URL(request.url);
  if (me && !me.must_change_password && pageOfPath(pathname) === "dashboard" && !mayOpen(me, pathname)) {
    const home = homePathFor(me);
    if (home) throw redirect(home);
  }
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

/** Console pages may carry personal data in their HTML (a list's first page): never stored by a cache. */
export function headers() {
  return { "Cache-Control": "no-store" };
}

/** Page title for the admin console. */
export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches, "console");
}

/** Looks the signed-in person up once per page load (a role may have changed since the sign-in); a 401 signs out. */
function useFreshMe() {
  const onAuthFailure = useHandleAuthFailure();
  useEffect(() => {
    if (meLookedUp()) return;
    refreshMe().catch((err: unknown) => onAuthFailure(err));
  }, [onAuthFailure]);
}

/** The admin layout: sidebar + header + the current page. */
export default function AdminLayout() {
  const [sheetOpen, setSheetOpen] = useState(false);
  const sheetMounted = useOpenedOnce(sheetOpen);
  const me = useMe();
  const { pathname } = useLocation();
  useFreshMe();
  if (me?.must_change_password)
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <ChoosePasswordScreen />
      </Suspense>
    );
  return (
    <div className={SHELL_CLASS}>
      <DeferredToaster />
      <aside className="fixed inset-y-0 start-0 z-40 hidden w-64 border-e border-slate-800 lg:block">
        <AdminSidebar />
      </aside>
      {sheetMounted && (
        <Suspense fallback={null}>
          <SidebarSheet open={sheetOpen} onOpenChange={setSheetOpen} />
        </Suspense>
      )}
      <div className="flex min-h-dvh flex-col lg:ps-64">
        <AdminHeader onOpenSidebar={() => setSheetOpen(true)} onSidebarIntent={() => void loadSidebarSheet()} />
        <main id="admin-main" className="flex-1 px-4 py-6 sm:px-6 lg:px-8">
          {me && !mayOpen(me, pathname) ? <NotAllowedPanel me={me} /> : <Outlet />}
        </main>
      </div>
    </div>
  );
}
