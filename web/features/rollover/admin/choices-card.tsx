/**
 * The Close the year wizard's choices (docs/product.md#the-year-end-rollover): the year to close (the years that can
 * be closed, from the data; default the current one), the next year (following the closing one), the S2 rule
 * ("retained if the S2 result is below the pass mark in more than N subjects") and the exceptions imported from a
 * sheet (CSV or XLSX: student number, outcome, optionally building and section), read by the import's sheet reader.
 */
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { FileUp, X } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { LocalDigitsInput } from "~/components/ui/local-digits-input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import { Switch } from "~/components/ui/switch";
import { toast } from "~/components/ui/lazy-toast";
import { formatNumber, localDigits } from "~/lib/format";
import { useAcademicYears } from "~/features/academic-years/admin/years-api";
import { readExceptionSheet } from "./exception-sheet";
import type { RolloverState } from "./use-rollover";

const toInt = (v: string, min: number, max: number) => {
  const n = Number.parseInt(v, 10);
  return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : min;
};

export function ChoicesCard({ r }: { r: RolloverState }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const file = useRef<HTMLInputElement>(null);
  const [reading, setReading] = useState(false);
  const count = Object.keys(r.exceptions).length;
  const { current } = useAcademicYears();
  const listed = r.status?.closable_years ?? [];
  const closable = listed.includes(r.fromYear) || !r.fromYear ? listed : [r.fromYear, ...listed];

  const readFile = async (f: File) => {
    setReading(true);
    try {
      const { readUpload } = await import("~/features/import/admin/spreadsheet");
      const sheet = await readUpload(new Uint8Array(await f.arrayBuffer()), f.name);
      const read = readExceptionSheet(sheet.cells);
      if (!read.found) return void toast.error(t("rollover.sheet.noHeader"));
      r.addExceptions(read.exceptions);
      const rows = read.problems.map((p) => formatNumber(p.row, lang)).join("، ");
      toast.success(t("rollover.sheet.read", { n: formatNumber(read.exceptions.length, lang) }));
      if (read.problems.length) toast.error(t("rollover.sheet.problems", { rows }));
    } catch {
      toast.error(t("rollover.sheet.unreadable"));
    } finally {
      setReading(false);
      if (file.current) file.current.value = "";
    }
  };

  return (
    <section aria-labelledby="choices-h" className="grid gap-4 rounded-lg border bg-card p-4">
      <h2 id="choices-h" className="text-lg font-semibold">
        {t("rollover.choices")}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 sm:max-w-xl">
        <div className="grid gap-1.5">
          <Label htmlFor="from-year">{t("rollover.fromYear")}</Label>
          <Select value={r.fromYear} onValueChange={r.chooseFromYear} disabled={r.busy !== null}>
            <SelectTrigger id="from-year" className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {closable.map((y) => (
                <SelectItem key={y} value={y}>
                  {localDigits(y, lang)}
                  {y === current ? ` (${t("rollover.currentYear")})` : ""}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="to-year">{t("rollover.nextYear")}</Label>
          <Input id="to-year" dir="ltr" value={r.toYear} onChange={(e) => r.setToYear(e.target.value)} />
        </div>
      </div>
      <div className="grid gap-3">
        <div className="flex items-center gap-3">
          <Switch id="rule-on" checked={r.rule.on} onCheckedChange={(on) => r.setRule({ ...r.rule, on })} />
          <Label htmlFor="rule-on">{t("rollover.rule.on")}</Label>
        </div>
        {r.rule.on && (
          <div className="flex flex-wrap items-end gap-4">
            <div className="grid gap-1.5">
              <Label htmlFor="rule-max">{t("rollover.rule.maxFailed")}</Label>
              <LocalDigitsInput
                id="rule-max"
                className="w-24"
                inputMode="numeric"
                language={lang}
                value={String(r.rule.maxFailed)}
                onValueChange={(v) => r.setRule({ ...r.rule, maxFailed: toInt(v, 0, 30) })}
              />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="rule-pass">{t("rollover.rule.passMark")}</Label>
              <LocalDigitsInput
                id="rule-pass"
                className="w-24"
                inputMode="numeric"
                language={lang}
                value={String(r.rule.passMark)}
                onValueChange={(v) => r.setRule({ ...r.rule, passMark: toInt(v, 1, 100) })}
              />
            </div>
            <p className="text-sm text-muted-foreground">
              {t("rollover.rule.text", {
                n: formatNumber(r.rule.maxFailed, lang),
                mark: formatNumber(r.rule.passMark, lang),
              })}
            </p>
          </div>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={file}
          type="file"
          accept=".csv,.xlsx,.xls,.txt"
          className="sr-only"
          aria-label={t("rollover.sheet.choose")}
          data-testid="exceptions-file"
          onChange={(e) => e.target.files?.[0] && void readFile(e.target.files[0])}
        />
        <Button variant="outline" onClick={() => file.current?.click()} disabled={reading}>
          <FileUp aria-hidden="true" />
          {t("rollover.sheet.import")}
        </Button>
        <span className="text-sm" role="status">
          {t("rollover.exceptions", { count, n: formatNumber(count, lang) })}
        </span>
        {count > 0 && (
          <Button variant="ghost" size="sm" onClick={r.clearExceptions}>
            <X aria-hidden="true" />
            {t("rollover.clearExceptions")}
          </Button>
        )}
      </div>
    </section>
  );
}
