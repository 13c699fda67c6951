/**
 * "Print report cards" on the Results page (docs/product.md#printing): the grade of the page's filter, an academic
 * year and semester, whether to include unpublished results (printed marked "draft") and the document's language;
 * Print opens the batch document in a new tab, where the browser prints it or saves it as PDF.
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { localDigits } from "~/lib/format";
import { Printer } from "lucide-react";
import { SEMESTERS } from "@worker/contracts/results";
import { useAcademicYears } from "~/features/academic-years/admin/years-api";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import { FilterSelect } from "~/components/data-table/list-filters";
import { listPublications } from "~/features/results/admin/results-api";
import { reportCardsHref, type PrintLang } from "./print-links";

interface PrintReportCardsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The Results page's grade filter ("All" prints every grade). */
  grade: string;
}

/** The dialog; the year and semester start at the newest published term (the form's default term when none is). */
export function PrintReportCardsDialog({ open, onOpenChange, grade }: PrintReportCardsDialogProps) {
  const { t, i18n } = useTranslation();
  const years = useAcademicYears();
  const [chosenYear, setYear] = useState<string | null>(null);
  // The current year until the newest published term (or the admin) picks one.
  const year = chosenYear ?? years.current ?? "";
  const [semester, setSemester] = useState<string>("S1");
  const [drafts, setDrafts] = useState(false);
  const [lang, setLang] = useState<PrintLang>("ar");
  // Once per page: the term parents see now is the one whose report cards are usually printed.
  const [picked, setPicked] = useState(false);
  const touched = useRef(false);
  /** A change the admin makes: the published term found later no longer replaces it. */
  const choose = (set: (v: string) => void) => (v: string) => {
    touched.current = true;
    set(v);
  };
  useEffect(() => {
    if (!open || picked) return;
    setPicked(true);
    listPublications().then(
      (terms) => {
        const newest = terms.filter((p) => p.is_published).at(-1);
        if (!newest || touched.current) return;
        setYear(newest.academic_year_name);
        setSemester(newest.semester);
      },
      () => undefined, // the defaults stay; the admin picks the term
    );
  }, [open, picked]);
  const href = reportCardsHref({ grade, academicYear: year, semester, includeDrafts: drafts, lang });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("results.print.cancel")}>
        <DialogHeader>
          <DialogTitle>{t("results.print.title")}</DialogTitle>
          <DialogDescription>
            {t("results.print.description", {
              grade:
                grade === "All" ? t("results.print.allGrades") : t(`admin.grades.${grade}`, { defaultValue: grade }),
            })}
          </DialogDescription>
        </DialogHeader>
        {/* Any press or key on the choices counts as the admin's: choosing the year already shown changes no value,
            and the newest published term, when its answer comes later, must not replace it either. */}
        <div
          className="grid gap-4 sm:grid-cols-2"
          onPointerDownCapture={() => {
            touched.current = true;
          }}
          onKeyDownCapture={() => {
            touched.current = true;
          }}
        >
          <FilterSelect
            id="print-year"
            fill
            label={t("results.form.academicYear")}
            value={year}
            onChange={choose(setYear)}
            options={years.names.map((y) => ({ value: y, label: localDigits(y, i18n.language) }))}
          />
          <FilterSelect
            id="print-semester"
            fill
            label={t("results.form.semester")}
            value={semester}
            onChange={choose(setSemester)}
            options={SEMESTERS.map((s) => ({ value: s, label: t(`results.semesterNames.${s}`) }))}
          />
          <FilterSelect
            id="print-lang"
            fill
            label={t("results.print.language")}
            value={lang}
            onChange={(v) => setLang(v === "en" ? "en" : "ar")}
            options={[
              { value: "ar", label: "العربية" },
              { value: "en", label: "English" },
            ]}
          />
          <div className="flex items-center gap-3 sm:col-span-2">
            <Switch id="print-drafts" checked={drafts} onCheckedChange={setDrafts} />
            <Label htmlFor="print-drafts" className="font-normal">
              {t("results.print.includeDrafts")}
            </Label>
          </div>
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{t("results.print.cancel")}</Button>
          </DialogClose>
          <Button asChild>
            <a href={href} target="_blank" rel="noopener" onClick={() => onOpenChange(false)}>
              <Printer aria-hidden="true" />
              {t("results.print.submit")}
            </a>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
