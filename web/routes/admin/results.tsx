/**
 * /admin/dashboard/results — Results Management (docs/product.md#results, #results-publishing, #csv-exports):
 * results per student, academic year and semester with a grade filter and a search, the add/edit modal with
 * repeatable subject rows, a delete confirmation (the list updates after the server succeeds), publishing per
 * year and semester, and a CSV export of what the table shows in the year chosen beside it (default the current). Only what the role may do is offered
 * (docs/product.md#staff-and-roles): marks with `results.write`, removing a result with `results.delete` (not a
 * teacher's), the import with `results.import`, publishing with `results.publish`, report cards with
 * `print.report_cards`.
 */
import { ImportButton } from "~/features/import/admin/import-button";
import { useCallback, useMemo, useState } from "react";
import { useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/lazy-toast";
import { Download, Plus, Printer, RefreshCw } from "lucide-react";
import { DataTable, filterBySearch } from "~/components/data-table";
import { Button } from "~/components/ui/button";
import { formatNumber, localDigits } from "~/lib/format";
import { useHandleAuthFailure } from "~/lib/auth-failure";
import { useReasonText } from "~/lib/reason-text";
import { cn } from "~/lib/utils";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { FilterSelect, LiveDot, SearchBox, useGradeOptions } from "~/components/data-table/list-filters";
import { navState, useListIntents } from "~/lib/use-list-intents";
import { PublicationsCard, publicationKey, usePublications } from "~/features/results/admin/publications-card";
import { AbsentRuleCard } from "~/features/results/admin/absent-rule-card";
import { ResultFormDialog } from "~/features/results/admin/result-form-dialog";
import type { ResultJson } from "@worker/contracts/results";
import { deleteResult } from "~/features/results/admin/results-api";
import { resultColumns } from "~/features/results/admin/results-columns";
import { exportResultsCsv } from "~/features/results/admin/results-csv";
import { useResultList } from "~/features/results/admin/use-result-list";
import { PrintReportCardsDialog } from "~/features/print/admin/print-report-cards-dialog";
import { useCanFn, useScope } from "~/lib/use-me";
import { useChosenYear, YearSelect } from "~/features/academic-years/admin/year-select";

/** The Results Management page. */
export default function ResultsPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const location = useLocation();
  const onAuthFailure = useHandleAuthFailure();
  const { failureText } = useReasonText();
  const grades = useGradeOptions();
  const [grade, setGrade] = useState<string>(() => navState(location.state).grade ?? "All");
  const [search, setSearch] = useState(() => navState(location.state).search ?? "");
  const [formOpen, setFormOpen] = useState(() => navState(location.state).openAdd ?? false);
  const [editing, setEditing] = useState<ResultJson | null>(null);
  const [deleting, setDeleting] = useState<ResultJson | null>(null);
  const [busy, setBusy] = useState(false);
  const [printOpen, setPrintOpen] = useState(false);
  const { results, setResults, loading, reload, live } = useResultList(grade);
  const can = useCanFn();
  const canWrite = can("results.write");
  const canPrint = can("print.report_cards");
  const canDelete = can("results.delete");
  // A scoped writer (a teacher) changes marks only while the term is unpublished (docs/product.md#staff-and-roles):
  // Edit is left off a published term's rows, and off every row until the terms' states are known.
  const scoped = useScope("results.write") === "assigned";
  const publications = usePublications();
  const published = useMemo(
    () => publications.rows && new Set(publications.rows.filter((p) => p.is_published).map(publicationKey)),
    [publications.rows],
  );
  const canEditRow = useCallback(
    (r: ResultJson) => !scoped || (!!published && !published.has(publicationKey(r))),
    [scoped, published],
  );

  const [chosenYear, setExportYear] = useState<string | null>(null);
  const exportYear = useChosenYear(chosenYear);

  const openAdd = () => {
    if (!canWrite) return;
    setEditing(null);
    setFormOpen(true);
  };
  useListIntents("results", { openAdd, setSearch, setGrade });

  const columns = useMemo(
    () =>
      resultColumns(t, {
        ...(canWrite && {
          onEdit: (r: ResultJson) => {
            setEditing(r);
            setFormOpen(true);
          },
          canEditRow,
        }),
        ...(canDelete && { onDelete: setDeleting }),
        canPrint,
      }),
    [t, canWrite, canDelete, canPrint, canEditRow],
  );
  const visible = useMemo(
    () =>
      filterBySearch(results, search, (r) => [
        r.full_name,
        r.student_no,
        r.academic_year_name,
        r.semester,
        r.current_grade,
      ]),
    [results, search],
  );
  // The export: what the table shows, of the year chosen beside its button.
  const exported = useMemo(() => visible.filter((r) => r.academic_year_name === exportYear), [visible, exportYear]);

  const onSaved = (saved: ResultJson, created: boolean) => {
    const fits = grade === "All" || saved.current_grade === grade;
    setResults((rows) => {
      const rest = rows.filter((r) => r.id !== saved.id);
      if (!fits) return rest;
      return created ? [saved, ...rest] : rows.map((r) => (r.id === saved.id ? saved : r));
    });
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteResult(deleting.id);
      setResults((rows) => rows.filter((r) => r.id !== deleting.id));
      toast.success(t("results.toast.deleted"));
      setDeleting(null);
    } catch (err) {
      setDeleting(null);
      if (onAuthFailure(err)) return;
      toast.error(failureText(err, t("results.errors.deleteFailed"), t("results.errors.deleteNetwork")));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl rtl:tracking-normal">{t("results.title")}</h1>
          <p className="mt-1 text-sm text-muted-foreground">{t("results.subtitle")}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <LiveDot status={live} />
          <Button variant="outline" onClick={() => void reload()} disabled={loading}>
            <RefreshCw aria-hidden="true" className={cn(loading && "animate-spin")} />
            {t("results.refresh")}
          </Button>
          <div className="flex items-center gap-1">
            <YearSelect value={exportYear} onChange={setExportYear} label={t("results.exportYear")} />
            <Button
              variant="outline"
              onClick={() => exportResultsCsv(exported, grade)}
              disabled={exported.length === 0}
            >
              <Download aria-hidden="true" />
              {t("results.exportCsv")}
            </Button>
          </div>
          {can("results.import") && <ImportButton kind="results" onDone={() => void reload()} />}
          {canPrint && (
            <Button variant="outline" onClick={() => setPrintOpen(true)}>
              <Printer aria-hidden="true" />
              {t("results.print.open")}
            </Button>
          )}
          {canWrite && (
            <Button onClick={openAdd}>
              <Plus aria-hidden="true" />
              {t("results.add")}
            </Button>
          )}
        </div>
      </div>

      <PublicationsCard publications={publications} canPublish={can("results.publish")} />
      <AbsentRuleCard />

      <DataTable
        label={t("results.title")}
        idPrefix="results"
        columns={columns}
        data={visible}
        getRowId={(r) => String(r.id)}
        loading={loading}
        resetPageKey={[grade, search]}
        toolbar={
          <>
            <div
              role="search"
              aria-label={t("results.filters.label")}
              className="flex flex-col gap-3 rounded-lg border bg-card p-3 sm:flex-row sm:flex-wrap sm:items-end"
            >
              <SearchBox
                id="results-search"
                label={t("results.filters.search")}
                placeholder={t("results.filters.searchPlaceholder")}
                clearLabel={t("results.filters.clearSearch")}
                value={search}
                onChange={setSearch}
              />
              <FilterSelect
                id="results-grade"
                label={t("results.filters.grade")}
                value={grade}
                onChange={setGrade}
                options={grades}
              />
            </div>
            {!loading || results.length > 0 ? (
              <p className="-mb-1 text-sm text-muted-foreground" aria-live="polite">
                {t("results.count", { count: visible.length, formatted: formatNumber(visible.length, lang) })}
              </p>
            ) : null}
          </>
        }
        emptyState={
          <div className="grid gap-1">
            <p className="font-medium text-foreground">{t("results.empty")}</p>
            <p className="text-sm">{t("results.emptyHint")}</p>
          </div>
        }
      />

      <PrintReportCardsDialog open={printOpen} onOpenChange={setPrintOpen} grade={grade} />
      <ResultFormDialog open={formOpen && canWrite} onOpenChange={setFormOpen} editing={editing} onSaved={onSaved} />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("results.delete.title")}
        description={
          deleting
            ? t("results.delete.body", {
                name: deleting.full_name,
                id: deleting.student_no,
                year: localDigits(deleting.academic_year_name, i18n.language),
                semester: t(`results.semesters.${deleting.semester}`),
              })
            : ""
        }
        confirmLabel={t("results.delete.confirm")}
        cancelLabel={t("results.delete.cancel")}
        destructive
        busy={busy}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
