/**
 * The Import dialog's preview step (docs/product.md#bulk-import): the dry run's answer (import-preview.tsx) and the
 * error sheet it offers, every row of the file with an Error column, to fix and upload again.
 */
import { useTranslation } from "react-i18next";
import type { ImportKind } from "@worker/contracts/import";
import { isoDay } from "~/lib/csv";
import { ImportPreview, type Problem } from "./import-preview";
import { errorSheetRows } from "./row-problems";
import type { ImportSession } from "./use-import";

export function PreviewStep({ kind, s }: { kind: ImportKind; s: ImportSession }) {
  const { t, i18n } = useTranslation();
  const rtl = i18n.language === "ar";
  const { answer, built, table } = s;
  if (!answer || !built || !table) return null;

  const downloadErrors = async (problems: Problem[][]) => {
    const { downloadSheet } = await import("./spreadsheet");
    const header = rtl ? `${t("importing.errorColumn")} / Error` : t("importing.errorColumn");
    const rows = errorSheetRows(table, built, problems, header);
    downloadSheet(rows, `import-${kind}-errors-${isoDay(new Date())}`, "xlsx", rtl);
  };

  return (
    <ImportPreview
      kind={kind}
      answer={answer}
      built={built}
      table={table}
      onDownloadErrors={(problems) => void downloadErrors(problems)}
    />
  );
}
