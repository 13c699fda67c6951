/**
 * The closing year's rollover run in the Close the year wizard (docs/product.md#the-year-end-rollover): its progress
 * while it runs, its counts once applied, and the undo while the new year has no payment nor result; a run stopped
 * mid-way offers to continue.
 */
import { useTranslation } from "react-i18next";
import { Play, Undo2 } from "lucide-react";
import type { RolloverRunJson } from "@worker/contracts/rollover";
import { Button } from "~/components/ui/button";
import { formatNumber, formatSchoolDateTime, localDigits } from "~/lib/format";
import { Counts } from "./grade-panel";

export function RunCard({
  run,
  busy,
  onUndo,
  onContinue,
}: {
  run: RolloverRunJson;
  busy: string | null;
  onUndo?: () => void;
  onContinue?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const pct = run.total ? Math.round((run.done * 100) / run.total) : 100;
  return (
    <section aria-labelledby="run-h" className="grid gap-3 rounded-lg border bg-card p-4">
      <h2 id="run-h" className="text-lg font-semibold">
        {t(`rollover.run.${run.state}`, { from: localDigits(run.from_year, lang), to: localDigits(run.to_year, lang) })}
      </h2>
      <div>
        <div
          role="progressbar"
          aria-label={t("rollover.run.progress")}
          aria-valuemin={0}
          aria-valuemax={run.total}
          aria-valuenow={run.done}
          className="h-2 overflow-hidden rounded bg-muted"
        >
          <div className="h-full bg-emerald-600 transition-all" style={{ inlineSize: `${pct}%` }} />
        </div>
        <p className="mt-1 text-sm text-muted-foreground">
          {t("rollover.run.done", { done: formatNumber(run.done, lang), total: formatNumber(run.total, lang) })}
        </p>
      </div>
      {run.state === "applied" && (
        <>
          <Counts counts={run.counts} />
          <p className="text-sm text-muted-foreground">
            {t("rollover.run.by", {
              by: run.by,
              at: formatSchoolDateTime(run.finished_at ?? run.started_at, lang),
            })}
          </p>
          <p className="text-sm">{run.undoable ? t("rollover.run.undoable") : t("rollover.run.locked")}</p>
          {onUndo && (
            <div>
              <Button variant="outline" onClick={onUndo} disabled={!run.undoable || busy !== null}>
                <Undo2 aria-hidden="true" />
                {busy === "undo" ? t("rollover.undoing") : t("rollover.undo")}
              </Button>
            </div>
          )}
        </>
      )}
      {run.state === "running" && busy !== "apply" && onContinue && (
        <div>
          <p className="mb-2 text-sm">{t("rollover.run.stopped")}</p>
          <Button onClick={onContinue} disabled={busy !== null}>
            <Play aria-hidden="true" />
            {t("rollover.continue")}
          </Button>
        </div>
      )}
    </section>
  );
}
