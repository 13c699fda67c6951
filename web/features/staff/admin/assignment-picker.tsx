/**
 * The teacher's classes (docs/product.md#staff-and-roles): one line per grade with a checkbox for all its subjects
 * (mixed when some are ticked) and how many are ticked; opening a grade lists its subjects to tick one by one. Grades
 * that already have a class start open. The model (what is ticked, the list sent) is assignment-model.ts.
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ChevronDown } from "lucide-react";
import { GRADES, type Grade } from "@worker/lib/school-grades";
import { RESULT_SUBJECTS } from "@worker/lib/subjects";
import { Badge } from "~/components/ui/badge";
import { formatNumber } from "~/lib/format";
import { cn } from "~/lib/utils";
import {
  cellKey,
  gradeState,
  gradesOf,
  toggleCell,
  toggleGrade,
  type LineState,
  type Ticked,
} from "./assignment-model";

const BOX = "size-4 shrink-0 cursor-pointer rounded accent-primary";

/** A checkbox that shows "mixed" for `some`. */
function LineCheckbox({ state, label, onChange }: { state: LineState; label: string; onChange: () => void }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = state === "some";
  }, [state]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className={BOX}
      checked={state === "all"}
      aria-checked={state === "some" ? "mixed" : state === "all"}
      aria-label={label}
      onChange={onChange}
    />
  );
}

/** One grade: its checkbox, name, count and (open) subjects. */
function GradeLine({
  grade,
  ticked,
  open,
  onOpen,
  onChange,
  idPrefix,
}: {
  grade: Grade;
  ticked: Ticked;
  open: boolean;
  onOpen: () => void;
  onChange: (next: Ticked) => void;
  idPrefix: string;
}) {
  const { t, i18n } = useTranslation();
  const name = t(`admin.grades.${grade}`);
  const count = RESULT_SUBJECTS.filter((s) => ticked.has(cellKey(grade, s))).length;
  const listId = `${idPrefix}-${grade}`;
  return (
    <li className="rounded-md border bg-background">
      <div className="flex items-center gap-3 px-3 py-2">
        <LineCheckbox
          state={gradeState(ticked, grade)}
          label={t("staff.form.wholeGrade", { grade: name })}
          onChange={() => onChange(toggleGrade(ticked, grade))}
        />
        <button
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={onOpen}
          className="flex min-w-0 flex-1 items-center gap-2 rounded-sm text-start text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <span className="min-w-0 flex-1 truncate font-medium">{name}</span>
          {count > 0 && (
            <Badge variant="secondary" className="tabular-nums">
              {formatNumber(count, i18n.language)}
            </Badge>
          )}
          <ChevronDown
            className={cn("size-4 shrink-0 text-muted-foreground transition-transform", open && "rotate-180")}
            aria-hidden="true"
          />
        </button>
      </div>
      {open && (
        <ul
          id={listId}
          aria-label={name}
          className="grid grid-cols-1 gap-x-4 gap-y-1 border-t px-3 py-2 sm:grid-cols-2"
        >
          {RESULT_SUBJECTS.map((subject) => (
            <li key={subject}>
              <label className="flex cursor-pointer items-center gap-2 rounded-sm py-1 text-sm">
                <input
                  type="checkbox"
                  className={BOX}
                  checked={ticked.has(cellKey(grade, subject))}
                  onChange={() => onChange(toggleCell(ticked, grade, subject))}
                  aria-label={t("staff.form.cell", { subject: t(`results.subjects.${subject}`), grade: name })}
                />
                <span aria-hidden="true">{t(`results.subjects.${subject}`)}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** The picker; `value` is the ticked cells, `onChange` gets the next set. */
export function AssignmentPicker({
  value,
  onChange,
  error,
  idPrefix = "assignments",
}: {
  value: Ticked;
  onChange: (next: Ticked) => void;
  error?: string;
  idPrefix?: string;
}) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState<ReadonlySet<Grade>>(() => new Set(gradesOf(value)));
  const toggleOpen = (g: Grade) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (!next.delete(g)) next.add(g);
      return next;
    });
  const total = value.size;
  return (
    <fieldset className="grid gap-2" aria-describedby={`${idPrefix}-hint`}>
      <legend className="mb-1 text-sm font-medium">{t("staff.form.assignments")}</legend>
      <p id={`${idPrefix}-hint`} className="text-xs text-muted-foreground">
        {t("staff.form.assignmentsHint")}
      </p>
      <p
        className={cn("text-xs", total ? "font-medium text-foreground" : "text-[oklch(0.45_0.12_60)]")}
        aria-live="polite"
      >
        {total
          ? t("staff.form.assignmentsCount", { count: total, formatted: formatNumber(total, i18n.language) })
          : t("staff.form.assignmentsNone")}
      </p>
      <ul className="grid max-h-72 gap-1.5 overflow-y-auto pe-1">
        {GRADES.map((g) => (
          <GradeLine
            key={g}
            grade={g}
            ticked={value}
            open={open.has(g)}
            onOpen={() => toggleOpen(g)}
            onChange={onChange}
            idPrefix={idPrefix}
          />
        ))}
      </ul>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
