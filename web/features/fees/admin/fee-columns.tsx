/**
 * Column definitions of the Fees table (docs/product.md#fees): Student, Student ID, Grade, Total Amount, Paid
 * Amount, Remaining Amount (with the overdue part or the next due date under it), Status, Actions. Cells read the row editors from FeeRowsContext, so this array only
 * changes with the language.
 */
import type { TFunction } from "i18next";
import { dataTableColumns, type DataTableColumnDef } from "~/components/data-table";
import type { FeeRecord } from "./fees-api";
import { ActionsCell, AmountCell, FeeStatusBadge, RemainingCell } from "./fee-cells";
import { remainingOf } from "./fee-money";
import { useTranslation } from "react-i18next";
import { localDigits } from "~/lib/format";

const col = dataTableColumns<FeeRecord>();
/** Two-word money headers may wrap, so the eight columns fit beside the sidebar at 1280 px. */
const WRAP = "whitespace-normal leading-tight";

/** The Fees table's columns for the current language. */
export function feeColumns(t: TFunction): DataTableColumnDef<FeeRecord>[] {
  return col.columns([
    col.accessor("full_name", {
      id: "student",
      header: t("fees.columns.student"),
      cell: ({ getValue }) => <span dir="auto">{getValue()}</span>,
      meta: { rowHeader: true, cellClassName: "min-w-32 whitespace-normal", skeletonClassName: "w-40" },
    }),
    col.accessor("student_no", {
      id: "studentId",
      header: t("fees.columns.studentId"),
      cell: ({ getValue }) => (
        <span dir="ltr" className="font-mono text-xs text-muted-foreground">
          {getValue()}
        </span>
      ),
      meta: { priority: 5, headerClassName: WRAP, skeletonClassName: "w-32" },
    }),
    col.accessor("grade", {
      id: "grade",
      header: t("fees.columns.grade"),
      cell: ({ getValue, row }) => (
        <>
          {t(`admin.grades.${getValue()}`, { defaultValue: getValue() })}
          <YearNote year={row.original.academic_year_name} />
        </>
      ),
      meta: { priority: 6, skeletonClassName: "w-20" },
    }),
    col.accessor("total_amount", {
      id: "total",
      header: t("fees.columns.total"),
      cell: ({ row }) => <AmountCell fee={row.original} field="total" />,
      meta: { priority: 3, align: "end", headerClassName: WRAP, skeletonClassName: "w-20 ms-auto" },
    }),
    col.accessor("paid_amount", {
      id: "paid",
      header: t("fees.columns.paid"),
      cell: ({ row }) => <AmountCell fee={row.original} field="paid" />,
      meta: { priority: 4, align: "end", headerClassName: WRAP, skeletonClassName: "w-20 ms-auto" },
    }),
    col.accessor((f) => remainingOf(f), {
      id: "remaining",
      header: t("fees.columns.remaining"),
      cell: ({ row }) => <RemainingCell fee={row.original} />,
      meta: { priority: 1, align: "end", headerClassName: WRAP, skeletonClassName: "w-20 ms-auto" },
    }),
    col.accessor("status", {
      id: "status",
      header: t("fees.columns.status"),
      cell: ({ row }) => <FeeStatusBadge status={row.original.status} />,
      meta: { priority: 2, skeletonClassName: "w-16" },
    }),
    col.display({
      id: "actions",
      header: t("fees.columns.actions"),
      cell: ({ row }) => <ActionsCell fee={row.original} />,
      meta: { headerClassName: "px-2", cellClassName: "px-2", skeletonClassName: "w-44" },
    }),
  ]);
}

/** The account's academic year under its grade, in the page's digits. */
function YearNote({ year }: { year: string }) {
  const { i18n } = useTranslation();
  return (
    <span className="block text-xs text-muted-foreground" data-year={year}>
      <bdi>{localDigits(year, i18n.language)}</bdi>
    </span>
  );
}
