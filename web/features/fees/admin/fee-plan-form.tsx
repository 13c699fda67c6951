/**
 * The add/edit dialog of a fee plan (docs/product.md#fee-plans): academic year, grade, and lines (Tuition, Bus,
 * Books, …), each with a total and its instalments (due date, amount). "1 / 2 / 4 equal" fills a line's instalments
 * from its total (remainder piastres on the last, default due dates of the year); every amount and date stays
 * editable, and the running sum shows against the total. The server checks sums and dates and names the field at
 * fault; its reason is shown in the admin's language under the field it marks (./use-fee-plan-form.ts).
 */
import { useTranslation } from "react-i18next";
import { Plus } from "lucide-react";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { LocalDigitsInput, localNumberText } from "~/components/ui/local-digits-input";
import { Label } from "~/components/ui/label";
import { GRADES } from "@worker/lib/school-grades";
import type { FeePlan } from "./fee-plans-api";
import { FieldError, marked, PlanLine } from "./fee-plan-line";
import { LINE_NAMES, useFeePlanForm } from "./use-fee-plan-form";
import { useAcademicYears } from "~/features/academic-years/admin/years-api";

/** The plan dialog; `plan` null adds one. `onSaved` gets the saved plan. */
export function FeePlanForm({
  open,
  plan,
  lang,
  onOpenChange,
  onSaved,
}: {
  open: boolean;
  plan: FeePlan | null;
  lang: string;
  onOpenChange: (o: boolean) => void;
  onSaved: (p: FeePlan) => void;
}) {
  const { t } = useTranslation();
  const form = useFeePlanForm(plan, onSaved, () => onOpenChange(false));
  const { state, errors, busy } = form;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[92dvh] overflow-y-auto sm:max-w-3xl" closeLabel={t("fees.plans.cancel")}>
        <DialogHeader>
          <DialogTitle>{plan ? t("fees.plans.editTitle") : t("fees.plans.addTitle")}</DialogTitle>
          <DialogDescription>{t("fees.plans.formHint")}</DialogDescription>
        </DialogHeader>
        <form id="fee-plan-form" noValidate onSubmit={(e) => void form.submit(e)} className="grid gap-4">
          <YearAndGrade form={form} />
          {state.lines.map((line, li) => (
            <PlanLine
              // biome-ignore lint/suspicious/noArrayIndexKey: lines are positions; the form addresses them by index
              key={li}
              line={line}
              li={li}
              year={state.year}
              lang={lang}
              errors={errors}
              removable={state.lines.length > 1}
              setLine={form.setLine}
              onRemove={() => form.removeLine(li)}
            />
          ))}
          <FieldError id="err-lines" text={errors.lines} />
          {(["ar", "en"] as const).map((lng) => (
            <datalist key={lng} id={`plan-line-names-${lng}`}>
              {LINE_NAMES[lng].map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
          ))}
          <Button type="button" variant="outline" onClick={form.addLine}>
            <Plus aria-hidden="true" />
            {t("fees.plans.addLine")}
          </Button>
        </form>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            {t("fees.plans.cancel")}
          </Button>
          <Button type="submit" form="fee-plan-form" disabled={busy} aria-busy={busy || undefined}>
            {busy ? t("fees.form.submitting") : t("fees.plans.save")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The academic year and grade of the plan, each marked when a refusal names it. */
function YearAndGrade({ form }: { form: ReturnType<typeof useFeePlanForm> }) {
  const { t, i18n } = useTranslation();
  const yearsList = useAcademicYears();
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div className="grid content-start gap-1.5">
        <Label htmlFor="plan-year">{t("fees.plans.year")}</Label>
        <LocalDigitsInput
          id="plan-year"
          dir="ltr"
          language={i18n.language}
          value={form.state.year}
          onValueChange={form.setYear}
          placeholder={localNumberText(yearsList.current ?? "", i18n.language)}
          {...marked(form.errors, "academic_year_name")}
        />
        <FieldError id="err-academic_year_name" text={form.errors.academic_year_name} />
      </div>
      <div className="grid content-start gap-1.5">
        <Label htmlFor="plan-grade">{t("fees.plans.grade")}</Label>
        <select
          id="plan-grade"
          required
          value={form.state.grade}
          onChange={(e) => form.setGrade(e.target.value)}
          className="h-9 rounded-md border bg-background px-2 text-sm aria-invalid:border-destructive"
          {...marked(form.errors, "grade")}
        >
          <option value="">{t("fees.form.selectGrade")}</option>
          {GRADES.map((g) => (
            <option key={g} value={g}>
              {t(`admin.grades.${g}`)}
            </option>
          ))}
        </select>
        <FieldError id="err-grade" text={form.errors.grade} />
      </div>
    </div>
  );
}
