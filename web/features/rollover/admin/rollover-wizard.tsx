/**
 * The Close the year wizard (docs/product.md#the-year-end-rollover), administrators only: 1. the next year and the
 * S2 rule; 2. the dry run per grade, with exceptions marked by hand or imported from a sheet; 3. apply, after a
 * confirmation, with its progress; then the result, and the undo while the new year has no payment nor result.
 */
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Eye, Play } from "lucide-react";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { formatNumber, localDigits } from "~/lib/format";
import { Counts, GradePanel } from "./grade-panel";
import { ChoicesCard } from "./choices-card";
import { RunCard } from "./run-card";
import { useRollover } from "./use-rollover";

/** The wizard. */
export function RolloverWizard() {
  const { t, i18n } = useTranslation();
  const r = useRollover();
  const [confirm, setConfirm] = useState<"apply" | "undo" | null>(null);
  const handlers = useMemo(
    () => ({ exceptions: r.exceptions, setException: r.setException }),
    [r.exceptions, r.setException],
  );
  const run = r.status?.run ?? null;
  const applied = run?.state === "applied";
  const n = (v: number) => formatNumber(v, i18n.language);
  const y = (name: string) => localDigits(name, i18n.language);

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl rtl:tracking-normal">{t("rollover.title")}</h1>
        <p className="mt-1 max-w-3xl text-sm text-muted-foreground">
          {r.status?.current_year
            ? t("rollover.subtitle", { year: y(r.status.current_year) })
            : r.busy === "load"
              ? t("admin.loading")
              : t("rollover.noCurrentYear")}
        </p>
      </header>

      {run && (
        <RunCard
          run={r.busy === "apply" && r.progress ? r.progress : run}
          busy={r.busy}
          onUndo={() => setConfirm("undo")}
          onContinue={() => setConfirm("apply")}
        />
      )}
      {r.busy === "apply" && !run && r.progress && <RunCard run={r.progress} busy={r.busy} />}

      {!applied && r.status?.current_year && (
        <>
          <ChoicesCard r={r} />
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => void r.runPreview()} disabled={r.busy !== null}>
              <Eye aria-hidden="true" />
              {r.busy === "preview" ? t("rollover.previewing") : t("rollover.preview")}
            </Button>
            <Button
              variant="default"
              className="bg-emerald-700 hover:bg-emerald-800"
              onClick={() => setConfirm("apply")}
              disabled={!r.preview || r.stale || r.busy !== null || r.preview.unknown_exceptions.length > 0}
            >
              <Play aria-hidden="true" />
              {t("rollover.apply")}
            </Button>
          </div>
          {r.stale && r.preview && (
            <p role="status" className="text-sm text-amber-800">
              {t("rollover.stale")}
            </p>
          )}
        </>
      )}

      {r.preview && !applied && (
        <section aria-labelledby="preview-h" className="grid gap-3">
          <h2 id="preview-h" className="text-lg font-semibold">
            {t("rollover.previewTitle", { from: y(r.preview.from_year), to: y(r.preview.to_year) })}
          </h2>
          <div className="rounded-lg border bg-muted/40 p-4">
            <p className="mb-2 text-sm">{t("rollover.totals", { n: n(r.preview.totals.total) })}</p>
            <Counts counts={r.preview.totals} />
            {!r.preview.to_year_exists && (
              <p className="mt-2 text-sm">{t("rollover.yearCreated", { year: y(r.preview.to_year) })}</p>
            )}
          </div>
          {r.preview.missing_plans.length > 0 && (
            <p role="note" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
              {t("rollover.missingPlans", {
                grades: r.preview.missing_plans
                  .map((g) => t(`admin.grades.${g}`, { defaultValue: g }))
                  .join(i18n.language === "ar" ? "، " : ", "),
              })}
            </p>
          )}
          {r.preview.unknown_exceptions.length > 0 && (
            <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
              {t("rollover.unknownExceptions", { list: r.preview.unknown_exceptions.join(", ") })}
            </p>
          )}
          {r.preview.grades.map((g) => (
            <GradePanel key={g.grade} g={g} handlers={handlers} />
          ))}
        </section>
      )}

      <ConfirmDialog
        open={confirm === "apply"}
        onOpenChange={(o) => !o && setConfirm(null)}
        title={t("rollover.confirmTitle")}
        description={t("rollover.confirmApply", {
          from: y(r.preview?.from_year ?? run?.from_year ?? ""),
          to: y(r.preview?.to_year ?? run?.to_year ?? ""),
        })}
        details={r.preview ? <Counts counts={r.preview.totals} /> : undefined}
        confirmLabel={t("rollover.apply")}
        cancelLabel={t("rollover.cancel")}
        onConfirm={() => {
          setConfirm(null);
          void r.apply();
        }}
      />
      <ConfirmDialog
        open={confirm === "undo"}
        onOpenChange={(o) => !o && setConfirm(null)}
        title={t("rollover.undoTitle")}
        description={t("rollover.confirmUndo", { to: y(run?.to_year ?? "") })}
        confirmLabel={t("rollover.undo")}
        cancelLabel={t("rollover.cancel")}
        destructive
        onConfirm={() => {
          setConfirm(null);
          void r.undo();
        }}
      />
    </div>
  );
}
