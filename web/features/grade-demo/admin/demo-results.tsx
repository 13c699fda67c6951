/**
 * Per-grade results demo screen, exactly as docs/product.md#per-grade-demo describes: Add Result; stat cards
 * Average Score (percent), Total Exams (count) and Pass Rate (percent, pass mark 50 %, stated in a footnote); a
 * "Search results..." box; the table Student, Student ID, Subject, Exam Type, Marks (obtained/total and the rounded
 * percent), Grade (colour badge), Date, Actions (Edit, Delete); a heading with the result count; the add/edit
 * modal; the delete confirmation "Are you sure you want to delete this result?" (No/Yes). Results live only in this
 * screen's state: adding appends with a computed grade and a timestamp id, editing replaces in place.
 */
import { useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/lazy-toast";
import { ClipboardList, Pencil, Percent, Plus, Target, Trash2 } from "lucide-react";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Button } from "~/components/ui/button";
import { StatCard } from "~/features/dashboard/admin/stat-card";
import { DataTable, dataTableColumns, filterBySearch } from "~/components/data-table";
import { formatNumber } from "~/lib/format";
import { ADMIN_GRADE_SCALE, percentage } from "@worker/lib/letter-grades";
import { DemoPageHeader, DemoSearch, DemoTableToolbar } from "./demo-page";
import { formatDay, formatPct } from "./demo-format";
import { DemoResultDialog } from "./demo-result-dialog";
import type { DemoResultValues } from "./demo-result.schema";
import { GradeBadge } from "./grade-badge";
import { PASS_MARK_PERCENT, demoLetterGrade, demoResults, type DemoResult } from "./sample-data";

const col = dataTableColumns<DemoResult>();

/** Average percentage, exam count and pass rate (percent of exams at or above the pass mark). */
export function demoResultStats(results: readonly DemoResult[]) {
  const pcts = results.map((r) => percentage(r.marks, r.totalMarks));
  const total = results.length;
  return {
    average: total ? pcts.reduce((a, p) => a + p, 0) / total : 0,
    total,
    passRate: total ? (pcts.filter((p) => p >= PASS_MARK_PERCENT).length * 100) / total : 0,
  };
}

/** The screen for grade `grade` (1-12). Mount it with `key={grade}` so another grade starts from its own data. */
export function DemoResultsScreen({ grade }: { grade: number }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [results, setResults] = useState<DemoResult[]>(() => demoResults(grade));
  const [search, setSearch] = useState("");
  const [editing, setEditing] = useState<DemoResult | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<DemoResult | null>(null);
  const lastId = useRef(0);
  const n = (v: number) => formatNumber(v, lang);

  const rows = useMemo(
    () =>
      filterBySearch(results, search, (r) => [
        r.student,
        r.studentId,
        r.subject,
        t(`results.subjects.${r.subject}`, { defaultValue: r.subject }),
        r.examType,
        t(`gradeDemo.results.examTypes.${r.examType}`),
        r.grade,
      ]),
    [results, search, t],
  );
  const stats = demoResultStats(results);

  const openAdd = () => {
    setEditing(null);
    setFormOpen(true);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: n depends on lang only
  const columns = useMemo(
    () =>
      col.columns([
        col.accessor("student", {
          header: t("gradeDemo.results.columns.student"),
          meta: { rowHeader: true, skeletonClassName: "w-36" },
        }),
        col.accessor("studentId", {
          header: t("gradeDemo.results.columns.studentId"),
          cell: ({ getValue }) => (
            <span dir="ltr" className="font-mono text-[0.8125rem]">
              {getValue()}
            </span>
          ),
        }),
        col.accessor("subject", {
          header: t("gradeDemo.results.columns.subject"),
          cell: ({ getValue }) => t(`results.subjects.${getValue()}`, { defaultValue: getValue() }),
        }),
        col.accessor("examType", {
          header: t("gradeDemo.results.columns.examType"),
          cell: ({ getValue }) => t(`gradeDemo.results.examTypes.${getValue()}`),
        }),
        col.accessor((r) => percentage(r.marks, r.totalMarks), {
          id: "marks",
          header: t("gradeDemo.results.columns.marks"),
          cell: ({ row }) => (
            <span className="inline-flex items-baseline gap-1.5 tabular-nums">
              <span dir="ltr">
                {n(row.original.marks)}/{n(row.original.totalMarks)}
              </span>
              <span className="text-xs text-muted-foreground">
                ({formatPct(Math.round(percentage(row.original.marks, row.original.totalMarks)), lang, 0)})
              </span>
            </span>
          ),
        }),
        col.accessor("grade", {
          header: t("gradeDemo.results.columns.grade"),
          cell: ({ getValue }) => <GradeBadge grade={getValue()} />,
        }),
        col.accessor("date", {
          header: t("gradeDemo.results.columns.date"),
          cell: ({ getValue }) => formatDay(getValue(), lang),
        }),
        col.display({
          id: "actions",
          header: t("gradeDemo.results.columns.actions"),
          cell: ({ row }) => (
            <div className="flex justify-end gap-1">
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                title={t("gradeDemo.results.actions.edit")}
                aria-label={t("gradeDemo.results.actions.editNamed", { name: row.original.student })}
                onClick={() => {
                  setEditing(row.original);
                  setFormOpen(true);
                }}
              >
                <Pencil aria-hidden="true" />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                className="size-8 text-destructive hover:bg-destructive/10 hover:text-destructive"
                title={t("gradeDemo.results.actions.delete")}
                aria-label={t("gradeDemo.results.actions.deleteNamed", { name: row.original.student })}
                onClick={() => setDeleting(row.original)}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
          ),
          meta: { align: "end" },
        }),
      ]),
    [t, lang],
  );

  const onSave = (v: DemoResultValues) => {
    const computed = demoLetterGrade(v.marks, v.totalMarks);
    if (editing) {
      setResults((list) => list.map((r) => (r.id === editing.id ? { ...r, ...v, grade: computed } : r)));
      toast.success(t("gradeDemo.results.toasts.updated"));
    } else {
      // Timestamp-based id, kept unique when two results are added within the same millisecond.
      const id = Math.max(Date.now(), lastId.current + 1);
      lastId.current = id;
      setResults((list) => [...list, { id, ...v, grade: computed }]);
      toast.success(t("gradeDemo.results.toasts.added"));
    }
    setFormOpen(false);
  };

  const onDelete = () => {
    if (!deleting) return;
    const id = deleting.id;
    setResults((list) => list.filter((r) => r.id !== id));
    setDeleting(null);
    toast.success(t("gradeDemo.results.toasts.deleted"));
  };

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <DemoPageHeader
        section="results"
        grade={grade}
        actions={
          <Button onClick={openAdd}>
            <Plus aria-hidden="true" />
            {t("gradeDemo.results.add")}
          </Button>
        }
      />
      <section aria-label={t("gradeDemo.titles.results", { grade: n(grade) })} className="grid gap-3">
        <div className="grid gap-4 sm:grid-cols-3">
          <StatCard
            label={t("gradeDemo.results.stats.average")}
            hint={t("gradeDemo.results.stats.averageHint")}
            value={formatPct(stats.average, lang)}
            icon={Percent}
            loading={false}
            unavailable=""
          />
          <StatCard
            label={t("gradeDemo.results.stats.total")}
            hint={t("gradeDemo.results.stats.totalHint")}
            value={n(stats.total)}
            icon={ClipboardList}
            loading={false}
            unavailable=""
            tone="bg-warning/15 text-[oklch(0.5_0.13_60)]"
          />
          <StatCard
            label={t("gradeDemo.results.stats.passRate")}
            hint={t("gradeDemo.results.stats.passRateHint")}
            value={formatPct(stats.passRate, lang)}
            icon={Target}
            loading={false}
            unavailable=""
            tone="bg-success/12 text-success"
          />
        </div>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
          <span>{t("gradeDemo.results.passMarkNote", { mark: formatPct(PASS_MARK_PERCENT, lang, 0) })}</span>
          <span>{t("gradeDemo.results.scaleNote")}</span>
          {[...ADMIN_GRADE_SCALE, [0, "F"] as const].map(([min, letter]) => (
            <span key={letter} className="inline-flex items-center gap-1">
              <GradeBadge grade={letter} className="min-w-0 px-1.5 py-0" />
              <span dir="ltr" className="tabular-nums">
                {min > 0 ? `≥ ${formatPct(min, lang, 0)}` : `< ${formatPct(ADMIN_GRADE_SCALE.at(-1)![0], lang, 0)}`}
              </span>
            </span>
          ))}
        </p>
      </section>
      <DataTable
        label={t("gradeDemo.results.tableLabel", { grade: n(grade) })}
        idPrefix="demo-results"
        columns={columns}
        data={rows}
        getRowId={(r) => String(r.id)}
        resetPageKey={search}
        emptyState={t("gradeDemo.results.empty")}
        toolbar={
          <DemoTableToolbar
            heading={t("gradeDemo.results.heading", { n: n(rows.length) })}
            search={
              <DemoSearch
                id="demo-results-search"
                value={search}
                onChange={setSearch}
                placeholder={t("gradeDemo.results.searchPlaceholder")}
              />
            }
          />
        }
      />
      <DemoResultDialog open={formOpen} onOpenChange={setFormOpen} result={editing} onSave={onSave} />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t("gradeDemo.results.delete.title")}
        description={t("gradeDemo.results.delete.confirm")}
        cancelLabel={t("gradeDemo.results.delete.no")}
        confirmLabel={t("gradeDemo.results.delete.yes")}
        destructive
        onConfirm={onDelete}
      />
    </div>
  );
}
