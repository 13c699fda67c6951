/**
 * The Selection Periods table's columns (docs/product.md#selection-periods): Period Name, Start Date, End Date (Cairo
 * time), Max Subjects, Status (Active/Inactive, plus "Live Now" while active and now is between start and end), a
 * Toggle switch, Actions (Edit, Delete).
 */
import type { TFunction } from "i18next";
import { Radio } from "lucide-react";
import { dataTableColumns } from "~/components/data-table";
import { Badge } from "~/components/ui/badge";
import { Switch } from "~/components/ui/switch";
import { formatNumber, formatSchoolDateTime } from "~/lib/format";
import { isLiveNow } from "./period-dates";
import { RowActions } from "./row-actions";
import type { SelectionPeriod } from "./selection-api";
import { StatusBadge } from "./status-badge";

/** What the Toggle and Actions columns call, and the state they show. */
export interface PeriodRowActions {
  onToggle: (period: SelectionPeriod) => void;
  onEdit: (period: SelectionPeriod) => void;
  onDelete: (period: SelectionPeriod) => void;
  /** The id of the period whose toggle is being saved (its switch is disabled meanwhile). */
  toggling: number | null;
  /** "Now" in ms, refreshed by the page so Live Now follows the clock. */
  now: number;
}

const col = dataTableColumns<SelectionPeriod>();

/** The column definitions; memoise on `t`, the language and the actions. */
export function periodColumns(t: TFunction, lang: string, a: PeriodRowActions) {
  const date = (iso: string) => (
    <time dateTime={iso} className="tabular-nums">
      {formatSchoolDateTime(iso, lang)}
    </time>
  );
  return col.columns([
    col.accessor("period_name", {
      id: "name",
      header: t("courseSelection.periods.columns.name"),
      cell: ({ getValue }) => <bdi>{getValue()}</bdi>,
      size: 220,
      minSize: 160,
      maxSize: 480,
      enableResizing: true,
      meta: { rowHeader: true, skeletonClassName: "w-48" },
    }),
    col.accessor("start_date", {
      id: "start",
      header: t("courseSelection.periods.columns.start"),
      cell: ({ getValue }) => date(getValue()),
      sortFn: "datetime",
      meta: { priority: 3, skeletonClassName: "w-28" },
    }),
    col.accessor("end_date", {
      id: "end",
      header: t("courseSelection.periods.columns.end"),
      cell: ({ getValue }) => date(getValue()),
      sortFn: "datetime",
      meta: { priority: 4, skeletonClassName: "w-28" },
    }),
    col.accessor("max_subjects", {
      id: "maxSubjects",
      header: t("courseSelection.periods.columns.maxSubjects"),
      cell: ({ getValue }) => <span className="tabular-nums">{formatNumber(getValue(), lang)}</span>,
      meta: { priority: 5, align: "center", skeletonClassName: "mx-auto w-6" },
    }),
    col.accessor("is_active", {
      id: "status",
      header: t("courseSelection.common.status"),
      cell: ({ row }) => (
        <div className="flex flex-wrap items-center gap-1.5">
          <StatusBadge active={row.original.is_active} />
          {isLiveNow(row.original, a.now) && (
            <Badge variant="default" className="bg-success text-white">
              <Radio aria-hidden="true" className="animate-pulse" />
              {t("courseSelection.periods.liveNow")}
            </Badge>
          )}
        </div>
      ),
      sortFn: (x, y, id) => Number(y.getValue(id)) - Number(x.getValue(id)),
      meta: { priority: 1, skeletonClassName: "w-14 rounded-full" },
    }),
    col.display({
      id: "toggle",
      header: t("courseSelection.periods.columns.toggle"),
      cell: ({ row }) => (
        <Switch
          checked={row.original.is_active}
          disabled={a.toggling !== null}
          onCheckedChange={() => a.onToggle(row.original)}
          aria-label={t(
            row.original.is_active
              ? "courseSelection.periods.deactivateNamed"
              : "courseSelection.periods.activateNamed",
            { name: row.original.period_name },
          )}
        />
      ),
      meta: { priority: 2, align: "center", skeletonClassName: "mx-auto w-9 rounded-full" },
    }),
    col.display({
      id: "actions",
      header: t("courseSelection.common.actions"),
      cell: ({ row }) => (
        <RowActions
          name={row.original.period_name}
          onEdit={() => a.onEdit(row.original)}
          onDelete={() => a.onDelete(row.original)}
        />
      ),
      meta: { align: "end", skeletonClassName: "ms-auto w-16" },
    }),
  ]);
}
