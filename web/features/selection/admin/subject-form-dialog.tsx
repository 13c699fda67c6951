/**
 * Add/Edit subject modal (docs/product.md#course-selection): name
 * (required), description (optional), max_selections (required, 1-10, default 5) and the active flag (default on).
 * Validated with the API's own `subjectCreateSchema` through react-hook-form. The parent saves: `onSubmit`
 * resolves to nothing when done (it closes the modal) or to feedback the form shows.
 */
import { useEffect, useId } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import {
  SUBJECT_MAX_SELECTIONS,
  subjectCreateSchema,
  type SubjectCreateInput,
} from "@worker/contracts/selection-admin";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { useReasonText } from "~/lib/reason-text";
import { formatNumber } from "~/lib/format";
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
import type { SelectionSubject } from "./selection-api";

/** What the inputs hold. */
export interface SubjectFormFields {
  name: string;
  description: string;
  max_selections: string;
  is_active: boolean;
}

const EMPTY: SubjectFormFields = {
  name: "",
  description: "",
  max_selections: String(SUBJECT_MAX_SELECTIONS.default),
  is_active: true,
};
const toForm = (s: SelectionSubject): SubjectFormFields => ({
  name: s.name,
  description: s.description ?? "",
  max_selections: String(s.max_selections),
  is_active: s.is_active,
});
const resolver = zodResolver(subjectCreateSchema) as unknown as Resolver<
  SubjectFormFields,
  unknown,
  SubjectCreateInput
>;

export interface SubjectFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The subject being edited, or null to add one. */
  subject: SelectionSubject | null;
  onSubmit: (input: SubjectCreateInput) => Promise<FormFeedback<keyof SubjectFormFields> | undefined>;
}

/** The modal; its fields reset whenever it opens. */
export function SubjectFormDialog({ open, onOpenChange, subject, onSubmit }: SubjectFormDialogProps) {
  const { t, i18n } = useTranslation();
  const { messageText } = useReasonText();
  const uid = useId();
  const form = useForm<SubjectFormFields, unknown, SubjectCreateInput>({ resolver, defaultValues: EMPTY });
  const { register, handleSubmit, reset, setError, watch, setValue, formState } = form;
  const { errors, isSubmitting } = formState;

  useEffect(() => {
    if (open) reset(subject ? toForm(subject) : EMPTY);
  }, [open, subject, reset]);

  const submit = handleSubmit(async (values) => {
    const feedback = await onSubmit(values);
    if (feedback) setError(feedback.field ?? "root.server", { type: "server", message: feedback.message });
  });

  const id = (name: string) => `${uid}-${name}`;
  const err = (name: keyof SubjectFormFields) => {
    const m = errors[name]?.message;
    return m ? messageText(m) : undefined;
  };
  const n = (v: number) => formatNumber(v, i18n.language);
  const rangeHint = t("courseSelection.subjects.form.maxSelectionsHint", {
    min: n(SUBJECT_MAX_SELECTIONS.min),
    max: n(SUBJECT_MAX_SELECTIONS.max),
  });

  return (
    <Dialog open={open} onOpenChange={(o) => !isSubmitting && onOpenChange(o)}>
      <DialogContent closeLabel={t("nav.close")} className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>
            {subject ? t("courseSelection.subjects.form.editTitle") : t("courseSelection.subjects.form.addTitle")}
          </DialogTitle>
          <DialogDescription>{t("courseSelection.subjects.form.description")}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <FormError message={errors.root?.server?.message} />
          <Field id={id("name")} label={t("courseSelection.subjects.form.name")} required error={err("name")}>
            <Input
              id={id("name")}
              dir={freeTextDir(i18n.language)}
              autoComplete="off"
              {...describedBy(id("name"), err("name"))}
              {...register("name")}
            />
          </Field>
          <Field
            id={id("description")}
            label={t("courseSelection.subjects.form.descriptionLabel")}
            error={err("description")}
          >
            <Textarea
              id={id("description")}
              dir={freeTextDir(i18n.language)}
              rows={3}
              {...describedBy(id("description"), err("description"))}
              {...register("description")}
            />
          </Field>
          <Field
            id={id("max")}
            label={t("courseSelection.subjects.form.maxSelections")}
            required
            error={err("max_selections")}
            hint={rangeHint}
          >
            <NumberInput
              id={id("max")}
              className="max-w-32"
              {...describedBy(id("max"), err("max_selections"), rangeHint)}
              {...register("max_selections")}
            />
          </Field>
          <SwitchField
            id={id("active")}
            label={t("courseSelection.common.active")}
            hint={t("courseSelection.subjects.form.activeHint")}
            checked={watch("is_active")}
            onCheckedChange={(v) => setValue("is_active", v, { shouldDirty: true })}
          />
          <FormDialogFooter
            submitting={isSubmitting}
            submitLabel={subject ? t("courseSelection.common.saveChanges") : t("courseSelection.subjects.add")}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
