/**
 * The Teachers Management table's columns (docs/product.md#course-selection): Teacher (name, with the generated code under it), Subject
 * (N/A if none), Building, Session Capacity (S1 and S2 as "seats taken / capacity", e.g. "12 / 35", with a bar),
 * Status, Actions (Edit, Delete).
 */
import type { TFunction } from "i18next";
import { dataTableColumns } from "~/components/data-table";
import { formatNumber } from "~/lib/format";
import { cn } from "~/lib/utils";
import { RowActions } from "./row-actions";
import type { SelectionTeacher } from "./selection-api";
import { StatusBadge } from "./status-badge";

/** What the Actions column calls. */
export interface TeacherRowActions {
  onEdit: (teacher: SelectionTeacher) => void;
  onDelete: (teacher: SelectionTeacher) => void;
}

/** One session's seats: "S1  12 / 35" and a bar (amber from 80 %, red when full). */
function SeatLine({
  label,
  taken,
  capacity,
  lang,
  ariaLabel,
}: {
  label: string;
  taken: number;
  capacity: number;
  lang: string;
  ariaLabel: string;
}) {
  const ratio = capacity > 0 ? Math.min(1, taken / capacity) : 1;
  return (
    <div
      className="grid grid-cols-[minmax(1.5rem,auto)_auto] items-center justify-start gap-x-2"
      aria-label={ariaLabel}
      role="group"
    >
      <span className="text-xs font-semibold text-muted-foreground" aria-hidden="true">
        {label}
      </span>
      <span className="text-sm tabular-nums" aria-hidden="true">
        {formatNumber(taken, lang)} / {formatNumber(capacity, lang)}
      </span>
      <span className="col-start-2 mt-0.5 block h-1 w-20 overflow-hidden rounded-full bg-muted" aria-hidden="true">
        <span
          className={cn(
            "block h-full rounded-full",
            ratio >= 1 ? "bg-destructive" : ratio >= 0.8 ? "bg-warning" : "bg-success",
          )}
          style={{ width: `${ratio * 100}%` }}
        />
      </span>
    </div>
  );
}

const col = dataTableColumns<SelectionTeacher>();

/** The column definitions; memoise on `t`, the language and the actions. */
export function teacherColumns(t: TFunction, lang: string, { onEdit, onDelete }: TeacherRowActions) {
  const seats = (session: 1 | 2, taken: number, capacity: number) =>
    t("courseSelection.teachers.seatsLabel", {
      session: formatNumber(session, lang),
      taken: formatNumber(taken, lang),
      capacity: formatNumber(capacity, lang),
    });
  return col.columns([
    col.accessor("full_name", {
      id: "teacher",
      header: t("courseSelection.teachers.columns.teacher"),
      cell: ({ row }) => (
        <span className="grid">
          <bdi>{row.original.full_name}</bdi>
          <span dir="ltr" className="font-mono text-xs font-normal text-muted-foreground rtl:text-end">
            {row.original.teacher_code}
          </span>
        </span>
      ),
      size: 220,
      minSize: 160,
      maxSize: 420,
      enableResizing: true,
      meta: { rowHeader: true, skeletonClassName: "w-36" },
    }),
    col.accessor((r) => r.subject_name ?? "", {
      id: "subject",
      header: t("courseSelection.teachers.columns.subject"),
      cell: ({ getValue }) =>
        getValue() ? (
          <bdi>{getValue()}</bdi>
        ) : (
          <span className="text-muted-foreground">{t("courseSelection.common.notAvailable")}</span>
        ),
      meta: { priority: 1, skeletonClassName: "w-24" },
    }),
    col.accessor("building_no", {
      id: "building",
      header: t("courseSelection.teachers.columns.building"),
      cell: ({ getValue }) => t("courseSelection.common.buildingN", { n: formatNumber(Number(getValue()), lang) }),
      meta: { priority: 4, skeletonClassName: "w-16" },
    }),
    col.accessor((r) => r.seats_taken_1 + r.seats_taken_2, {
      id: "capacity",
      header: t("courseSelection.teachers.columns.capacity"),
      cell: ({ row }) => {
        const r = row.original;
        return (
          <div className="grid gap-1.5 py-0.5">
            <SeatLine
              label={t("courseSelection.teachers.s1")}
              taken={r.seats_taken_1}
              capacity={r.session_1_capacity}
              lang={lang}
              ariaLabel={seats(1, r.seats_taken_1, r.session_1_capacity)}
            />
            <SeatLine
              label={t("courseSelection.teachers.s2")}
              taken={r.seats_taken_2}
              capacity={r.session_2_capacity}
              lang={lang}
              ariaLabel={seats(2, r.seats_taken_2, r.session_2_capacity)}
            />
          </div>
        );
      },
      meta: { priority: 2, skeletonClassName: "w-20" },
    }),
    col.accessor("is_active", {
      id: "status",
      header: t("courseSelection.common.status"),
      cell: ({ getValue }) => <StatusBadge active={getValue()} />,
      sortFn: (a, b, id) => Number(b.getValue(id)) - Number(a.getValue(id)),
      meta: { priority: 3, skeletonClassName: "w-14 rounded-full" },
    }),
    col.display({
      id: "actions",
      header: t("courseSelection.common.actions"),
      cell: ({ row }) => (
        <RowActions
          name={row.original.full_name}
          onEdit={() => onEdit(row.original)}
          onDelete={() => onDelete(row.original)}
        />
      ),
      meta: { align: "end", skeletonClassName: "ms-auto w-16" },
    }),
  ]);
}
