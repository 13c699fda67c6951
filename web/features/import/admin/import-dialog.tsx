/**
 * The Import dialog of the Students, Fees, Results and Teachers pages (docs/product.md#bulk-import): template
 * downloads, the file (results: with the academic year and semester), column matching, the preview, the commit with
 * its progress, and the result with a link to the audit log. Loaded on first open (lazy-import.ts).
 */
import { useId } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { CheckCircle2, FileSpreadsheet, Upload } from "lucide-react";
import type { ImportKind } from "@worker/contracts/import";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { isoDay } from "~/lib/csv";
import { formatNumber } from "~/lib/format";
import { useReasonText } from "~/lib/reason-text";
import { COLUMNS, targetLabel } from "./columns";
import { ImportPreview, type Problem } from "./import-preview";
import { missingColumns } from "./sheet-rows";
import { downloadTemplate, useImport, type Busy } from "./use-import";
import { HeaderRowChoice } from "./header-row-choice";
import { columnLetter, errorSheetRows } from "./row-problems";
import { TermFields } from "./term-fields";

const AUDIT_ENTITY: Record<ImportKind, string> = {
  students: "student",
  fees: "fee_record",
  results: "result",
  teachers: "teacher",
};
const selectClass =
  "h-9 w-full min-w-0 rounded-md border border-input bg-background px-2 text-sm focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none";

function Progress({ busy }: { busy: Busy }) {
  const { t } = useTranslation();
  const steps = ["parsing", "validating", "saving"] as const;
  const at = busy ? steps.indexOf(busy) : -1;
  if (!busy) return null;
  return (
    <div className="grid gap-2" role="status" aria-live="polite">
      <div className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden="true">
        <div
          className="h-full animate-pulse rounded-full bg-primary transition-[width] duration-500"
          style={{ width: `${((at + 1) / steps.length) * 100}%` }}
        />
      </div>
      <ol className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
        {steps.map((s, i) => (
          <li key={s} className={i === at ? "font-medium text-foreground" : i < at ? "text-success" : ""}>
            {i + 1}. {t(`importing.steps.${s}`)}
          </li>
        ))}
      </ol>
    </div>
  );
}

export function ImportDialog({
  kind,
  open,
  onOpenChange,
  onDone,
}: {
  kind: ImportKind;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { failureText } = useReasonText();
  const s = useImport(kind);
  const fileId = useId();
  const n = (v: number) => formatNumber(v, lang);
  const rtl = lang === "ar";

  const close = (next: boolean) => {
    if (!next && s.busy === "saving") return;
    onOpenChange(next);
    if (!next) {
      if (s.step === "done") onDone();
      s.reset();
    }
  };

  const downloadErrors = async (problems: Problem[][]) => {
    if (!s.table || !s.built) return;
    const { downloadSheet } = await import("./spreadsheet");
    const header = rtl ? `${t("importing.errorColumn")} / Error` : t("importing.errorColumn");
    const rows = errorSheetRows(s.table, s.built, problems, header);
    downloadSheet(rows, `import-${kind}-errors-${isoDay(new Date())}`, "xlsx", rtl);
  };

  const failure = s.failure ? failureText(s.failure, t("importing.failed"), t("importing.network")) : null;
  const missing = s.step === "map" ? missingColumns(kind, s.mapping) : [];
  const writes = s.answer ? s.answer.summary.create + s.answer.summary.update : 0;
  const targets = COLUMNS[kind].map((c) => c.target).filter((x) => x !== "ignore");
  const targetText = (target: string) =>
    target.startsWith("max:")
      ? t("importing.mapping.subjectMax", { subject: targetLabel(kind, `score:${target.slice(4)}`, lang) })
      : targetLabel(kind, target, lang);

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="sm:max-w-3xl" closeLabel={t("importing.done.close")}>
        <DialogHeader>
          <DialogTitle>{t(`importing.title.${kind}`)}</DialogTitle>
          <DialogDescription>{t("importing.description")}</DialogDescription>
        </DialogHeader>

        {s.step === "file" && (
          <div className="grid gap-4">
            <section className="grid gap-2 rounded-md border p-3">
              <h3 className="text-sm font-medium">{t("importing.template")}</h3>
              <p className="text-xs text-muted-foreground">{t("importing.templateHint")}</p>
              <div className="flex flex-wrap gap-2">
                {(["xlsx", "csv"] as const).map((f) => (
                  <Button key={f} size="sm" variant="outline" onClick={() => void downloadTemplate(kind, f, rtl)}>
                    <FileSpreadsheet aria-hidden="true" />
                    {f.toUpperCase()}
                  </Button>
                ))}
              </div>
            </section>
            {kind === "results" && <TermFields options={s.options} onChange={s.setOptions} />}
            <div className="grid gap-2">
              <span className="text-sm font-medium" id={`${fileId}-label`}>
                {t("importing.file")}
              </span>
              <input
                id={fileId}
                type="file"
                aria-labelledby={`${fileId}-label`}
                accept=".xlsx,.xls,.csv,text/csv,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                className="peer sr-only"
                disabled={s.busy !== null}
                onChange={(e) => {
                  const f = e.target.files?.[0];
                  if (f) void s.choose(f);
                  e.target.value = "";
                }}
              />
              <label
                htmlFor={fileId}
                className="inline-flex h-9 w-fit cursor-pointer items-center gap-2 rounded-md border bg-background px-4 text-sm font-medium shadow-xs hover:bg-accent peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/50 peer-disabled:cursor-not-allowed peer-disabled:opacity-50"
              >
                <Upload className="size-4" aria-hidden="true" />
                {s.file ? s.file.name : t("importing.chooseFile")}
              </label>
            </div>
          </div>
        )}

        {s.step !== "done" && s.sheets.length > 1 && s.file && (
          <label className="grid gap-1 text-sm">
            {t("importing.sheet")}
            <select
              className={selectClass}
              value={s.sheet}
              disabled={s.busy !== null}
              onChange={(e) => void s.choose(s.file!, e.target.value)}
            >
              {s.sheets.map((x) => (
                <option key={x}>{x}</option>
              ))}
            </select>
          </label>
        )}
        {s.step === "map" && s.header && (
          <HeaderRowChoice cells={s.cells} header={s.header} onChoose={(i) => void s.chooseHeader(i)} />
        )}
        {s.step === "map" && s.table && (
          <div className="grid gap-3">
            <p className="text-sm text-muted-foreground">{t("importing.mapping.hint")}</p>
            <div className="grid max-h-[45dvh] gap-2 overflow-auto pe-1">
              {s.table.headers.map((h, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a file's columns are positions; headers may repeat or be empty
                <label key={i} className="grid items-center gap-1 text-sm sm:grid-cols-2 sm:gap-3">
                  <span className="truncate font-medium" dir="auto">
                    {h ? `${h} (${columnLetter(i)})` : t("importing.column", { letter: columnLetter(i) })}
                  </span>
                  <select
                    className={selectClass}
                    value={s.mapping[i] ?? ""}
                    onChange={(e) => s.setMapping(s.mapping.map((m, j) => (j === i ? e.target.value : m)))}
                  >
                    <option value="">{t("importing.mapping.ignore")}</option>
                    {targets.map((target) => (
                      <option
                        key={target}
                        value={target}
                        disabled={target !== s.mapping[i] && s.mapping.includes(target)}
                      >
                        {targetText(target)}
                      </option>
                    ))}
                  </select>
                </label>
              ))}
            </div>
            {missing.length > 0 && (
              <p className="text-sm text-destructive">
                {t("importing.mapping.missing", { fields: missing.map((m) => targetLabel(kind, m, lang)).join("، ") })}
              </p>
            )}
          </div>
        )}

        {s.step === "preview" && s.answer && s.built && s.table && (
          <ImportPreview
            answer={s.answer}
            built={s.built}
            table={s.table}
            onDownloadErrors={(problems) => void downloadErrors(problems)}
          />
        )}

        {s.step === "done" && s.answer && (
          <div className="grid justify-items-center gap-3 py-4 text-center" role="status">
            <CheckCircle2 className="size-10 text-success" aria-hidden="true" />
            <p className="text-lg font-semibold">{t("importing.done.title")}</p>
            <p data-testid="import-result">
              {t("importing.done.counts", {
                create: n(s.answer.summary.create),
                update: n(s.answer.summary.update),
                unchanged: n(s.answer.summary.unchanged),
              })}
            </p>
            <Link
              className="text-sm text-primary underline underline-offset-4"
              to={`/admin/dashboard/audit-log?entity=${AUDIT_ENTITY[kind]}&from=${isoDay(new Date())}&to=${isoDay(new Date())}`}
            >
              {t("importing.done.audit")}
            </Link>
          </div>
        )}

        <Progress busy={s.busy} />
        {s.problem && (
          <p role="alert" className="text-sm text-destructive">
            {t(`importing.problems.${s.problem}`, { cells: s.problemCells.join(rtl ? "، " : ", ") })}
          </p>
        )}
        {failure && (
          <p role="alert" className="text-sm text-destructive">
            {failure}
          </p>
        )}

        <DialogFooter className="gap-2">
          {(s.step === "map" || s.step === "preview") && (
            <Button variant="outline" onClick={s.reset} disabled={s.busy !== null}>
              <Upload aria-hidden="true" />
              {t("importing.preview.another")}
            </Button>
          )}
          {s.step === "map" && s.table && (
            <Button
              onClick={() => void s.preview(s.table!, s.mapping)}
              disabled={missing.length > 0 || s.busy !== null}
            >
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
              {t("importing.preview.commit", { count: writes, formattedCount: n(writes) })}
            </Button>
          )}
          {s.step === "done" && <Button onClick={() => close(false)}>{t("importing.done.close")}</Button>}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
