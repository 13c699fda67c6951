/**
 * Add/edit student modal (docs/product.md#students, its form names and field rules): studentId, name,
 * nationality, religion (optional), grade ("Select grade"), building ("Select building"), the current year's class
 * section (optional, "3/2"), status (default active) and gender (default male). Validated with the API's shared zod schema through react-hook-form; digits
 * typed in Arabic-Indic or Persian are converted as typed. The parent saves: `onSubmit` resolves to nothing when
 * it is done (it closes the modal), or to feedback the form shows (a field error such as a duplicate ID, or a
 * message).
 */
import { useEffect, useId, useMemo } from "react";
import { useForm, type FieldPath } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { TriangleAlert } from "lucide-react";
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
import { Input } from "~/components/ui/input";
import { Spinner } from "~/components/ui/spinner";
import { normalizeDigits } from "~/components/data-table";
import { formatNumber } from "~/lib/format";
import {
  EMPTY_STUDENT_FORM,
  choiceLabel,
  type ChoiceLabels,
  NATIONALITY_SUGGESTIONS,
  RELIGION_SUGGESTIONS,
  formToStudentBody,
  studentFormResolver,
  studentToForm,
  type StudentDialogValues,
  type StudentFormFields,
} from "./student-form-schema";
import { StudentMessages } from "~/features/messages/admin/student-messages";
import { StudentYears } from "~/features/academic-years/admin/student-years";
import { GuardianFields } from "./guardian-fields";
import { Field, SelectField } from "./student-form-fields";
import { GRADES } from "@worker/lib/school-grades";
import { BUILDINGS, type Student, type StudentBody } from "./student-types";
import { useReasonText } from "~/lib/reason-text";

/** What the parent can ask the form to show after a failed save. */
export interface StudentFormFeedback {
  field?: FieldPath<StudentFormFields>;
  message: string;
}

export interface StudentFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The student being edited, or null to add one. */
  student: Student | null;
  onSubmit: (body: StudentBody) => Promise<StudentFormFeedback | undefined>;
}

/** The modal; its fields reset whenever it opens. */
export function StudentFormDialog({ open, onOpenChange, student, onSubmit }: StudentFormDialogProps) {
  const { t, i18n } = useTranslation();
  const { messageText } = useReasonText();
  const uid = useId();
  const editing = !!student;
  const form = useForm<StudentFormFields, unknown, StudentDialogValues>({
    resolver: studentFormResolver,
    defaultValues: EMPTY_STUDENT_FORM,
  });
  const { register, control, handleSubmit, reset, setError, formState } = form;
  const errors = formState.errors;
  // The list shows stored values translated (مصري for "Egyptian"); the form shows and offers the same labels.
  const labels = useMemo(
    () => ({
      nationalities: t("students.nationalities", { returnObjects: true }) as ChoiceLabels,
      religions: t("students.religions", { returnObjects: true }) as ChoiceLabels,
    }),
    [t],
  );

  useEffect(() => {
    if (open) reset(student ? studentToForm(student, labels) : EMPTY_STUDENT_FORM);
  }, [open, student, reset, labels]);

  const submit = handleSubmit(async (values) => {
    const feedback = await onSubmit(formToStudentBody(values, labels));
    if (!feedback) return;
    setError(feedback.field ?? "root.server", { type: "server", message: feedback.message });
  });

  const id = (name: string) => `${uid}-${name}`;
  const err = (name: FieldPath<StudentFormFields>) => {
    const e = errors[name as keyof typeof errors];
    return e && "message" in e && typeof e.message === "string" ? messageText(e.message) : undefined;
  };
  const described = (name: string, error?: string, hint?: boolean) =>
    ({
      "aria-invalid": error ? true : undefined,
      "aria-describedby": error ? `${id(name)}-error` : hint ? `${id(name)}-hint` : undefined,
    }) as const;
  const studentIdField = register("studentId");
  const sectionField = register("section");

  return (
    <Dialog open={open} onOpenChange={(o) => !formState.isSubmitting && onOpenChange(o)}>
      <DialogContent closeLabel={t("nav.close")} className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{editing ? t("students.form.editTitle") : t("students.form.addTitle")}</DialogTitle>
          <DialogDescription>
            {editing ? t("students.form.editDescription") : t("students.form.addDescription")}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-5">
          {errors.root?.server && (
            <div
              role="alert"
              className="flex items-start gap-2 rounded-md border border-destructive/30 bg-destructive/10 px-3 py-2 text-sm text-destructive"
            >
              <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>{errors.root.server.message}</span>
            </div>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id={id("studentId")}
              label={t("students.form.studentId")}
              required
              error={err("studentId")}
              hint={t("students.form.studentIdHint")}
            >
              <Input
                id={id("studentId")}
                dir="ltr"
                autoComplete="off"
                spellCheck={false}
                className="font-mono rtl:text-end"
                {...described("studentId", err("studentId"), true)}
                {...studentIdField}
                onChange={(e) => {
                  const v = normalizeDigits(e.target.value);
                  if (v !== e.target.value) e.target.value = v;
                  return studentIdField.onChange(e);
                }}
              />
            </Field>
            <Field id={id("name")} label={t("students.form.name")} required error={err("name")}>
              <Input
                id={id("name")}
                dir="auto"
                autoComplete="off"
                {...described("name", err("name"))}
                {...register("name")}
              />
            </Field>
            <Field id={id("nationality")} label={t("students.form.nationality")} required error={err("nationality")}>
              <Input
                id={id("nationality")}
                list={id("nationalities")}
                autoComplete="off"
                {...described("nationality", err("nationality"))}
                {...register("nationality")}
              />
              <datalist id={id("nationalities")}>
                {NATIONALITY_SUGGESTIONS.map((n) => (
                  <option key={n} value={choiceLabel(n, labels.nationalities)} />
                ))}
              </datalist>
            </Field>
            <Field
              id={id("religion")}
              label={t("students.form.religion")}
              optional={t("students.form.optional")}
              error={err("religion")}
            >
              <Input
                id={id("religion")}
                list={id("religions")}
                autoComplete="off"
                {...described("religion", err("religion"))}
                {...register("religion")}
              />
              <datalist id={id("religions")}>
                {RELIGION_SUGGESTIONS.map((r) => (
                  <option key={r} value={choiceLabel(r, labels.religions)} />
                ))}
              </datalist>
            </Field>
            <Field id={id("grade")} label={t("students.form.grade")} required error={err("grade")}>
              <SelectField
                control={control}
                name="grade"
                id={id("grade")}
                placeholder={t("students.form.selectGrade")}
                aria={described("grade", err("grade"))}
                options={GRADES.map((g) => ({ value: g, label: t(`admin.grades.${g}`) }))}
              />
            </Field>
            <Field id={id("building")} label={t("students.form.building")} required error={err("building")}>
              <SelectField
                control={control}
                name="building"
                id={id("building")}
                placeholder={t("students.form.selectBuilding")}
                aria={described("building", err("building"))}
                options={BUILDINGS.map((b) => ({
                  value: String(b),
                  label: t("students.filters.buildingN", { n: formatNumber(b, i18n.language) }),
                }))}
              />
            </Field>
            <Field
              id={id("section")}
              label={t("students.form.section")}
              optional={t("students.form.optional")}
              error={err("section")}
            >
              <Input
                id={id("section")}
                dir="ltr"
                autoComplete="off"
                spellCheck={false}
                placeholder={t("students.form.sectionHint")}
                className="rtl:text-end"
                {...described("section", err("section"))}
                {...sectionField}
                onChange={(e) => {
                  const v = normalizeDigits(e.target.value);
                  if (v !== e.target.value) e.target.value = v;
                  return sectionField.onChange(e);
                }}
              />
            </Field>
            <Field id={id("status")} label={t("students.form.status")}>
              <SelectField
                control={control}
                name="status"
                id={id("status")}
                options={[
                  { value: "active", label: t("students.status.active") },
                  { value: "inactive", label: t("students.status.inactive") },
                ]}
              />
            </Field>
            <Field id={id("gender")} label={t("students.form.gender")}>
              <SelectField
                control={control}
                name="gender"
                id={id("gender")}
                options={[
                  { value: "male", label: t("students.gender.male") },
                  { value: "female", label: t("students.gender.female") },
                ]}
              />
            </Field>
          </div>
          <GuardianFields control={control} register={register} errors={errors} idPrefix={uid} />
          {student && <StudentYears studentId={student.id} />}
          {student && <StudentMessages studentNo={student.student_no} />}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={formState.isSubmitting}>
                {t("students.form.cancel")}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={formState.isSubmitting}>
              {formState.isSubmitting && <Spinner label={t("students.form.saving")} />}
              {formState.isSubmitting
                ? t("students.form.saving")
                : editing
                  ? t("students.form.update")
                  : t("students.form.add")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
