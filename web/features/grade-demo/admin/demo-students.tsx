/**
 * Per-grade students demo screen (docs/product.md#per-grade-demo): sample students of one grade held in the
 * page (no calls), counts, a search and the shared table, with a back button to the Students list.
 */
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { UserCheck, UserX, Users } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { StatCard } from "~/features/dashboard/admin/stat-card";
import { DataTable, dataTableColumns, filterBySearch } from "~/components/data-table";
import { formatNumber } from "~/lib/format";
import { DemoPageHeader, DemoSearch, DemoTableToolbar } from "./demo-page";
import { formatDay } from "./demo-format";
import { demoStudents, type DemoStudent } from "./sample-data";

const col = dataTableColumns<DemoStudent>();

/** The screen for grade `grade` (1-12). */
export function DemoStudentsScreen({ grade }: { grade: number }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const students = useMemo(() => demoStudents(grade), [grade]);
  const [search, setSearch] = useState("");
  const rows = useMemo(
    () => filterBySearch(students, search, (s) => [s.name, s.studentId, s.email, s.phone]),
    [students, search],
  );
  const active = students.filter((s) => s.status === "active").length;
  const n = (v: number) => formatNumber(v, lang);

  const columns = useMemo(
    () =>
      col.columns([
        col.accessor("name", {
          header: t("gradeDemo.students.columns.name"),
          meta: { rowHeader: true, skeletonClassName: "w-36" },
        }),
        col.accessor("studentId", {
          header: t("gradeDemo.students.columns.studentId"),
          cell: ({ getValue }) => (
            <span dir="ltr" className="font-mono text-[0.8125rem]">
              {getValue()}
            </span>
          ),
        }),
        col.accessor("email", {
          header: t("gradeDemo.students.columns.email"),
          cell: ({ getValue }) => (
            <span dir="ltr" className="text-muted-foreground">
              {getValue()}
            </span>
          ),
        }),
        col.accessor("phone", {
          header: t("gradeDemo.students.columns.phone"),
          cell: ({ getValue }) => (
            <span dir="ltr" className="tabular-nums">
              {getValue()}
            </span>
          ),
        }),
        col.accessor("status", {
          header: t("gradeDemo.students.columns.status"),
          cell: ({ getValue }) => (
            <Badge variant={getValue() === "active" ? "success" : "secondary"}>
              {t(`gradeDemo.students.status.${getValue()}`)}
            </Badge>
          ),
        }),
        col.accessor("enrolledDate", {
          header: t("gradeDemo.students.columns.enrolled"),
          cell: ({ getValue }) => formatDay(getValue(), lang),
        }),
      ]),
    [t, lang],
  );

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <DemoPageHeader section="students" grade={grade} />
      <section aria-label={t("gradeDemo.titles.students", { grade: n(grade) })} className="grid gap-4 sm:grid-cols-3">
        <StatCard
          label={t("gradeDemo.students.stats.total")}
          hint={t("gradeDemo.students.stats.totalHint")}
          value={n(students.length)}
          icon={Users}
          loading={false}
          unavailable=""
        />
        <StatCard
          label={t("gradeDemo.students.stats.active")}
          hint={t("gradeDemo.students.stats.activeHint")}
          value={n(active)}
          icon={UserCheck}
          loading={false}
          unavailable=""
          tone="bg-success/12 text-success"
        />
        <StatCard
          label={t("gradeDemo.students.stats.inactive")}
          hint={t("gradeDemo.students.stats.inactiveHint")}
          value={n(students.length - active)}
          icon={UserX}
          loading={false}
          unavailable=""
          tone="bg-muted text-muted-foreground"
        />
      </section>
      <DataTable
        label={t("gradeDemo.students.tableLabel", { grade: n(grade) })}
        idPrefix="demo-students"
        columns={columns}
        data={rows}
        getRowId={(s) => String(s.id)}
        resetPageKey={search}
        emptyState={t("gradeDemo.students.empty")}
        toolbar={
          <DemoTableToolbar
            heading={t("gradeDemo.students.heading", { n: n(rows.length) })}
            search={
              <DemoSearch
                id="demo-students-search"
                value={search}
                onChange={setSearch}
                placeholder={t("gradeDemo.students.searchPlaceholder")}
              />
            }
          />
        }
      />
    </div>
  );
}
