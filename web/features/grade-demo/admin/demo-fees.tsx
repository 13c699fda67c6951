/**
 * Per-grade fees demo screen (docs/product.md#per-grade-demo, with its fee types and statuses): sample fees of
 * one grade in US dollars ($), held in the page (no calls); totals by status, a search and the shared table, with a
 * back button to the Fees list.
 */
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { CircleAlert, CircleCheck, Clock, DollarSign } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { StatCard } from "~/features/dashboard/admin/stat-card";
import { DataTable, dataTableColumns, filterBySearch } from "~/components/data-table";
import { formatNumber } from "~/lib/format";
import { DemoPageHeader, DemoSearch, DemoTableToolbar } from "./demo-page";
import { formatDay, formatUsd } from "./demo-format";
import { demoFees, type DemoFee, type FeeStatus } from "./sample-data";

const col = dataTableColumns<DemoFee>();
const STATUS_VARIANT: Record<FeeStatus, "success" | "warning" | "destructive"> = {
  Paid: "success",
  Pending: "warning",
  Overdue: "destructive",
};

/** The screen for grade `grade` (1-12). */
export function DemoFeesScreen({ grade }: { grade: number }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const fees = useMemo(() => demoFees(grade), [grade]);
  const [search, setSearch] = useState("");
  const rows = useMemo(
    () =>
      filterBySearch(fees, search, (f) => [
        f.student,
        f.studentId,
        f.feeType,
        t(`gradeDemo.fees.types.${f.feeType}`),
        f.status,
        t(`gradeDemo.fees.status.${f.status}`),
      ]),
    [fees, search, t],
  );
  const sum = (status?: FeeStatus) =>
    fees.filter((f) => !status || f.status === status).reduce((a, f) => a + f.amount, 0);
  const n = (v: number) => formatNumber(v, lang);

  const columns = useMemo(
    () =>
      col.columns([
        col.accessor("student", {
          header: t("gradeDemo.fees.columns.student"),
          meta: { rowHeader: true, skeletonClassName: "w-36" },
        }),
        col.accessor("studentId", {
          header: t("gradeDemo.fees.columns.studentId"),
          cell: ({ getValue }) => (
            <span dir="ltr" className="font-mono text-[0.8125rem]">
              {getValue()}
            </span>
          ),
        }),
        col.accessor("feeType", {
          header: t("gradeDemo.fees.columns.feeType"),
          cell: ({ getValue }) => t(`gradeDemo.fees.types.${getValue()}`),
        }),
        col.accessor("amount", {
          header: t("gradeDemo.fees.columns.amount"),
          cell: ({ getValue }) => <span className="tabular-nums">{formatUsd(getValue(), lang)}</span>,
          meta: { align: "end" },
        }),
        col.accessor("dueDate", {
          header: t("gradeDemo.fees.columns.dueDate"),
          cell: ({ getValue }) => formatDay(getValue(), lang),
        }),
        col.accessor("status", {
          header: t("gradeDemo.fees.columns.status"),
          cell: ({ getValue }) => (
            <Badge variant={STATUS_VARIANT[getValue()]}>{t(`gradeDemo.fees.status.${getValue()}`)}</Badge>
          ),
        }),
      ]),
    [t, lang],
  );

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <DemoPageHeader section="fees" grade={grade} />
      <section
        aria-label={t("gradeDemo.titles.fees", { grade: n(grade) })}
        className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4"
      >
        <StatCard
          label={t("gradeDemo.fees.stats.total")}
          hint={t("gradeDemo.fees.stats.totalHint")}
          value={formatUsd(sum(), lang)}
          icon={DollarSign}
          loading={false}
          unavailable=""
        />
        <StatCard
          label={t("gradeDemo.fees.stats.paid")}
          hint={t("gradeDemo.fees.stats.paidHint")}
          value={formatUsd(sum("Paid"), lang)}
          icon={CircleCheck}
          loading={false}
          unavailable=""
          tone="bg-success/12 text-success"
        />
        <StatCard
          label={t("gradeDemo.fees.stats.pending")}
          hint={t("gradeDemo.fees.stats.pendingHint")}
          value={formatUsd(sum("Pending"), lang)}
          icon={Clock}
          loading={false}
          unavailable=""
          tone="bg-warning/15 text-[oklch(0.5_0.13_60)]"
        />
        <StatCard
          label={t("gradeDemo.fees.stats.overdue")}
          hint={t("gradeDemo.fees.stats.overdueHint")}
          value={formatUsd(sum("Overdue"), lang)}
          icon={CircleAlert}
          loading={false}
          unavailable=""
          tone="bg-destructive/10 text-destructive"
        />
      </section>
      <DataTable
        label={t("gradeDemo.fees.tableLabel", { grade: n(grade) })}
        idPrefix="demo-fees"
        columns={columns}
        data={rows}
        getRowId={(f) => String(f.id)}
        resetPageKey={search}
        emptyState={t("gradeDemo.fees.empty")}
        toolbar={
          <DemoTableToolbar
            heading={t("gradeDemo.fees.heading", { n: n(rows.length) })}
            search={
              <DemoSearch
                id="demo-fees-search"
                value={search}
                onChange={setSearch}
                placeholder={t("gradeDemo.fees.searchPlaceholder")}
              />
            }
          />
        }
      />
    </div>
  );
}
