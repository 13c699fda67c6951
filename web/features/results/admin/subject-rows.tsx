/**
 * The repeatable subject rows of the admin result form (docs/product.md#results): subject select (the form's list;
 * a subject already used in another row is disabled), marks (≥ 0) and total (> 0, default 100) with up to
 * 2 decimals, kept as typed, the live letter grade on the admin scale, and a remove button that only works while
 * more than one row exists. A teacher's rows of subjects not assigned to them are read-only, and those subjects
 * are not offered; Add Subject shows only while a subject is left to add (docs/product.md#staff-and-roles). Built
 * on react-hook-form's `useFieldArray`.
 */
import {
  Controller,
  useFieldArray,
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Plus, Trash2 } from "lucide-react";
import { RESULT_SUBJECTS } from "@worker/lib/subjects";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import { useReasonText } from "~/lib/reason-text";
import { cn } from "~/lib/utils";
import { canAddSubjectRow, emptySubjectRow, rowLetter, type ResultFormValues } from "./result-form";

const LETTER_TONE: Record<string, string> = {
  "A+": "bg-success/12 text-success",
  A: "bg-success/12 text-success",
  "B+": "bg-primary/10 text-primary",
  B: "bg-primary/10 text-primary",
  C: "bg-warning/15 text-[oklch(0.5_0.13_60)]",
  D: "bg-warning/15 text-[oklch(0.5_0.13_60)]",
  F: "bg-destructive/10 text-destructive",
};

/** A letter grade badge (A+ … F), "Absent" for an absent mark, or a dash. */
export function LetterBadge({ letter, className }: { letter: string | null; className?: string }) {
  const { t } = useTranslation();
  const absent = letter === "absent";
  return (
    <Badge
      variant="outline"
      dir={absent ? undefined : "ltr"}
      className={cn(
        "min-w-9 justify-center border-transparent font-semibold tabular-nums",
        absent
          ? "bg-warning/15 px-1 text-[oklch(0.5_0.13_60)]"
          : letter
            ? LETTER_TONE[letter]
            : "text-muted-foreground",
        className,
      )}
    >
      {absent ? t("results.form.absent") : (letter ?? "—")}
    </Badge>
  );
}

interface SubjectRowsProps {
  control: Control<ResultFormValues, unknown, unknown>;
  register: UseFormRegister<ResultFormValues>;
  errors: FieldErrors<ResultFormValues>;
  /** Whether this person may change a subject's marks (a teacher's assignments); absent: every subject. */
  mayMark?: (subject: string) => boolean;
}

/** The subject rows with their header and the Add Subject button. */
export function SubjectRows({ control, register, errors, mayMark }: SubjectRowsProps) {
  const { t } = useTranslation();
  const { messageText } = useReasonText();
  const { fields, append, remove } = useFieldArray({ control, name: "subject_scores" });
  const rows = useWatch({ control, name: "subject_scores" }) ?? [];
  const used = new Set(rows.map((r) => r?.subject_name).filter(Boolean));
  const canRemove = fields.length > 1;
  // Phones: the subject takes a line of its own, marks/total/grade/remove share the next one.
  const gridCols =
    "grid-cols-[minmax(0,1fr)_minmax(0,1fr)_3rem_2.25rem] sm:grid-cols-[minmax(0,1fr)_6rem_6rem_3.5rem_2.25rem]";

  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">{t("results.form.subjects")}</legend>
      <p className="mb-1 text-xs text-muted-foreground">{t("results.form.absentHint")}</p>
      <div
        aria-hidden="true"
        className={cn("hidden gap-2 px-0.5 text-xs font-medium text-muted-foreground sm:grid", gridCols)}
      >
        <span>{t("results.form.subject")}</span>
        <span>{t("results.form.marks")}</span>
        <span>{t("results.form.total")}</span>
        <span className="text-center">{t("results.form.letter")}</span>
        <span />
      </div>
      <ol className="grid gap-2">
        {fields.map((field, i) => {
          const rowErrors = errors.subject_scores?.[i];
          const messages = [
            rowErrors?.subject_name?.message,
            rowErrors?.score?.message,
            rowErrors?.max_score?.message,
          ].filter(Boolean) as string[];
          const n = i + 1;
          const subject = rows[i]?.subject_name;
          const locked = !!mayMark && !!subject && !mayMark(subject);
          return (
            <li key={field.id} className="grid gap-1">
              <div className={cn("grid items-center gap-2", gridCols)}>
                <Controller
                  control={control}
                  name={`subject_scores.${i}.subject_name`}
                  render={({ field: f }) => (
                    <Select value={f.value} onValueChange={f.onChange} disabled={locked}>
                      <SelectTrigger
                        className="col-span-4 w-full min-w-0 sm:col-span-1"
                        aria-label={`${t("results.form.subject")} ${n}`}
                        aria-invalid={!!rowErrors?.subject_name}
                        onBlur={f.onBlur}
                      >
                        <SelectValue placeholder={t("results.form.selectSubject")} />
                      </SelectTrigger>
                      <SelectContent>
                        {RESULT_SUBJECTS.filter((s) => s === f.value || !mayMark || mayMark(s)).map((s) => (
                          <SelectItem key={s} value={s} disabled={s !== f.value && used.has(s)}>
                            {t(`results.subjects.${s}`)}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                />
                {(["score", "max_score"] as const).map((name) => {
                  return (
                    <Input
                      key={name}
                      {...register(`subject_scores.${i}.${name}`)}
                      readOnly={locked}
                      aria-label={`${t(name === "score" ? "results.form.marks" : "results.form.total")} ${n}`}
                      placeholder={t(name === "score" ? "results.form.marks" : "results.form.total")}
                      aria-invalid={!!rowErrors?.[name]}
                      aria-describedby={messages.length > 0 ? `subject-row-${n}-error` : undefined}
                      inputMode="decimal"
                      autoComplete="off"
                      dir="ltr"
                      className={cn(
                        "px-2 text-center tabular-nums placeholder:text-xs",
                        locked && "bg-muted/60 text-muted-foreground",
                      )}
                    />
                  );
                })}
                <div className="flex justify-center" aria-live="polite">
                  <LetterBadge letter={rowLetter(rows[i]?.score ?? "", rows[i]?.max_score ?? "")} />
                </div>
                <Button
                  size="icon"
                  variant="ghost"
                  className="size-9 text-muted-foreground hover:text-destructive"
                  aria-label={t("results.form.removeSubject", { n })}
                  title={t("results.form.removeSubject", { n })}
                  disabled={!canRemove || locked}
                  onClick={() => canRemove && !locked && remove(i)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
              {messages.length > 0 && (
                <p role="alert" id={`subject-row-${n}-error`} className="text-xs text-destructive">
                  {messages.map((m) => messageText(m)).join(" · ")}
                </p>
              )}
            </li>
          );
        })}
      </ol>
      {canAddSubjectRow(rows, mayMark) && (
        <div>
          <Button variant="outline" size="sm" onClick={() => append(emptySubjectRow())}>
            <Plus aria-hidden="true" />
            {t("results.form.addSubject")}
          </Button>
        </div>
      )}
    </fieldset>
  );
}
