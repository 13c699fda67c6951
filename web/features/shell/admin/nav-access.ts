/**
 * Which console pages a role may open (docs/product.md#staff-and-roles), by the one permission table
 * (worker/permissions.ts): the sidebar and the global search list only those, the layout shows "not allowed for
 * your role" on any other, and a sign-in lands on the first one. Pure, so the rule is unit-tested.
 */
import { scopeOf, type Permission } from "@worker/permissions";
import type { StaffRole } from "@common/staff-roles";
import type { Grade } from "@worker/lib/school-grades";
import { ADMIN_GRADES, type AdminGrade, type AdminListPage } from "~/lib/admin-events";

/** The console's sidebar entries, in the sidebar's order. */
export type ConsolePage =
  | "dashboard"
  | "reports"
  | "students"
  | "guardians"
  | "fees"
  | "onlinePayments"
  | "results"
  | "feePlans"
  | "courseSelections"
  | "news"
  | "messages"
  | "auditLog"
  | "staff"
  | "academicYears"
  | "rollover";

/** Each page's URL and the permission needed to open it. */
export const CONSOLE_PAGES: Readonly<Record<ConsolePage, { path: string; permission: Permission }>> = {
  dashboard: { path: "/admin/dashboard", permission: "dashboard.read" },
  reports: { path: "/admin/dashboard/reports", permission: "reports.read" },
  students: { path: "/admin/dashboard/students", permission: "students.read" },
  guardians: { path: "/admin/dashboard/guardians", permission: "students.write" },
  fees: { path: "/admin/dashboard/fees", permission: "fees.read" },
  onlinePayments: { path: "/admin/dashboard/fees/online", permission: "fees.read" },
  results: { path: "/admin/dashboard/results", permission: "results.read" },
  feePlans: { path: "/admin/dashboard/fees/plans", permission: "fee_plans.read" },
  courseSelections: { path: "/admin/dashboard/course-selections", permission: "selection.read" },
  news: { path: "/admin/dashboard/news", permission: "news.read" },
  messages: { path: "/admin/dashboard/messages", permission: "messages.read" },
  auditLog: { path: "/admin/dashboard/audit-log", permission: "audit.read" },
  staff: { path: "/admin/dashboard/staff", permission: "staff.manage" },
  academicYears: { path: "/admin/dashboard/academic-years", permission: "academic_years.manage" },
  rollover: { path: "/admin/dashboard/rollover", permission: "rollover.manage" },
};

/** The sidebar's order. */
export const CONSOLE_PAGE_ORDER = Object.keys(CONSOLE_PAGES) as ConsolePage[];

/** Anything with the signed-in person's permissions (`MeJson`). */
export type HasPermissions = { readonly permissions: readonly string[] };

const holds = (me: HasPermissions, permission: Permission) => me.permissions.includes(permission);

/** The pages `me` may open, in the sidebar's order. */
export function pagesFor(me: HasPermissions): ConsolePage[] {
  return CONSOLE_PAGE_ORDER.filter((p) => holds(me, CONSOLE_PAGES[p].permission));
}

/**
 * The console page a path belongs to: the longest page path that is the path or a parent of it
 * ("/admin/dashboard/fees/plans" is Fee plans, "/admin/dashboard/fees/Prep-1" Fees); null for any other path.
 */
export function pageOfPath(pathname: string): ConsolePage | null {
  const path = pathname.replace(/\/+$/, "") || "/";
  let best: ConsolePage | null = null;
  for (const page of CONSOLE_PAGE_ORDER) {
    const base = CONSOLE_PAGES[page].path;
    // The dashboard's URL is the parent of every other page's: only its own path is the dashboard.
    const inside = path === base || (page !== "dashboard" && path.startsWith(`${base}/`));
    if (inside && (!best || base.length > CONSOLE_PAGES[best].path.length)) best = page;
  }
  return best;
}

/** True when `me` may open `pathname` (a path outside the known pages is left to the server). */
export function mayOpen(me: HasPermissions, pathname: string): boolean {
  const page = pageOfPath(pathname);
  return page === null || holds(me, CONSOLE_PAGES[page].permission);
}

/** Where `me` lands after signing in: the dashboard, else the first page the role may open; null when none. */
export function homePathFor(me: HasPermissions): string | null {
  const first = pagesFor(me)[0];
  return first ? CONSOLE_PAGES[first].path : null;
}

/** The person as the grade lists need them: role and assigned grades (`MeJson`). */
export type HasAssignments = { readonly role: StaffRole; readonly assignments: ReadonlyArray<{ grade: Grade }> };

/**
 * The grades a list page's sidebar entry offers `me`: every grade, or only their assigned ones (in school order,
 * after "All") when their role reads that page only for its assignments (a teacher). Unknown person: every grade.
 */
export function sidebarGrades(me: HasAssignments | null, page: AdminListPage): readonly AdminGrade[] {
  if (!me || scopeOf(me.role, CONSOLE_PAGES[page].permission) !== "assigned") return ADMIN_GRADES;
  const mine = new Set<string>(me.assignments.map((a) => a.grade));
  return ADMIN_GRADES.filter((g) => g === "All" || mine.has(g));
}
