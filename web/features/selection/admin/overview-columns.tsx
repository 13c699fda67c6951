/**
 * The Overview's combinations table (docs/product.md#course-selection): Subject, Teacher Name, Session
 * ("Session N"), Total Selections, Student IDs (with names).
 */
import type { TFunction } from "i18next";
import { dataTableColumns } from "~/components/data-table";
import { Badge } from "~/components/ui/badge";
import { formatNumber } from "~/lib/format";
import type { SelectionSummaryRow } from "~/features/selection/admin/selection-csv";
import { StudentIdsCell } from "./student-ids-cell";

const col = dataTableColumns<SelectionSummaryRow>();

/** A stable row id: subject × teacher × session. */
export const summaryRowId = (r: SelectionSummaryRow) => `${r.subject_name}|${r.teacher_name}|${r.session_number}`;

/** The column definitions; memoise on `t`, the language, the name lookup and the search. */
export function overviewColumns(t: TFunction, lang: string, nameOf: (id: string) => string | undefined, query: string) {
  return col.columns([
    col.accessor("subject_name", {
      id: "subject",
      header: t("courseSelection.overview.table.subject"),
      cell: ({ getValue }) => <bdi>{getValue()}</bdi>,
      meta: { rowHeader: true, skeletonClassName: "w-24", cellClassName: "align-top" },
    }),
    col.accessor("teacher_name", {
      id: "teacher",
      header: t("courseSelection.overview.table.teacher"),
      cell: ({ getValue }) => <bdi>{getValue()}</bdi>,
      meta: { skeletonClassName: "w-32", cellClassName: "align-top" },
    }),
    col.accessor("session_number", {
      id: "session",
      header: t("courseSelection.overview.table.session"),
      cell: ({ getValue }) => (
        <Badge variant="outline">{t("courseSelection.common.sessionN", { n: formatNumber(getValue(), lang) })}</Badge>
      ),
      meta: { skeletonClassName: "w-16", cellClassName: "align-top" },
    }),
    col.accessor("total_selections", {
      id: "total",
      header: t("courseSelection.overview.table.total"),
      cell: ({ getValue }) => <span className="font-semibold tabular-nums">{formatNumber(getValue(), lang)}</span>,
      meta: { align: "center", skeletonClassName: "mx-auto w-8", cellClassName: "align-top" },
    }),
    col.display({
      id: "students",
      header: t("courseSelection.overview.table.students"),
      cell: ({ row }) => <StudentIdsCell ids={row.original.student_ids} nameOf={nameOf} query={query} />,
      meta: { skeletonClassName: "w-64", cellClassName: "min-w-[18rem] whitespace-normal align-top" },
    }),
  ]);
}
