/**
 * The Import dialog's header-row chooser (docs/product.md#header-row): the sheet's first rows, the guessed header
 * row selected; shown while columns are matched, with a hint when the guess is unsure (a required column is not in
 * it), so a title row or a group header above the real header never blocks an import.
 */
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber } from "~/lib/format";
import { headerChoices, type Cell } from "./sheet-rows";
import { IMPORT_SELECT_CLASS } from "./import-select";

export function HeaderRowChoice({
  cells,
  header,
  onChoose,
}: {
  cells: Cell[][];
  header: { index: number; sure: boolean };
  onChoose: (index: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const hintId = useId();
  const choices = headerChoices(cells);
  return (
    <div className="grid gap-1 text-sm">
      <label className="grid gap-1">
        {t("importing.headerRow.label")}
        <select
          className={IMPORT_SELECT_CLASS}
          value={header.index}
          aria-describedby={header.sure ? undefined : hintId}
          onChange={(e) => onChoose(Number(e.target.value))}
        >
          {choices.map((c) => (
            <option key={c.index} value={c.index}>
              {t("importing.headerRow.option", { line: formatNumber(c.index + 1, i18n.language), text: c.text })}
            </option>
          ))}
        </select>
      </label>
      {!header.sure && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {t("importing.headerRow.unsure")}
        </p>
      )}
    </div>
  );
}
