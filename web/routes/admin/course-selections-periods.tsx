/**
 * /admin/dashboard/course-selections/periods — Selection Periods (docs/product.md#selection-periods). The table with
 * the Live Now badge and a Toggle switch (`PUT /{id}/toggle`): after success the toggled period takes the server's
 * value and every other period shows inactive, so one period at most is active. Add/Edit modal, delete
 * confirmation. Failures show the server's reason or "Failed to save/delete period" / "Failed to toggle period
 * status"; without a token the list stays empty and actions go to the login page.
 * Without `selection.manage` (docs/product.md#staff-and-roles) the page is read-only: no add, edit or delete.
 */
import { useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/lazy-toast";
import { CalendarX, Plus, RefreshCw } from "lucide-react";
import type { PeriodCreateInput } from "@worker/contracts/selection-admin";
import type { Route } from "./+types/course-selections-periods";
import { adminMeta } from "~/lib/admin-meta";
import { cn } from "~/lib/utils";
import { useCan } from "~/lib/use-me";
import { Button } from "~/components/ui/button";
import { DataTable } from "~/components/data-table";
import { ConfirmDeleteDialog } from "~/features/selection/admin/confirm-delete-dialog";
import { SelectionPageHeader } from "~/features/selection/admin/page-header";
import { periodColumns } from "~/features/selection/admin/period-columns";
import { PeriodFormDialog } from "~/features/selection/admin/period-form-dialog";
import { SCHOOL_TIME_ZONE } from "@worker/lib/school-day";
import {
  createPeriod,
  deletePeriod,
  fetchPeriods,
  togglePeriod,
  updatePeriod,
  type SelectionPeriod,
} from "~/features/selection/admin/selection-api";
import { useSelectionAction } from "~/features/selection/admin/use-selection-action";
import { useSelectionList } from "~/features/selection/admin/use-selection-list";

/** Page title for the admin console. */
export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches, "console");
}

/** How often "now" is refreshed for the Live Now badge (ms). */
const CLOCK_TICK_MS = 30_000;

/** The Selection Periods page. */
export default function SelectionPeriodsPage() {
  const { t, i18n } = useTranslation();
  const run = useSelectionAction();
  const { items: periods, setItems, loading, refreshing, reload } = useSelectionList(fetchPeriods, "selection periods");
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<SelectionPeriod | null>(null);
  const [deleting, setDeleting] = useState<SelectionPeriod | null>(null);
  const [toggling, setToggling] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);

  const openAdd = () => {
    setEditing(null);
    setFormOpen(true);
  };
  const openEdit = useCallback((p: SelectionPeriod) => {
    setEditing(p);
    setFormOpen(true);
  }, []);

  const onToggle = useCallback(
    async (period: SelectionPeriod) => {
      setToggling(period.id);
      const outcome = await run(() => togglePeriod(period.id, !period.is_active), {
        fallback: t("courseSelection.periods.toasts.toggleFailed"),
        network: t("courseSelection.periods.toasts.toggleNetwork"),
      });
      setToggling(null);
      if (!outcome.ok) return;
      const saved = outcome.value;
      setItems((list) => list.map((p) => (p.id === period.id ? { ...p, ...saved } : { ...p, is_active: false })));
      toast.success(
        t(saved.is_active ? "courseSelection.periods.toasts.activated" : "courseSelection.periods.toasts.deactivated", {
          name: saved.period_name,
        }),
      );
    },
    [run, setItems, t],
  );

  const canManage = useCan("selection.manage");
  const columns = useMemo(() => {
    const all = periodColumns(t, i18n.language, {
      onToggle: (p) => void onToggle(p),
      onEdit: openEdit,
      onDelete: setDeleting,
      toggling,
      now,
    });
    return canManage ? all : all.filter((c) => c.id !== "toggle" && c.id !== "actions");
  }, [t, i18n.language, onToggle, openEdit, toggling, now, canManage]);

  const onSubmit = async (input: PeriodCreateInput) => {
    const target = editing;
    const outcome = await run(() => (target ? updatePeriod(target.id, input) : createPeriod(input)), {
      fallback: t("courseSelection.periods.toasts.saveFailed"),
      network: t("courseSelection.periods.toasts.saveNetwork"),
    });
    if (!outcome.ok) return outcome.message === null ? undefined : { message: outcome.message };
    const saved = outcome.value;
    // Saving an active period deactivates the others on the server: mirror that at once, then reload the order.
    setItems((list) => {
      const rest = list.map((p) => (saved.is_active && p.id !== saved.id ? { ...p, is_active: false } : p));
      return target
        ? rest.map((p) => (p.id === saved.id ? saved : p))
        : [saved, ...rest.filter((p) => p.id !== saved.id)];
    });
    setFormOpen(false);
    toast.success(
      t(target ? "courseSelection.periods.toasts.updated" : "courseSelection.periods.toasts.created", {
        name: saved.period_name,
      }),
    );
    void reload();
  };

  const onConfirmDelete = async () => {
    const period = deleting;
    setDeleting(null);
    if (!period) return;
    const outcome = await run(() => deletePeriod(period.id), {
      fallback: t("courseSelection.periods.toasts.deleteFailed"),
      network: t("courseSelection.periods.toasts.deleteNetwork"),
    });
    if (!outcome.ok) return;
    setItems((list) => list.filter((p) => p.id !== period.id));
    toast.success(t("courseSelection.periods.toasts.deleted", { name: period.period_name }));
  };

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <SelectionPageHeader
        title={t("courseSelection.periods.title")}
        subtitle={t("courseSelection.periods.subtitle")}
        actions={
          <>
            <Button
              variant="outline"
              onClick={() => void reload()}
              disabled={refreshing}
              aria-busy={refreshing || undefined}
            >
              <RefreshCw className={cn(refreshing && "animate-spin")} aria-hidden="true" />
              {t("courseSelection.common.refresh")}
            </Button>
            {canManage && (
              <Button onClick={openAdd}>
                <Plus aria-hidden="true" />
                {t("courseSelection.periods.add")}
              </Button>
            )}
          </>
        }
      />

      <DataTable
        label={t("courseSelection.periods.tableLabel")}
        idPrefix="periods"
        columns={columns}
        data={periods}
        getRowId={(p) => String(p.id)}
        loading={loading}
        skeletonRows={3}
        rowClassName={(p) => (p.is_active ? "bg-primary/[0.03]" : undefined)}
        toolbar={
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 className="text-lg font-semibold">{t("courseSelection.periods.heading")}</h2>
            <p className="text-xs text-muted-foreground">
              {t("courseSelection.periods.timeZoneNote", { zone: SCHOOL_TIME_ZONE })}
            </p>
          </div>
        }
        emptyState={
          <div className="mx-auto grid max-w-sm justify-items-center gap-2">
            <CalendarX className="size-8 text-muted-foreground/70" aria-hidden="true" />
            <p className="font-medium text-foreground">{t("courseSelection.periods.empty")}</p>
            <p className="text-sm">{t("courseSelection.periods.emptyHint")}</p>
            {canManage && (
              <Button variant="outline" size="sm" className="mt-1" onClick={openAdd}>
                <Plus aria-hidden="true" />
                {t("courseSelection.periods.add")}
              </Button>
            )}
          </div>
        }
      />

      <PeriodFormDialog open={formOpen} onOpenChange={setFormOpen} period={editing} onSubmit={onSubmit} />
      <ConfirmDeleteDialog
        open={!!deleting}
        title={t("courseSelection.periods.delete.title")}
        question={t("courseSelection.periods.delete.question")}
        subject={deleting?.period_name}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void onConfirmDelete()}
      />
    </div>
  );
}
