/**
 * /admin/dashboard/staff — Staff (docs/product.md#staff-and-roles), administrators only: every account with its
 * role, status, last sign-in and open sessions (a table from 1024 px, cards below, as the Audit Log), Add Staff
 * Member (a temporary password, and a teacher's classes), Edit, Deactivate / Activate after a confirmation, Reset
 * password (the new temporary password shown once) and the sessions sheet (end one or all). Data is fetched in the
 * browser with the administrator's token; another role sees the layout's "not available for your role".
 */
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Plus, RefreshCw, RotateCw, UsersRound } from "lucide-react";
import { DataTable } from "~/components/data-table";
import { Button } from "~/components/ui/button";
import { formatNumber } from "~/lib/format";
import { cn } from "~/lib/utils";
import { pageTitle } from "~/i18n";
import type { StaffMember } from "~/features/staff/admin/staff-api";
import { staffColumns } from "~/features/staff/admin/staff-columns";
import { StaffCards } from "~/features/staff/admin/staff-cards";
import { StaffFormDialog } from "~/features/staff/admin/staff-form-dialog";
import { ResetPasswordDialog } from "~/features/staff/admin/reset-password-dialog";
import { SessionsSheet } from "~/features/staff/admin/sessions-sheet";
import { StatusDialog } from "~/features/staff/admin/status-dialog";
import type { StaffRowHandlers } from "~/features/staff/admin/staff-row-actions";
import { useStaffList } from "~/features/staff/admin/use-staff-list";
import type { Route } from "./+types/staff";

/** `<title>`: "Staff | school" in the console language. */
export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, "staff.title", { noindex: true });
}

/** "No staff accounts yet", or "could not be loaded" with Retry. */
function Empty({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="grid justify-items-center gap-2 px-4 py-12 text-center" role={failed ? "alert" : undefined}>
      <UsersRound className="size-8 text-muted-foreground/60" aria-hidden="true" />
      <p className="font-medium text-foreground">{t(failed ? "staff.table.failed" : "staff.table.empty")}</p>
      {failed ? (
        <Button variant="outline" size="sm" className="mt-1" onClick={onRetry}>
          <RotateCw aria-hidden="true" />
          {t("staff.table.retry")}
        </Button>
      ) : (
        <p className="max-w-sm text-sm text-muted-foreground">{t("staff.table.emptyHint")}</p>
      )}
    </div>
  );
}

/** The Staff page. */
export default function StaffPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const list = useStaffList();
  const [form, setForm] = useState<{ open: boolean; member: StaffMember | null }>({ open: false, member: null });
  const [resetting, setResetting] = useState<StaffMember | null>(null);
  const [sessionsOf, setSessionsOf] = useState<StaffMember | null>(null);
  const [toggling, setToggling] = useState<StaffMember | null>(null);

  const handlers = useMemo<StaffRowHandlers>(
    () => ({
      onEdit: (member) => setForm({ open: true, member }),
      onResetPassword: setResetting,
      onSessions: setSessionsOf,
      onToggleActive: setToggling,
    }),
    [],
  );
  const columns = useMemo(() => staffColumns(t, lang, handlers), [t, lang, handlers]);
  const reload = () => void list.reload();
  const empty = <Empty failed={list.failed} onRetry={reload} />;
  const count = list.rows.length;

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl rtl:tracking-normal">{t("staff.title")}</h1>
          <p className="mt-1 max-w-3xl text-sm text-muted-foreground">{t("staff.subtitle")}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={reload} disabled={list.loading}>
            <RefreshCw className={cn(list.loading && "animate-spin")} aria-hidden="true" />
            {t("staff.refresh")}
          </Button>
          <Button onClick={() => setForm({ open: true, member: null })}>
            <Plus aria-hidden="true" />
            {t("staff.add")}
          </Button>
        </div>
      </header>

      {!list.loading && count > 0 && (
        <p className="-mb-3 text-sm text-muted-foreground" aria-live="polite">
          {t("staff.table.count", { count, formatted: formatNumber(count, lang) })}
        </p>
      )}

      {/* A table from 1024 px; cards below, where six columns do not fit. */}
      <div className="hidden min-w-0 lg:block">
        <DataTable
          label={t("staff.table.label")}
          idPrefix="staff"
          columns={columns}
          data={list.rows}
          getRowId={(m) => String(m.id)}
          loading={list.loading}
          skeletonRows={4}
          pageSizes={false}
          emptyState={empty}
          rowClassName={(m) => (m.is_active ? undefined : "bg-muted/40 text-muted-foreground")}
        />
      </div>
      <div className="lg:hidden">
        <StaffCards rows={list.rows} loading={list.loading} empty={empty} handlers={handlers} />
      </div>

      <StaffFormDialog
        open={form.open}
        member={form.member}
        onOpenChange={(open) => setForm((f) => ({ ...f, open }))}
        onSaved={list.put}
      />
      <StatusDialog member={toggling} onClose={() => setToggling(null)} onSaved={list.put} />
      <ResetPasswordDialog member={resetting} onClose={() => setResetting(null)} onDone={reload} />
      <SessionsSheet member={sessionsOf} onClose={() => setSessionsOf(null)} onChanged={reload} />
    </div>
  );
}
