/**
 * The Reports page (docs/product.md#reports): a year chooser (default the current year), then every chart of that
 * year with its table: collection, overdue, receipts by source, marks and pass rates, messages. Prints on A4
 * landscape, two charts a row, without the console's chrome.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Printer } from "lucide-react";
import { Button } from "~/components/ui/button";
import { useAcademicYears } from "~/features/academic-years/admin/years-api";
import { localDigits } from "~/lib/format";
import { CollectionCard, MessagesCard, OverdueCard, REPORT_SELECT, ResultsCards, SourcesCard } from "./report-cards";

/** A4 landscape, the console's sidebar and header left out (they carry `print:hidden` or are hidden here). */
const PRINT_CSS = `@media print {
  @page { size: A4 landscape; margin: 10mm; }
  body { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  aside, header, [data-slot="sidebar"], [data-print-hide] { display: none !important; }
  main, div:has(> main) { padding: 0 !important; margin: 0 !important; }
}`;

/** The page. */
export function ReportsPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { names, current } = useAcademicYears();
  const [chosen, setChosen] = useState<string | null>(null);
  // The chooser shows the current year until one is chosen; the cards ask for none then (the server's default is the
  // current year), so the years list answering later neither fetches nor draws them again.
  const year = chosen ?? current ?? undefined;
  const asked = chosen ?? undefined;
  const choices = names.toReversed();
  return (
    <div className="mx-auto grid max-w-7xl gap-6 print:max-w-none print:gap-3">
      <style>{PRINT_CSS}</style>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl rtl:tracking-normal">{t("reports.title")}</h1>
          <p className="mt-1 text-sm text-muted-foreground print:hidden">{t("reports.subtitle")}</p>
        </div>
        <div className="flex items-end gap-2">
          <label className="grid gap-1 text-xs text-muted-foreground">
            {t("reports.year")}
            <select
              className={`${REPORT_SELECT} h-9 min-w-32`}
              value={year ?? ""}
              onChange={(e) => setChosen(e.target.value === current ? null : e.target.value)}
            >
              {year && !choices.includes(year) && <option value={year}>{localDigits(year, lang)}</option>}
              {choices.map((y) => (
                <option key={y} value={y}>
                  {localDigits(y, lang)}
                </option>
              ))}
            </select>
          </label>
          <Button variant="outline" className="print:hidden" onClick={() => window.print()}>
            <Printer aria-hidden className="size-4" />
            {t("reports.print")}
          </Button>
        </div>
      </div>
      <div className="grid gap-6 lg:grid-cols-2 print:grid-cols-2 print:gap-3">
        <CollectionCard key={`c-${asked}`} year={asked} />
        <OverdueCard key={`o-${asked}`} year={asked} />
        <SourcesCard key={`s-${asked}`} year={asked} />
        <MessagesCard key={`m-${asked}`} year={asked} />
        <ResultsCards key={`r-${asked}`} year={asked} />
      </div>
    </div>
  );
}
