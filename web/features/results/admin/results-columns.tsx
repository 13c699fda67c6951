/**
 * Columns of the Results table (docs/product.md#results): Student, Student ID, Academic Year, Semester,
 * Actions (Report card, Edit, Delete). Under the name: the grade the result is filed under. The page leaves out
 * the actions the role may not take (docs/product.md#staff-and-roles).
 */
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { localDigits } from "~/lib/format";
import { Pencil, Printer, Trash2 } from "lucide-react";
import { reportCardHref } from "~/features/print/admin/print-links";
import { dataTableColumns, type DataTableColumnDef } from "~/components/data-table";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import type { ResultJson } from "@worker/contracts/results";

const col = dataTableColumns<ResultJson>();

/** Row actions supplied by the page; a missing one is not offered. */
export interface ResultRowActions {
  onEdit?: (r: ResultJson) => void;
  /** Whether Edit is offered on this row (default: on every row when `onEdit` is given). */
  canEditRow?: (r: ResultJson) => boolean;
  onDelete?: (r: ResultJson) => void;
  /** Shows the report card link (`print.report_cards`). */
  canPrint?: boolean;
}

/** An academic year in the console's digits ("٢٠٢٤-٢٠٢٥" in Arabic). */
function YearText({ year }: { year: string }) {
  const { i18n } = useTranslation();
  return <span className="whitespace-nowrap tabular-nums">{localDigits(year, i18n.language)}</span>;
}

/** The Results table's columns for the current language. */
export function resultColumns(t: TFunction, actions: ResultRowActions): DataTableColumnDef<ResultJson>[] {
  const anyAction = !!(actions.onEdit || actions.onDelete || actions.canPrint);
  const columns = col.columns([
    col.accessor("full_name", {
      id: "student",
      header: t("results.columns.student"),
      cell: ({ row }) => (
        <span className="grid">
          <span>
            <bdi>{row.original.full_name}</bdi>
          </span>
          <span className="text-xs font-normal text-muted-foreground">
            {t(`admin.grades.${row.original.current_grade}`, { defaultValue: row.original.current_grade })}
          </span>
        </span>
      ),
      meta: { rowHeader: true, skeletonClassName: "w-40" },
    }),
    col.accessor("student_no", {
      id: "studentId",
      header: t("results.columns.studentId"),
      cell: ({ getValue }) => (
        <span dir="ltr" className="font-mono text-[13px] tracking-tight text-muted-foreground">
          {getValue()}
        </span>
      ),
      meta: { priority: 1, skeletonClassName: "w-32" },
    }),
    col.accessor("academic_year_name", {
      id: "year",
      header: t("results.columns.academicYear"),
      cell: ({ getValue }) => <YearText year={getValue()} />,
      meta: { priority: 2, skeletonClassName: "w-20" },
    }),
    col.accessor("semester", {
      id: "semester",
      header: t("results.columns.semester"),
      cell: ({ getValue }) => <Badge variant="secondary">{t(`results.semesters.${getValue()}`)}</Badge>,
      meta: { priority: 3, skeletonClassName: "w-10" },
    }),
    col.display({
      id: "actions",
      header: t("results.columns.actions"),
      cell: ({ row }) => {
        const { onEdit, onDelete, canPrint, canEditRow } = actions;
        const about = `${row.original.full_name} ${row.original.academic_year_name} ${row.original.semester}`;
        return (
          <div className="flex items-center gap-1">
            {canPrint && (
              <Button size="sm" variant="ghost" asChild>
                <a
                  href={reportCardHref(row.original.id)}
                  target="_blank"
                  rel="noopener"
                  aria-label={`${t("results.print.one")} ${about}`}
                >
                  <Printer aria-hidden="true" />
                  {t("results.print.one")}
                </a>
              </Button>
            )}
            {onEdit && (canEditRow?.(row.original) ?? true) && (
              <Button
                size="sm"
                variant="ghost"
                onClick={() => onEdit(row.original)}
                aria-label={`${t("results.actions.edit")} ${about}`}
              >
                <Pencil aria-hidden="true" />
                {t("results.actions.edit")}
              </Button>
            )}
            {onDelete && (
              <Button
                size="sm"
                variant="ghost"
                className="text-destructive hover:bg-destructive/10 hover:text-destructive"
                onClick={() => onDelete(row.original)}
                aria-label={`${t("results.actions.delete")} ${about}`}
              >
                <Trash2 aria-hidden="true" />
                {t("results.actions.delete")}
              </Button>
            )}
          </div>
        );
      },
      meta: { skeletonClassName: "w-32" },
    }),
  ]);
  return anyAction ? columns : columns.filter((c) => c.id !== "actions");
}
