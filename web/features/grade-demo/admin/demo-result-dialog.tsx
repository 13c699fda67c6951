/**
 * Add/edit modal of the per-grade results demo (docs/product.md#per-grade-demo): student name, student ID,
 * subject, exam type, marks, total marks and date, all required; the grade is read-only and follows the marks as
 * they are typed. Saving hands the parsed values to the parent (which appends or replaces in its local state).
 */
import { useEffect, useId, type ReactNode } from "react";
import { Controller, useForm, useWatch, type FieldPath, type Resolver } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
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
import { Label } from "~/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import { parseTypedNumber } from "@worker/lib/typed-number";
import { useReasonText } from "~/lib/reason-text";
import { cn } from "~/lib/utils";
import { demoResultSchema, type DemoResultFields, type DemoResultValues } from "./demo-result.schema";
import { RESULT_SUBJECTS } from "@worker/lib/subjects";
import { EXAM_TYPES, demoLetterGrade, type DemoResult } from "./sample-data";
import { GradeBadge } from "./grade-badge";

const resolver = zodResolver(demoResultSchema) as unknown as Resolver<DemoResultFields, unknown, DemoResultValues>;

const toFields = (r: DemoResult | null): DemoResultFields =>
  r
    ? {
        student: r.student,
        studentId: r.studentId,
        subject: r.subject,
        examType: r.examType,
        marks: String(r.marks),
        totalMarks: String(r.totalMarks),
        date: r.date,
      }
    : { student: "", studentId: "", subject: "", examType: "", marks: "", totalMarks: "100", date: "" };

function Field({
  id,
  label,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn("grid content-start gap-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

export interface DemoResultDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The result being edited, or null to add one. */
  result: DemoResult | null;
  onSave: (values: DemoResultValues) => void;
}

/** The modal; its fields reset whenever it opens. */
export function DemoResultDialog({ open, onOpenChange, result, onSave }: DemoResultDialogProps) {
  const { t } = useTranslation();
  const { messageText } = useReasonText();
  const uid = useId();
  const { register, control, handleSubmit, reset, formState } = useForm<DemoResultFields, unknown, DemoResultValues>({
    resolver,
    defaultValues: toFields(null),
  });
  const [marks, total] = useWatch({ control, name: ["marks", "totalMarks"] });

  useEffect(() => {
    if (open) reset(toFields(result));
  }, [open, result, reset]);

  const m = parseTypedNumber(marks ?? "", { decimals: 2 });
  const tot = parseTypedNumber(total ?? "", { decimals: 2 });
  const grade =
    m.ok && tot.ok && tot.hundredths > 0 && m.hundredths <= tot.hundredths ? demoLetterGrade(m.value, tot.value) : null;

  const id = (name: string) => `${uid}-${name}`;
  const err = (name: FieldPath<DemoResultFields>) => {
    const text = formState.errors[name]?.message;
    return text ? messageText(text) : undefined;
  };
  const aria = (name: FieldPath<DemoResultFields>) => ({
    "aria-invalid": err(name) ? true : undefined,
    "aria-describedby": err(name) ? `${id(name)}-error` : undefined,
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("nav.close")} className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>
            {result ? t("gradeDemo.results.form.editTitle") : t("gradeDemo.results.form.addTitle")}
          </DialogTitle>
          <DialogDescription>{t("gradeDemo.results.form.description")}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={handleSubmit(onSave)} className="grid gap-5">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={id("student")} label={t("gradeDemo.results.form.student")} error={err("student")}>
              <Input id={id("student")} autoComplete="off" {...aria("student")} {...register("student")} />
            </Field>
            <Field id={id("studentId")} label={t("gradeDemo.results.form.studentId")} error={err("studentId")}>
              <Input
                id={id("studentId")}
                dir="ltr"
                autoComplete="off"
                className="font-mono rtl:text-end"
                {...aria("studentId")}
                {...register("studentId")}
              />
            </Field>
            <Field id={id("subject")} label={t("gradeDemo.results.form.subject")} error={err("subject")}>
              <Controller
                control={control}
                name="subject"
                render={({ field }) => (
                  <Select value={field.value || undefined} onValueChange={field.onChange} name={field.name}>
                    <SelectTrigger
                      id={id("subject")}
                      ref={field.ref}
                      onBlur={field.onBlur}
                      className="w-full"
                      {...aria("subject")}
                    >
                      <SelectValue placeholder={t("gradeDemo.results.form.selectSubject")} />
                    </SelectTrigger>
                    <SelectContent>
                      {RESULT_SUBJECTS.map((s) => (
                        <SelectItem key={s} value={s}>
                          {t(`results.subjects.${s}`, { defaultValue: s })}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </Field>
            <Field id={id("examType")} label={t("gradeDemo.results.form.examType")} error={err("examType")}>
              <Controller
                control={control}
                name="examType"
                render={({ field }) => (
                  <Select value={field.value || undefined} onValueChange={field.onChange} name={field.name}>
                    <SelectTrigger
                      id={id("examType")}
                      ref={field.ref}
                      onBlur={field.onBlur}
                      className="w-full"
                      {...aria("examType")}
                    >
                      <SelectValue placeholder={t("gradeDemo.results.form.selectExamType")} />
                    </SelectTrigger>
                    <SelectContent>
                      {EXAM_TYPES.map((e) => (
                        <SelectItem key={e} value={e}>
                          {t(`gradeDemo.results.examTypes.${e}`)}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </Field>
            <Field id={id("marks")} label={t("gradeDemo.results.form.marks")} error={err("marks")}>
              <Input
                id={id("marks")}
                inputMode="decimal"
                dir="ltr"
                autoComplete="off"
                className="rtl:text-end"
                {...aria("marks")}
                {...register("marks")}
              />
            </Field>
            <Field id={id("totalMarks")} label={t("gradeDemo.results.form.totalMarks")} error={err("totalMarks")}>
              <Input
                id={id("totalMarks")}
                inputMode="decimal"
                dir="ltr"
                autoComplete="off"
                className="rtl:text-end"
                {...aria("totalMarks")}
                {...register("totalMarks")}
              />
            </Field>
            <Field id={id("date")} label={t("gradeDemo.results.form.date")} error={err("date")}>
              <Input id={id("date")} type="date" {...aria("date")} {...register("date")} />
            </Field>
            <div className="grid content-start gap-1.5">
              <span id={id("grade")} className="text-sm leading-none font-medium">
                {t("gradeDemo.results.form.grade")}
              </span>
              <div
                role="status"
                aria-labelledby={id("grade")}
                className="flex h-9 items-center justify-between gap-2 rounded-md border border-dashed bg-muted/40 px-3 text-sm"
              >
                {grade ? <GradeBadge grade={grade} /> : <span className="text-muted-foreground">—</span>}
                <span className="text-xs text-muted-foreground">{t("gradeDemo.results.form.gradeHint")}</span>
              </div>
            </div>
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{t("gradeDemo.results.form.cancel")}</Button>
            </DialogClose>
            <Button type="submit">
              {result ? t("gradeDemo.results.form.update") : t("gradeDemo.results.form.add")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
