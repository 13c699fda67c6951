/**
 * Add/Edit selection period modal (docs/product.md#selection-periods): period_name (placeholder "Academic Year 2026-2027 - Semester 1", the current year, in the console's language and digits), start and end (datetime-local, the
 * admin's local time, sent as ISO UTC), max_subjects (1-10, default 5), is_active (default off; "Only one period can
 * be active at a time") and allow_changes (default on). Validated with the API's own `periodCreateSchema` after the
 * local → ISO conversion, so the rules (end after start, ranges) are the server's.
 */
import { useEffect, useId } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { PERIOD_MAX_SUBJECTS, periodCreateSchema, type PeriodCreateInput } from "@worker/contracts/selection-admin";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { useReasonText } from "~/lib/reason-text";
import { formatNumber, formatSchoolDateTime, localDigits } from "~/lib/format";
import { academicYearOf } from "@worker/lib/fee-schedule";
import { useAcademicYears } from "~/features/academic-years/admin/years-api";
import {
  Field,
  FormDialogFooter,
  FormError,
  NumberInput,
  SwitchField,
  describedBy,
  freeTextDir,
  type FormFeedback,
} from "./form-field";
import { browserIsOutsideSchoolZone, isoToLocalInput, localInputToIso } from "./period-dates";
import type { SelectionPeriod } from "./selection-api";

/** What the inputs hold (dates as `datetime-local` values). */
export interface PeriodFormFields {
  period_name: string;
  start_date: string;
  end_date: string;
  max_subjects: string;
  is_active: boolean;
  allow_changes: boolean;
}

const EMPTY: PeriodFormFields = {
  period_name: "",
  start_date: "",
  end_date: "",
  max_subjects: String(PERIOD_MAX_SUBJECTS.default),
  is_active: false,
  allow_changes: true,
};
const toForm = (p: SelectionPeriod): PeriodFormFields => ({
  period_name: p.period_name,
  start_date: isoToLocalInput(p.start_date),
  end_date: isoToLocalInput(p.end_date),
  max_subjects: String(p.max_subjects),
  is_active: p.is_active,
  allow_changes: p.allow_changes,
});

/** The shared schema, fed ISO dates converted from the local inputs. */
const periodFormSchema = z.preprocess((v) => {
  const f = (v ?? {}) as Record<string, unknown>;
  return { ...f, start_date: localInputToIso(f.start_date), end_date: localInputToIso(f.end_date) };
}, periodCreateSchema);
// The cast only restores the object input type that `z.preprocess` widens to `unknown`.
const resolver = zodResolver(periodFormSchema as unknown as typeof periodCreateSchema) as unknown as Resolver<
  PeriodFormFields,
  unknown,
  PeriodCreateInput
>;

export interface PeriodFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The period being edited, or null to add one. */
  period: SelectionPeriod | null;
  onSubmit: (input: PeriodCreateInput) => Promise<FormFeedback<keyof PeriodFormFields> | undefined>;
}

/** The modal; its fields reset whenever it opens. */
export function PeriodFormDialog({ open, onOpenChange, period, onSubmit }: PeriodFormDialogProps) {
  const { t, i18n } = useTranslation();
  const years = useAcademicYears();
  const { messageText } = useReasonText();
  const uid = useId();
  const form = useForm<PeriodFormFields, unknown, PeriodCreateInput>({ resolver, defaultValues: EMPTY });
  const { register, handleSubmit, reset, setError, watch, setValue, formState } = form;
  const { errors, isSubmitting } = formState;
  const n = (v: number) => formatNumber(v, i18n.language);

  useEffect(() => {
    if (open) reset(period ? toForm(period) : EMPTY);
  }, [open, period, reset]);

  const submit = handleSubmit(async (values) => {
    const feedback = await onSubmit(values);
    if (feedback) setError(feedback.field ?? "root.server", { type: "server", message: feedback.message });
  });

  const id = (name: string) => `${uid}-${name}`;
  const err = (name: keyof PeriodFormFields) => {
    const m = errors[name]?.message;
    return m ? messageText(m) : undefined;
  };
  // Where the admin's device is not on Cairo time, say which Cairo time the typed local time is.
  const cairoHint = (value: string) => {
    const iso = localInputToIso(value);
    if (typeof iso !== "string" || !browserIsOutsideSchoolZone()) return undefined;
    const text = formatSchoolDateTime(iso, i18n.language);
    return text ? t("courseSelection.periods.form.cairoTime", { time: text }) : undefined;
  };
  const startHint = cairoHint(watch("start_date"));
  const endHint = cairoHint(watch("end_date"));
  const maxHint = t("courseSelection.periods.form.maxSubjectsHint", {
    min: n(PERIOD_MAX_SUBJECTS.min),
    max: n(PERIOD_MAX_SUBJECTS.max),
  });

  return (
    <Dialog open={open} onOpenChange={(o) => !isSubmitting && onOpenChange(o)}>
      <DialogContent closeLabel={t("nav.close")} className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>
            {period ? t("courseSelection.periods.form.editTitle") : t("courseSelection.periods.form.addTitle")}
          </DialogTitle>
          <DialogDescription>{t("courseSelection.periods.form.description")}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <FormError message={errors.root?.server?.message} />
          <Field id={id("name")} label={t("courseSelection.periods.form.name")} required error={err("period_name")}>
            <Input
              id={id("name")}
              dir={freeTextDir(i18n.language)}
              autoComplete="off"
              placeholder={t("courseSelection.periods.form.namePlaceholder", {
                year: localDigits(years.current ?? academicYearOf(new Date()), i18n.language),
              })}
              {...describedBy(id("name"), err("period_name"))}
              {...register("period_name")}
            />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id={id("start")}
              label={t("courseSelection.periods.form.start")}
              required
              error={err("start_date")}
              hint={startHint}
            >
              <Input
                id={id("start")}
                type="datetime-local"
                dir="ltr"
                className="rtl:text-end"
                {...describedBy(id("start"), err("start_date"), startHint)}
                {...register("start_date")}
              />
            </Field>
            <Field
              id={id("end")}
              label={t("courseSelection.periods.form.end")}
              required
              error={err("end_date")}
              hint={endHint}
            >
              <Input
                id={id("end")}
                type="datetime-local"
                dir="ltr"
                className="rtl:text-end"
                {...describedBy(id("end"), err("end_date"), endHint)}
                {...register("end_date")}
              />
            </Field>
          </div>
          <Field
            id={id("max")}
            label={t("courseSelection.periods.form.maxSubjects")}
            required
            error={err("max_subjects")}
            hint={maxHint}
          >
            <NumberInput
              id={id("max")}
              className="max-w-32"
              {...describedBy(id("max"), err("max_subjects"), maxHint)}
              {...register("max_subjects")}
            />
          </Field>
          <SwitchField
            id={id("active")}
            label={t("courseSelection.common.active")}
            hint={t("courseSelection.periods.form.onlyOneActive")}
            checked={watch("is_active")}
            onCheckedChange={(v) => setValue("is_active", v, { shouldDirty: true })}
          />
          <SwitchField
            id={id("changes")}
            label={t("courseSelection.periods.form.allowChanges")}
            hint={t("courseSelection.periods.form.allowChangesHint")}
            checked={watch("allow_changes")}
            onCheckedChange={(v) => setValue("allow_changes", v, { shouldDirty: true })}
          />
          <FormDialogFooter
            submitting={isSubmitting}
            submitLabel={period ? t("courseSelection.common.saveChanges") : t("courseSelection.periods.add")}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
