/**
 * Add/Edit teacher modal (docs/product.md#course-selection): full_name, building_no (5 or 6, default 5),
 * subject_name (one of the ACTIVE subjects), session_1_capacity and session_2_capacity (0-35, default 35) and the
 * active flag. Validated with the API's own `teacherCreateSchema`. In edit mode each capacity shows the seats
 * already taken (the server refuses a capacity below them with 409 TEACHER_CAPACITY_BELOW_TAKEN; the parent
 * shows that on the field).
 */
import { useEffect, useId } from "react";
import { Controller, useForm, type Resolver } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import {
  DEFAULT_TEACHER_BUILDING,
  TEACHER_BUILDINGS,
  TEACHER_CAPACITY,
  teacherCreateSchema,
  type TeacherBuilding,
  type TeacherCreateInput,
} from "@worker/contracts/selection-admin";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
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
import type { SelectionTeacher } from "./selection-api";

/** What the inputs hold. */
export interface TeacherFormFields {
  full_name: string;
  building_no: TeacherBuilding;
  subject_name: string;
  session_1_capacity: string;
  session_2_capacity: string;
  is_active: boolean;
}

const DEFAULT_CAPACITY = String(TEACHER_CAPACITY.default);
const EMPTY: TeacherFormFields = {
  full_name: "",
  building_no: DEFAULT_TEACHER_BUILDING,
  subject_name: "",
  session_1_capacity: DEFAULT_CAPACITY,
  session_2_capacity: DEFAULT_CAPACITY,
  is_active: true,
};
const toForm = (x: SelectionTeacher): TeacherFormFields => ({
  full_name: x.full_name,
  building_no: x.building_no,
  subject_name: x.subject_name ?? "",
  session_1_capacity: String(x.session_1_capacity),
  session_2_capacity: String(x.session_2_capacity),
  is_active: x.is_active,
});
const resolver = zodResolver(teacherCreateSchema) as unknown as Resolver<
  TeacherFormFields,
  unknown,
  TeacherCreateInput
>;

export interface TeacherFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The teacher being edited, or null to add one. */
  teacher: SelectionTeacher | null;
  /** Names of the active subjects (the only ones a teacher may be given). */
  activeSubjects: string[];
  onSubmit: (input: TeacherCreateInput) => Promise<FormFeedback<keyof TeacherFormFields> | undefined>;
}

/** The modal; its fields reset whenever it opens. */
export function TeacherFormDialog({ open, onOpenChange, teacher, activeSubjects, onSubmit }: TeacherFormDialogProps) {
  const { t, i18n } = useTranslation();
  const { messageText } = useReasonText();
  const uid = useId();
  const form = useForm<TeacherFormFields, unknown, TeacherCreateInput>({ resolver, defaultValues: EMPTY });
  const { register, control, handleSubmit, reset, setError, watch, setValue, formState } = form;
  const { errors, isSubmitting } = formState;
  const n = (v: number) => formatNumber(v, i18n.language);

  useEffect(() => {
    if (open) reset(teacher ? toForm(teacher) : EMPTY);
  }, [open, teacher, reset]);

  const submit = handleSubmit(async (values) => {
    const feedback = await onSubmit(values);
    if (feedback) setError(feedback.field ?? "root.server", { type: "server", message: feedback.message });
  });

  const id = (name: string) => `${uid}-${name}`;
  const err = (name: keyof TeacherFormFields) => {
    const m = errors[name]?.message;
    return m ? messageText(m) : undefined;
  };
  // An edited teacher keeps showing its current subject even if that subject was made inactive meanwhile.
  const current = teacher?.subject_name;
  const subjectOptions = current && !activeSubjects.includes(current) ? [current, ...activeSubjects] : activeSubjects;
  const capacityHint = (taken?: number) =>
    [
      t("courseSelection.teachers.form.capacityHint", { min: n(TEACHER_CAPACITY.min), max: n(TEACHER_CAPACITY.max) }),
      taken ? t("courseSelection.teachers.form.seatsTaken", { count: taken, formattedCount: n(taken) }) : "",
    ]
      .filter(Boolean)
      .join(" · ");
  const hint1 = capacityHint(teacher?.seats_taken_1);
  const hint2 = capacityHint(teacher?.seats_taken_2);

  return (
    <Dialog open={open} onOpenChange={(o) => !isSubmitting && onOpenChange(o)}>
      <DialogContent closeLabel={t("nav.close")} className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>
            {teacher ? t("courseSelection.teachers.form.editTitle") : t("courseSelection.teachers.form.addTitle")}
          </DialogTitle>
          <DialogDescription>{t("courseSelection.teachers.form.description")}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <FormError message={errors.root?.server?.message} />
          <Field id={id("name")} label={t("courseSelection.teachers.form.fullName")} required error={err("full_name")}>
            <Input
              id={id("name")}
              dir={freeTextDir(i18n.language)}
              autoComplete="off"
              {...describedBy(id("name"), err("full_name"))}
              {...register("full_name")}
            />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id={id("building")}
              label={t("courseSelection.teachers.form.building")}
              required
              error={err("building_no")}
            >
              <Controller
                control={control}
                name="building_no"
                render={({ field }) => (
                  <Select value={field.value} onValueChange={field.onChange} name={field.name}>
                    <SelectTrigger
                      id={id("building")}
                      ref={field.ref}
                      onBlur={field.onBlur}
                      className="w-full"
                      {...describedBy(id("building"), err("building_no"))}
                    >
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {TEACHER_BUILDINGS.map((b) => (
                        <SelectItem key={b} value={b}>
                          {t("courseSelection.common.buildingN", { n: n(Number(b)) })}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </Field>
            <Field
              id={id("subject")}
              label={t("courseSelection.teachers.form.subject")}
              required
              error={err("subject_name")}
              hint={t("courseSelection.teachers.form.subjectHint")}
            >
              <Controller
                control={control}
                name="subject_name"
                render={({ field }) => (
                  <Select value={field.value || undefined} onValueChange={field.onChange} name={field.name}>
                    <SelectTrigger
                      id={id("subject")}
                      ref={field.ref}
                      onBlur={field.onBlur}
                      className="w-full"
                      {...describedBy(
                        id("subject"),
                        err("subject_name"),
                        t("courseSelection.teachers.form.subjectHint"),
                      )}
                    >
                      <SelectValue placeholder={t("courseSelection.teachers.form.selectSubject")} />
                    </SelectTrigger>
                    <SelectContent>
                      {subjectOptions.length === 0 && (
                        <div className="px-2 py-1.5 text-sm text-muted-foreground">
                          {t("courseSelection.teachers.form.noActiveSubjects")}
                        </div>
                      )}
                      {subjectOptions.map((s) => (
                        <SelectItem key={s} value={s}>
                          {s}
                          {!activeSubjects.includes(s) && ` (${t("courseSelection.common.inactive")})`}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </Field>
            <Field
              id={id("cap1")}
              label={t("courseSelection.teachers.form.capacity1")}
              required
              error={err("session_1_capacity")}
              hint={hint1}
            >
              <NumberInput
                id={id("cap1")}
                {...describedBy(id("cap1"), err("session_1_capacity"), hint1)}
                {...register("session_1_capacity")}
              />
            </Field>
            <Field
              id={id("cap2")}
              label={t("courseSelection.teachers.form.capacity2")}
              required
              error={err("session_2_capacity")}
              hint={hint2}
            >
              <NumberInput
                id={id("cap2")}
                {...describedBy(id("cap2"), err("session_2_capacity"), hint2)}
                {...register("session_2_capacity")}
              />
            </Field>
          </div>
          <SwitchField
            id={id("active")}
            label={t("courseSelection.common.active")}
            hint={t("courseSelection.teachers.form.activeHint")}
            checked={watch("is_active")}
            onCheckedChange={(v) => setValue("is_active", v, { shouldDirty: true })}
          />
          <FormDialogFooter
            submitting={isSubmitting}
            submitLabel={teacher ? t("courseSelection.common.saveChanges") : t("courseSelection.teachers.add")}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
