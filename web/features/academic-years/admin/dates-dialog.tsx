/**
 * Editing a year's six dates (docs/product.md#academic-years-and-rollover): the year's start and end and its two
 * terms, as school days. The server checks the order (ACADEMIC_YEAR_DATES_INVALID) and refuses a closed year.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AcademicYearDates, AcademicYearJson } from "@worker/contracts/academic-years";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Spinner } from "~/components/ui/spinner";
import { localDigits } from "~/lib/format";

const FIELDS = ["start_date", "term1_start", "term1_end", "term2_start", "term2_end", "end_date"] as const;

/** The dialog; `onSave` sends the dates and throws on failure (the dialog stays open). */
export function DatesDialog({
  year,
  onClose,
  onSave,
}: {
  year: AcademicYearJson | null;
  onClose: () => void;
  onSave: (name: string, dates: AcademicYearDates) => Promise<boolean>;
}) {
  const { t, i18n } = useTranslation();
  const [dates, setDates] = useState<AcademicYearDates | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!year) return;
    const { name: _n, state: _s, closed_at: _c, ...own } = year;
    setDates(own);
  }, [year]);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!year || !dates) return;
    setBusy(true);
    try {
      if (await onSave(year.name, dates)) onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={!!year} onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent closeLabel={t("academicYears.cancel")}>
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>
              {t("academicYears.editTitle", { year: localDigits(year?.name ?? "", i18n.language) })}
            </DialogTitle>
            <DialogDescription>{t("academicYears.description")}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-3 sm:grid-cols-2">
            {FIELDS.map((f) => (
              <div key={f} className="grid gap-1">
                <Label htmlFor={`year-${f}`}>{t(`academicYears.fields.${f}`)}</Label>
                <Input
                  id={`year-${f}`}
                  type="date"
                  required
                  value={dates?.[f] ?? ""}
                  onChange={(e) => setDates((d) => (d ? { ...d, [f]: e.target.value } : d))}
                />
              </div>
            ))}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
              {t("academicYears.cancel")}
            </Button>
            <Button type="submit" disabled={busy || !dates}>
              {busy && <Spinner label={t("academicYears.save")} />}
              {t("academicYears.save")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
