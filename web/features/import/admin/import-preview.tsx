/**
 * The preview of an import (docs/product.md#bulk-import): the summary as filter chips by action, the rows with their
 * action, its key (an ID on one line) and each error as "column: reason" in the admin's language, and the error
 * file: every row of the sheet with an Error column (empty for good rows), to fix and upload again. At most 100 rows are drawn at a time (a filter narrows them).
 * Grade cells the server read from another spelling ("ثالثة إعدادي") are listed with the grade each became, and
 * named again on their rows (grade-readings.ts).
 */
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Download } from "lucide-react";
import { ROW_ACTIONS, type RowAction } from "@worker/contracts/row-outcome";
import type { ImportKind } from "@worker/contracts/import";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { formatNumber } from "~/lib/format";
import { useReasonText } from "~/lib/reason-text";
import { cn } from "~/lib/utils";
import type { ImportAnswer } from "./import-api";
import type { BuiltRows, SheetTable } from "./sheet-rows";
import { rowProblems, type Problem } from "./row-problems";
import { gradeReadings, type GradeReadings } from "./grade-readings";

export type { Problem } from "./row-problems";

const SHOWN = 100;
/** Spellings listed above the table; more are summed up. */
const SPELLINGS_SHOWN = 12;
const ACTIONS = ROW_ACTIONS;
type Action = RowAction;
const TONE: Record<Action, "success" | "secondary" | "outline" | "destructive"> = {
  create: "success",
  update: "secondary",
  unchanged: "outline",
  error: "destructive",
};

/** Each row's problems: the column and the reason in the admin's language (row-problems.ts). */
function useProblems(answer: ImportAnswer, built: BuiltRows, table: SheetTable): Problem[][] {
  const { t } = useTranslation();
  const { reasonText } = useReasonText();
  return useMemo(() => rowProblems(answer, built, table, { reasonText, t }), [answer, built, table, reasonText, t]);
}

/** A sheet's text inside a sentence: isolated (FSI … PDI), so Arabic in English text (and back) keeps its order. */
const isolate = (text: string) => `\u2068${text}\u2069`;

/** The grade each spelling of the sheet became, in the admin's language. */
function GradesRead({ readings }: { readings: GradeReadings }) {
  const { t, i18n } = useTranslation();
  const n = (v: number) => formatNumber(v, i18n.language);
  const { spellings } = readings;
  if (!spellings.length) return null;
  const more = spellings.length - SPELLINGS_SHOWN;
  return (
    <div className="rounded-md border bg-muted/40 p-3 text-sm" data-grade-readings="">
      <p className="font-medium">{t("importing.preview.gradesRead")}</p>
      <ul className="mt-1 grid gap-0.5 sm:grid-cols-2">
        {spellings.slice(0, SPELLINGS_SHOWN).map((s) => (
          <li key={`${s.text}|${s.grade}`}>
            {t("importing.preview.gradeRead", {
              text: isolate(s.text),
              grade: t(`admin.grades.${s.grade}`, { defaultValue: s.grade }),
            })}{" "}
            <span className="text-xs text-muted-foreground">
              {t("importing.preview.gradeRows", { count: s.count, formattedCount: n(s.count) })}
            </span>
          </li>
        ))}
      </ul>
      {more > 0 && (
        <p className="text-xs text-muted-foreground">
          {t("importing.preview.gradesMore", { count: more, formattedCount: n(more) })}
        </p>
      )}
    </div>
  );
}

/** A row's key ("ID/2026-2027/S1") that a phone breaks only after a "/", so a year never splits over two lines. */
function keyParts(key: string) {
  const parts = key.split("/");
  return parts.map((part, i) => (
    <span key={parts.slice(0, i + 1).join("/")} className="inline-block">
      {i < parts.length - 1 ? `${part}/` : part}
    </span>
  ));
}

export function ImportPreview({
  kind,
  answer,
  built,
  table,
  onDownloadErrors,
}: {
  kind: ImportKind;
  answer: ImportAnswer;
  built: BuiltRows;
  table: SheetTable;
  onDownloadErrors: (problems: Problem[][]) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [filter, setFilter] = useState<Action | "all">(answer.summary.errors ? "error" : "all");
  const problems = useProblems(answer, built, table);
  const readings = useMemo(
    () => gradeReadings(kind, answer, built, table, (g) => t(`admin.grades.${g}`, { defaultValue: g })),
    [kind, answer, built, table, t],
  );
  const n = (v: number) => formatNumber(v, lang);
  // Up to 5,000 rows: filtered again only when the answer or the filter changes, not on every render of the dialog.
  const rows = useMemo(
    () => answer.rows.map((r, i) => ({ ...r, index: i })).filter((r) => filter === "all" || r.action === filter),
    [answer.rows, filter],
  );
  const counts: Record<Action | "all", number> = {
    all: answer.summary.total,
    create: answer.summary.create,
    update: answer.summary.update,
    unchanged: answer.summary.unchanged,
    error: answer.summary.errors,
  };
  return (
    <div className="grid min-w-0 gap-3">
      <p className="text-sm" data-testid="import-summary">
        {t("importing.preview.summary", {
          count: counts.all,
          total: n(counts.all),
          create: n(counts.create),
          update: n(counts.update),
          unchanged: n(counts.unchanged),
          errors: n(counts.error),
        })}
      </p>
      {built.skipped > 0 && (
        <p className="text-xs text-muted-foreground">
          {t("importing.preview.skipped", { count: built.skipped, formattedCount: n(built.skipped) })}
        </p>
      )}
      <GradesRead readings={readings} />
      <div className="flex flex-wrap gap-2" role="group" aria-label={t("importing.preview.action")}>
        {(["all", ...ACTIONS] as const).map((a) => (
          <Button
            key={a}
            size="sm"
            variant={filter === a ? "default" : "outline"}
            aria-pressed={filter === a}
            onClick={() => setFilter(a)}
            disabled={a !== "all" && counts[a] === 0}
          >
            {a === "all" ? t("importing.preview.all") : t(`importing.actions.${a}`)}{" "}
            <span className="tabular-nums">({n(counts[a])})</span>
          </Button>
        ))}
      </div>
      {answer.summary.errors > 0 && (
        <div className="grid gap-2 rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm sm:flex sm:items-center sm:justify-between">
          <div className="grid min-w-0 gap-1 sm:flex-1">
            <p>{t("importing.preview.fixFirst")}</p>
            <p className="text-xs text-muted-foreground">{t("importing.preview.errorFileNote")}</p>
          </div>
          <Button size="sm" variant="outline" className="justify-self-start" onClick={() => onDownloadErrors(problems)}>
            <Download aria-hidden="true" />
            {t("importing.preview.downloadErrors")}
          </Button>
        </div>
      )}
      <div className="max-h-[45dvh] overflow-auto rounded-md border">
        <table className="w-full text-sm">
          <thead className="sticky top-0 bg-muted text-start">
            <tr>
              <th className="px-2 py-1.5 text-start font-medium">{t("importing.preview.line")}</th>
              <th className="px-2 py-1.5 text-start font-medium">{t("importing.preview.action")}</th>
              <th className="hidden px-2 py-1.5 text-start font-medium sm:table-cell">{t("importing.preview.key")}</th>
              <th className="px-2 py-1.5 text-start font-medium">{t("importing.preview.problems")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, SHOWN).map((r) => (
              <tr key={r.index} className={cn("border-t align-top", r.action === "error" && "bg-destructive/5")}>
                <td className="px-2 py-1.5 tabular-nums">{n(built.lines[r.index] ?? r.row)}</td>
                <td className="px-2 py-1.5">
                  <Badge variant={TONE[r.action]}>{t(`importing.actions.${r.action}`)}</Badge>
                </td>
                <td className="hidden px-2 py-1.5 whitespace-nowrap sm:table-cell" dir="ltr">
                  {r.key}
                </td>
                <td className="px-2 py-1.5">
                  <span className="block text-xs break-words text-muted-foreground sm:hidden" dir="ltr">
                    {keyParts(r.key)}
                  </span>
                  {readings.rows[r.index] && (
                    <span className="block text-xs text-muted-foreground" data-grade-read="">
                      {readings.rows[r.index]!.header && (
                        <>
                          <bdi>{readings.rows[r.index]!.header}</bdi>:{" "}
                        </>
                      )}
                      {t("importing.preview.gradeRead", {
                        text: isolate(readings.rows[r.index]!.text),
                        grade: t(`admin.grades.${readings.rows[r.index]!.grade}`),
                      })}
                    </span>
                  )}
                  {problems[r.index]!.length > 0 && (
                    <ul className="grid gap-0.5 text-destructive">
                      {problems[r.index]!.map((p, i) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: a row's errors are a fixed list; two may read alike
                        <li key={i}>
                          <bdi>{p.where}</bdi>: {p.text}
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length === 0 && (
          <p className="p-4 text-center text-sm text-muted-foreground">{t("importing.preview.none")}</p>
        )}
      </div>
      {rows.length > SHOWN && (
        <p className="text-xs text-muted-foreground">
          {t("importing.preview.showing", { count: rows.length, shown: n(SHOWN), total: n(rows.length) })}
        </p>
      )}
    </div>
  );
}
