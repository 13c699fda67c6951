/**
 * The Selection Subjects table's columns (docs/product.md#course-selection): Name, Description (or "No description"), Max Selections,
 * Status (Active/Inactive), Actions (Edit, Delete).
 */
import type { TFunction } from "i18next";
import { dataTableColumns } from "~/components/data-table";
import { formatNumber } from "~/lib/format";
import { RowActions } from "./row-actions";
import type { SelectionSubject } from "./selection-api";
import { StatusBadge } from "./status-badge";

/** What the Actions column calls. */
export interface SubjectRowActions {
  onEdit: (subject: SelectionSubject) => void;
  onDelete: (subject: SelectionSubject) => void;
}

const col = dataTableColumns<SelectionSubject>();

/** The column definitions; memoise on `t`, the language and the actions. */
export function subjectColumns(t: TFunction, lang: string, { onEdit, onDelete }: SubjectRowActions) {
  return col.columns([
    col.accessor("name", {
      id: "name",
      header: t("courseSelection.subjects.columns.name"),
      cell: ({ getValue }) => <bdi>{getValue()}</bdi>,
      size: 200,
      minSize: 140,
      maxSize: 400,
      enableResizing: true,
      meta: { rowHeader: true, skeletonClassName: "w-32" },
    }),
    col.accessor((s) => s.description ?? "", {
      id: "description",
      header: t("courseSelection.subjects.columns.description"),
      cell: ({ getValue }) =>
        getValue() ? (
          <bdi>{getValue()}</bdi>
        ) : (
          <span className="text-muted-foreground italic">{t("courseSelection.subjects.noDescription")}</span>
        ),
      size: 320,
      minSize: 180,
      maxSize: 640,
      enableResizing: true,
      meta: { priority: 3, skeletonClassName: "w-48" },
    }),
    col.accessor("max_selections", {
      id: "maxSelections",
      header: t("courseSelection.subjects.columns.maxSelections"),
      cell: ({ getValue }) => <span className="tabular-nums">{formatNumber(getValue(), lang)}</span>,
      meta: { priority: 2, align: "center", skeletonClassName: "mx-auto w-6" },
    }),
    col.accessor("is_active", {
      id: "status",
      header: t("courseSelection.common.status"),
      cell: ({ getValue }) => <StatusBadge active={getValue()} />,
      sortFn: (a, b, id) => Number(b.getValue(id)) - Number(a.getValue(id)),
      meta: { priority: 1, skeletonClassName: "w-14 rounded-full" },
    }),
    col.display({
      id: "actions",
      header: t("courseSelection.common.actions"),
      cell: ({ row }) => (
        <RowActions
          name={row.original.name}
          onEdit={() => onEdit(row.original)}
          onDelete={() => onDelete(row.original)}
        />
      ),
      meta: { align: "end", skeletonClassName: "ms-auto w-16" },
    }),
  ]);
}
