/**
 * The Import dialog's first step (docs/product.md#bulk-import): the kind's templates, the rows' year (results: and
 * semester), and the
 * file input (kept in the page but visually hidden behind a label styled as a button, so it stays keyboard-usable).
 */
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { FileSpreadsheet, Upload } from "lucide-react";
import { YEAR_KINDS, type ImportKind } from "@worker/contracts/import";
import { Button } from "~/components/ui/button";
import { ACCEPT } from "./file-checks";
import { TermFields } from "./term-fields";
import { downloadTemplate, type ImportSession } from "./use-import";

export function FileStep({ kind, s }: { kind: ImportKind; s: ImportSession }) {
  const { t, i18n } = useTranslation();
  const rtl = i18n.language === "ar";
  const fileId = useId();
  return (
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
      {YEAR_KINDS.includes(kind) && (
        <TermFields options={s.options} onChange={s.setOptions} semester={kind === "results"} />
      )}
      <div className="grid gap-2">
        <span className="text-sm font-medium" id={`${fileId}-label`}>
          {t("importing.file")}
        </span>
        <input
          id={fileId}
          type="file"
          aria-labelledby={`${fileId}-label`}
          accept={ACCEPT}
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
  );
}
