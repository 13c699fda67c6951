/**
 * The Import dialog of the Students, Fees, Results and Teachers pages (docs/product.md#bulk-import): template
 * downloads, the file (results: with the academic year and semester), column matching, the preview, the commit with
 * its progress, and the result with a link to the audit log. Each step is its own component over the one state
 * (use-import.ts, import-state.ts). Loaded on first open (lazy-import.ts). It stays closed for a role that may not
 * import `kind` (`IMPORT_PERMISSION`; docs/product.md#staff-and-roles), wherever it is opened from.
 */
import { useTranslation } from "react-i18next";
import type { ImportKind } from "@worker/contracts/import";
import { IMPORT_PERMISSION } from "@worker/permissions";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { useCan } from "~/lib/use-me";
import { FileStep } from "./file-step";
import { ImportFooter } from "./import-footer";
import { MapStep, SheetChoice } from "./map-step";
import { PreviewStep } from "./preview-step";
import { ResultStep } from "./result-step";
import { missingColumns } from "./sheet-rows";
import { useImport } from "./use-import";

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
  const { t } = useTranslation();
  const s = useImport(kind);
  const allowed = useCan(IMPORT_PERMISSION[kind]);

  // A running commit cannot be walked away from: its answer is what the result step reports.
  const close = (next: boolean) => {
    if (!next && s.busy === "saving") return;
    onOpenChange(next);
    if (!next) {
      if (s.step === "done") onDone();
      s.reset();
    }
  };

  const missing = s.step === "map" ? missingColumns(kind, s.mapping) : [];

  return (
    <Dialog open={open && allowed} onOpenChange={close}>
      <DialogContent className="sm:max-w-3xl" closeLabel={t("importing.done.close")}>
        <DialogHeader>
          <DialogTitle>{t(`importing.title.${kind}`)}</DialogTitle>
          <DialogDescription>{t("importing.description")}</DialogDescription>
        </DialogHeader>
        {s.step === "file" && <FileStep kind={kind} s={s} />}
        {s.step !== "done" && s.sheets.length > 1 && s.file && <SheetChoice s={s} />}
        {s.step === "map" && <MapStep kind={kind} s={s} missing={missing} />}
        {s.step === "preview" && <PreviewStep kind={kind} s={s} />}
        {s.step === "done" && s.answer && <ResultStep kind={kind} answer={s.answer} />}
        <ImportFooter s={s} missing={missing} onClose={() => close(false)} />
      </DialogContent>
    </Dialog>
  );
}
