/**
 * The Add/Edit Result modal (docs/product.md#results): Academic Year (2023-2024 …
 * 2027-2028, default 2024-2025), Student ID, Semester (S1/S2), repeatable subject rows and remarks, validated with
 * the API's `resultBodySchema`. The body's `grade` is the grade of the student looked up by ID (the server uses
 * the student's current grade when it is omitted); an edited result keeps the grade it is filed under. For a person
 * whose `results.write` is scoped (a teacher) the fields the server keeps read-only are read-only here too: other
 * subjects' rows, the overall remarks, and an edited result's year, semester and student.
 */
import { useEffect, useMemo, type ReactNode } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { localDigits } from "~/lib/format";
import { toast } from "~/components/ui/lazy-toast";
import { CircleAlert, CircleCheck } from "lucide-react";
import { useMe, useScope } from "~/lib/use-me";
import { SEMESTERS, type ResultBody } from "@worker/contracts/results";
import { useAcademicYears } from "~/features/academic-years/admin/years-api";
import { normalizeNationalId } from "@worker/lib/normalize";
import { GRADES } from "@worker/lib/school-grades";
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
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import { Spinner } from "~/components/ui/spinner";
import { Textarea } from "~/components/ui/textarea";
import { cn } from "~/lib/utils";
import { useHandleAuthFailure } from "~/lib/auth-failure";
import { useReasonText } from "~/lib/reason-text";
import { useStudentLookup } from "~/features/fees/admin/use-student-lookup";
import type { ResultJson } from "@worker/contracts/results";
import { createResult, updateResult } from "./results-api";
import { formValuesOf, keepReadOnly, resultFormResolver, type ResultFormValues } from "./result-form";
import { SubjectRows } from "./subject-rows";

interface ResultFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The result being edited; null/undefined adds a new one. */
  editing?: ResultJson | null;
  onSaved: (result: ResultJson, created: boolean) => void;
}

/** The result form dialog. */
export function ResultFormDialog({ open, onOpenChange, editing, onSaved }: ResultFormDialogProps) {
  const { t, i18n } = useTranslation();
  const onAuthFailure = useHandleAuthFailure();
  const { messageText, failureText } = useReasonText();
  const form = useForm<ResultFormValues, unknown, ResultBody>({
    resolver: resultFormResolver,
    defaultValues: formValuesOf(null, ""),
  });
  const { control, register, handleSubmit, reset, formState } = form;
  const { errors, isSubmitting } = formState;
  const studentId = useWatch({ control, name: "student_id" }) ?? "";
  const sameStudent = !!editing && normalizeNationalId(studentId).toUpperCase() === editing.student_no;
  const lookup = useStudentLookup(studentId, open && !sameStudent);

  const filedUnder = sameStudent
    ? editing?.current_grade
    : lookup.state === "found"
      ? lookup.student.current_grade
      : undefined;
  // A scoped writer changes only the rows of their subjects in the result's grade (docs/product.md#staff-and-roles).
  const me = useMe();
  const scoped = useScope("results.write") === "assigned";
  const mayMark = useMemo(() => {
    if (!scoped || !me) return undefined;
    return (subject: string) => me.assignments.some((a) => a.grade === filedUnder && a.subject_name === subject);
  }, [scoped, me, filedUnder]);
  const keyLocked = scoped && !!editing;

  // An absent subject's marks read as the page's absent mark ("غ", "abs"); both languages' marks are read back.
  const absentMark = t("results.form.absentMark");
  const years = useAcademicYears();
  // An edited result's year is listed even if the list has not answered yet.
  const yearChoices =
    editing && !years.names.includes(editing.academic_year_name)
      ? [editing.academic_year_name, ...years.names]
      : years.names;
  useEffect(() => {
    if (open) reset(formValuesOf(editing, years.current ?? "", absentMark));
  }, [open, editing, reset, absentMark, years.current]);

  const onSubmit = handleSubmit(async (body) => {
    const grade = GRADES.find((g) => g === filedUnder);
    const own = mayMark ? keepReadOnly(body, editing, mayMark) : body;
    const payload: ResultBody = grade ? { ...own, grade } : own;
    try {
      const saved = editing ? await updateResult(editing.id, payload) : await createResult(payload);
      toast.success(t("results.toast.saved"));
      onSaved(saved, !editing);
      onOpenChange(false);
    } catch (err) {
      if (onAuthFailure(err)) return;
      toast.error(failureText(err, t("results.errors.saveFailed"), t("results.errors.saveNetwork")));
    }
  });

  const msg = (m: string | undefined) => (m ? messageText(m) : null);
  const topError = (name: "academic_year_name" | "student_id" | "semester") =>
    msg(errors[name]?.message) && (
      <p id={`result-${name}-error`} className="text-sm text-destructive">
        {msg(errors[name]?.message)}
      </p>
    );
  const aria = (name: "academic_year_name" | "student_id" | "semester") => ({
    "aria-invalid": !!errors[name],
    "aria-describedby": errors[name] ? `result-${name}-error` : undefined,
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !isSubmitting && onOpenChange(next)}>
      <DialogContent className="sm:max-w-2xl" closeLabel={t("results.form.cancel")}>
        <DialogHeader>
          <DialogTitle>{editing ? t("results.form.editTitle") : t("results.form.addTitle")}</DialogTitle>
          <DialogDescription>{t("results.form.description")}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-5">
          <div className="grid gap-4 sm:grid-cols-3">
            <div className="grid content-start gap-2">
              <Label htmlFor="result-year">{t("results.form.academicYear")}</Label>
              <Controller
                control={control}
                name="academic_year_name"
                render={({ field }) => (
                  <Select value={field.value} onValueChange={field.onChange} disabled={keyLocked}>
                    <SelectTrigger id="result-year" className="w-full" {...aria("academic_year_name")}>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {yearChoices.map((y) => (
                        <SelectItem key={y} value={y}>
                          {localDigits(y, i18n.language)}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
              {topError("academic_year_name")}
            </div>
            <div className="grid content-start gap-2">
              <Label htmlFor="result-semester">{t("results.form.semester")}</Label>
              <Controller
                control={control}
                name="semester"
                render={({ field }) => (
                  <Select value={field.value} onValueChange={field.onChange} disabled={keyLocked}>
                    <SelectTrigger id="result-semester" className="w-full" {...aria("semester")}>
                      <SelectValue placeholder={t("results.form.semester")} />
                    </SelectTrigger>
                    <SelectContent>
                      {SEMESTERS.map((s) => (
                        <SelectItem key={s} value={s}>
                          {t(`results.semesterNames.${s}`)}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
              {topError("semester")}
            </div>
            <div className="grid content-start gap-2">
              <Label htmlFor="result-student">{t("results.form.studentId")}</Label>
              <Input
                id="result-student"
                {...register("student_id")}
                {...aria("student_id")}
                readOnly={keyLocked}
                inputMode="numeric"
                autoComplete="off"
                dir="ltr"
                className="text-start"
                placeholder={t("results.form.studentIdPlaceholder")}
              />
              {topError("student_id")}
            </div>
          </div>
          <StudentLine editing={editing} sameStudent={sameStudent} lookup={lookup} />
          <SubjectRows control={control} register={register} errors={errors} mayMark={mayMark} />
          <div className="grid gap-2">
            <Label htmlFor="result-remarks">{t("results.form.remarks")}</Label>
            <Textarea
              id="result-remarks"
              rows={2}
              maxLength={500}
              placeholder={t("results.form.remarksPlaceholder")}
              readOnly={scoped}
              className={cn(scoped && "bg-muted/60 text-muted-foreground")}
              {...register("remarks")}
            />
          </div>
          <DialogFooter>
            <Button variant="outline" disabled={isSubmitting} onClick={() => onOpenChange(false)}>
              {t("results.form.cancel")}
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting && <Spinner className="size-4" />}
              {isSubmitting ? t("results.form.submitting") : t("results.form.submit")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Whose result this is: the looked-up student (name · grade), or a note that the ID is unknown. */
function StudentLine({
  editing,
  sameStudent,
  lookup,
}: {
  editing?: ResultJson | null;
  sameStudent: boolean;
  lookup: ReturnType<typeof useStudentLookup>;
}) {
  const { t } = useTranslation();
  const grade = (g: string) => t(`admin.grades.${g}`, { defaultValue: g });
  let content: ReactNode = null;
  if (sameStudent && editing) {
    content = (
      <span className="flex items-center gap-1.5 text-success">
        <CircleCheck className="size-4" aria-hidden="true" />
        <bdi>{editing.full_name}</bdi> · {grade(editing.current_grade)}
      </span>
    );
  } else if (lookup.state === "loading") {
    content = <span className="text-muted-foreground">{t("results.form.studentLookup")}</span>;
  } else if (lookup.state === "found") {
    content = (
      <span className="flex items-center gap-1.5 text-success">
        <CircleCheck className="size-4" aria-hidden="true" />
        <bdi>{lookup.student.full_name}</bdi> · {grade(lookup.student.current_grade)}
      </span>
    );
  } else if (lookup.state === "missing") {
    content = (
      <span className="flex items-center gap-1.5 text-muted-foreground">
        <CircleAlert className="size-4" aria-hidden="true" />
        {t("results.form.studentUnknown")}
      </span>
    );
  }
  return (
    <p role="status" className="-mt-2 min-h-5 text-sm">
      {content}
    </p>
  );
}
