/**
 * The Import dialog's sheet and header-row step (docs/product.md#bulk-import, #header-row): the workbook's sheet,
 * the header row, and which field each column fills, with the required fields still unmatched.
 */
import { useTranslation } from "react-i18next";
import type { ImportKind } from "@worker/contracts/import";
import { COLUMNS, targetLabel } from "./columns";
import { HeaderRowChoice } from "./header-row-choice";
import { IMPORT_SELECT_CLASS } from "./import-select";
import { columnLetter } from "./row-problems";
import type { ImportSession } from "./use-import";

/** The workbook's sheets (shown from the file step on while it has more than one): another one is read anew. */
export function SheetChoice({ s }: { s: ImportSession }) {
  const { t } = useTranslation();
  return (
    <label className="grid gap-1 text-sm">
      {t("importing.sheet")}
      <select
        className={IMPORT_SELECT_CLASS}
        value={s.sheet}
        disabled={s.busy !== null}
        onChange={(e) => void s.choose(s.file!, e.target.value)}
      >
        {s.sheets.map((x) => (
          <option key={x}>{x}</option>
        ))}
      </select>
    </label>
  );
}

/** The header row, then each column's field; `missing`: the required fields no column fills yet. */
export function MapStep({ kind, s, missing }: { kind: ImportKind; s: ImportSession; missing: readonly string[] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const table = s.table;
  const targets = COLUMNS[kind].map((c) => c.target).filter((x) => x !== "ignore");
  const targetText = (target: string) =>
    target.startsWith("max:")
      ? t("importing.mapping.subjectMax", { subject: targetLabel(kind, `score:${target.slice(4)}`, lang) })
      : targetLabel(kind, target, lang);
  return (
    <>
      {s.header && <HeaderRowChoice cells={s.cells} header={s.header} onChoose={(i) => void s.chooseHeader(i)} />}
      {table && (
        <div className="grid gap-3">
          <p className="text-sm text-muted-foreground">{t("importing.mapping.hint")}</p>
          <div className="grid max-h-[45dvh] gap-2 overflow-auto pe-1">
            {table.headers.map((h, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a file's columns are positions; headers may repeat or be empty
              <label key={i} className="grid items-center gap-1 text-sm sm:grid-cols-2 sm:gap-3">
                <span className="truncate font-medium" dir="auto">
                  {h ? `${h} (${columnLetter(i)})` : t("importing.column", { letter: columnLetter(i) })}
                </span>
                <select
                  className={IMPORT_SELECT_CLASS}
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
    </>
  );
}
