/**
 * Below every step of the Import dialog (docs/product.md#bulk-import): the progress of a running read or request,
 * the file's problem or the request's failure, and the step's buttons.
 */
import { useTranslation } from "react-i18next";
import { Upload } from "lucide-react";
import { Button } from "~/components/ui/button";
import { DialogFooter } from "~/components/ui/dialog";
import { formatNumber } from "~/lib/format";
import { useReasonText } from "~/lib/reason-text";
import type { Busy, ImportSession } from "./use-import";

const STEPS = ["parsing", "validating", "saving"] as const;

function Progress({ busy }: { busy: Busy }) {
  const { t } = useTranslation();
  if (!busy) return null;
  const at = STEPS.indexOf(busy);
  return (
    <div className="grid gap-2" role="status" aria-live="polite">
      <div className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden="true">
        <div
          className="h-full animate-pulse rounded-full bg-primary transition-[width] duration-500"
          style={{ width: `${((at + 1) / STEPS.length) * 100}%` }}
        />
      </div>
      <ol className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
        {STEPS.map((step, i) => (
          <li key={step} className={i === at ? "font-medium text-foreground" : i < at ? "text-success" : ""}>
            {i + 1}. {t(`importing.steps.${step}`)}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The file's problem (with the cells it names) and the last request's failure, each read out as an alert. */
function Alerts({ s }: { s: ImportSession }) {
  const { t, i18n } = useTranslation();
  const { failureText } = useReasonText();
  const failure = s.failure ? failureText(s.failure, t("importing.failed"), t("importing.network")) : null;
  return (
    <>
      {s.problem && (
        <p role="alert" className="text-sm text-destructive">
          {t(`importing.problems.${s.problem}`, { cells: s.problemCells.join(i18n.language === "ar" ? "، " : ", ") })}
        </p>
      )}
      {failure && (
        <p role="alert" className="text-sm text-destructive">
          {failure}
        </p>
      )}
    </>
  );
}

/** `missing`: required fields no column fills yet (matching cannot go on); `onClose` ends a finished import. */
export function ImportFooter({
  s,
  missing,
  onClose,
}: {
  s: ImportSession;
  missing: readonly string[];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const writes = s.answer ? s.answer.summary.create + s.answer.summary.update : 0;
  return (
    <>
      <Progress busy={s.busy} />
      <Alerts s={s} />
      <DialogFooter className="gap-2">
        {(s.step === "map" || s.step === "preview") && (
          <Button variant="outline" onClick={s.reset} disabled={s.busy !== null}>
            <Upload aria-hidden="true" />
            {t("importing.preview.another")}
          </Button>
        )}
        {s.step === "map" && s.table && (
          <Button onClick={() => void s.preview(s.table!, s.mapping)} disabled={missing.length > 0 || s.busy !== null}>
            {t("importing.mapping.continue")}
          </Button>
        )}
        {s.step === "preview" && s.answer && s.answer.summary.errors === 0 && writes === 0 && (
          <p className="self-center text-sm text-muted-foreground">{t("importing.preview.nothing")}</p>
        )}
        {s.step === "preview" && s.answer && (
          <Button
            onClick={() => void s.commit()}
            disabled={s.answer.summary.errors > 0 || writes === 0 || s.busy !== null}
            aria-busy={s.busy === "saving" || undefined}
          >
            {t("importing.preview.commit", { count: writes, formattedCount: formatNumber(writes, i18n.language) })}
          </Button>
        )}
        {s.step === "done" && <Button onClick={onClose}>{t("importing.done.close")}</Button>}
      </DialogFooter>
    </>
  );
}
