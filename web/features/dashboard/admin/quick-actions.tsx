/**
 * Dashboard Quick Actions (docs/product.md#dashboard): Add Student, Record Fee, Add Result, and the overdue list (a link). Each opens the add
 * modal of its page: via navigation state `{ openAdd: true }`, or a window event when that page is already open.
 * Pointer-over or focus on an action preloads that page's route modules (and, for students, the add modal, which
 * the page loads on first open), so the click opens the modal without a wait. Only the actions the person's role
 * may take are shown (docs/product.md#staff-and-roles); the card is left out when none is.
 */
import { useState } from "react";
import { Link, PrefetchPageLinks, useLocation, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { AlarmClock, ClipboardPlus, Receipt, UserPlus, type LucideIcon } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { ADMIN_PAGE_PATHS, openAddOn, type AdminListPage } from "~/lib/admin-events";
import { loadStudentFormDialog } from "~/features/students/admin/lazy-dialogs";
import type { Permission } from "@worker/permissions";
import { useCanFn } from "~/lib/use-me";

const ACTIONS: { page: AdminListPage; key: string; icon: LucideIcon; tone: string; permission: Permission }[] = [
  {
    page: "students",
    key: "addStudent",
    icon: UserPlus,
    tone: "bg-primary/10 text-primary",
    permission: "students.write",
  },
  { page: "fees", key: "recordFee", icon: Receipt, tone: "bg-success/12 text-success", permission: "fees.write" },
  {
    page: "results",
    key: "addResult",
    icon: ClipboardPlus,
    tone: "bg-warning/15 text-[oklch(0.5_0.13_60)]",
    permission: "results.write",
  },
];

/** The three quick-action buttons in a card. */
export function QuickActions() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [wanted, setWanted] = useState<readonly AdminListPage[]>([]);
  const can = useCanFn(true);
  const actions = ACTIONS.filter((a) => can(a.permission));
  const overdue = can("fees.read");
  const intent = (page: AdminListPage) => {
    if (page === "students") void loadStudentFormDialog();
    setWanted((w) => (w.includes(page) ? w : [...w, page]));
  };
  if (actions.length === 0 && !overdue) return null;
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>
          <h2>{t("admin.dashboard.quick.title")}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {actions.map(({ page, key, icon: Icon, tone }) => (
          <button
            key={key}
            type="button"
            onClick={() => openAddOn(navigate, location, page)}
            onPointerEnter={() => intent(page)}
            onFocus={() => intent(page)}
            className="group flex items-center gap-3 rounded-lg border bg-background p-3 text-start outline-none transition-colors hover:border-primary/40 hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <span className={`flex size-10 shrink-0 items-center justify-center rounded-lg ${tone}`}>
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <span className="min-w-0">
              <span className="block text-sm font-semibold">{t(`admin.dashboard.quick.${key}`)}</span>
              <span className="block text-xs text-muted-foreground">{t(`admin.dashboard.quick.${key}Hint`)}</span>
            </span>
          </button>
        ))}
        {overdue && (
          <Link
            to="/admin/dashboard/fees?status=overdue"
            className="group flex items-center gap-3 rounded-lg border bg-background p-3 text-start outline-none transition-colors hover:border-primary/40 hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-destructive/10 text-destructive">
              <AlarmClock className="size-5" aria-hidden="true" />
            </span>
            <span className="min-w-0">
              <span className="block text-sm font-semibold">{t("admin.dashboard.quick.overdueList")}</span>
              <span className="block text-xs text-muted-foreground">{t("admin.dashboard.quick.overdueListHint")}</span>
            </span>
          </Link>
        )}
        {wanted.map((page) => (
          <PrefetchPageLinks key={page} page={ADMIN_PAGE_PATHS[page]} />
        ))}
      </CardContent>
    </Card>
  );
}
