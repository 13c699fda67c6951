/**
 * The Overview's combinations as cards, for phones (below `md`), where a five-column table would hide the
 * students behind a horizontal scroll: subject and teacher, the session badge, the total, and the students. Shows
 * 10 cards, then "Show more".
 */
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Skeleton } from "~/components/ui/skeleton";
import { formatNumber } from "~/lib/format";
import type { SelectionSummaryRow } from "~/features/selection/admin/selection-csv";
import { summaryRowId } from "./overview-columns";
import { StudentIdsCell } from "./student-ids-cell";

/** Cards shown at first and added by each "Show more". */
export const CARDS_PAGE = 10;

export interface OverviewCardsProps {
  rows: SelectionSummaryRow[];
  nameOf: (id: string) => string | undefined;
  query: string;
  loading: boolean;
  emptyState: ReactNode;
}

/** See the module doc. */
export function OverviewCards({ rows, nameOf, query, loading, emptyState }: OverviewCardsProps) {
  const { t, i18n } = useTranslation();
  const [limit, setLimit] = useState(CARDS_PAGE);
  const n = (v: number) => formatNumber(v, i18n.language);

  if (loading && rows.length === 0) {
    return (
      <div className="grid gap-3" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-28 w-full rounded-lg" />
        ))}
      </div>
    );
  }
  if (rows.length === 0)
    return <div className="rounded-lg border bg-card px-4 py-10 text-center text-muted-foreground">{emptyState}</div>;

  return (
    <div className="grid gap-3">
      <ul className="grid gap-3" aria-label={t("courseSelection.overview.table.label")}>
        {rows.slice(0, limit).map((r) => (
          <li key={summaryRowId(r)} className="grid grid-cols-1 gap-3 rounded-lg border bg-card p-4 shadow-xs">
            {/* grid-cols-1 (minmax(0, 1fr)): a long student name is cut in its chip instead of widening the card. */}
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-semibold">
                  <bdi>{r.subject_name}</bdi>
                </p>
                <p className="text-sm text-muted-foreground">
                  <bdi>{r.teacher_name}</bdi>
                </p>
              </div>
              <div className="grid shrink-0 justify-items-end gap-1">
                <Badge variant="outline">{t("courseSelection.common.sessionN", { n: n(r.session_number) })}</Badge>
                <span className="text-xs text-muted-foreground">
                  {t("courseSelection.overview.table.total")}:{" "}
                  <span className="font-semibold text-foreground tabular-nums">{n(r.total_selections)}</span>
                </span>
              </div>
            </div>
            <StudentIdsCell ids={r.student_ids} nameOf={nameOf} query={query} />
          </li>
        ))}
      </ul>
      {rows.length > limit && (
        <Button variant="outline" onClick={() => setLimit((l) => l + CARDS_PAGE)}>
          {t("courseSelection.overview.table.moreCombinations", {
            count: rows.length - limit,
            formattedCount: n(rows.length - limit),
          })}
        </Button>
      )}
    </div>
  );
}
