/**
 * The teacher cards, grouped by subject (docs/product.md#teacher-selection): one radiogroup per subject, built on native radio inputs so
 * Tab enters a subject and the arrow keys move between its teachers. Each card shows the teacher, the building, the
 * seats left in group 1 and group 2 and the group the server would assign now. A card with no seat in either group
 * is disabled and marked full — except the student's own current teacher in update mode, whose seat the update
 * frees. Choosing only changes local state; nothing is saved until confirmed.
 */
import { useTranslation } from "react-i18next";
import { Building2, Check, CircleDot, Sparkles, Users } from "lucide-react";
import { cn } from "~/lib/utils";
import { num } from "./format";
import { isFull, type Choices, type ExistingSelection, type SubjectGroup, type TeacherOption } from "./model";

export function TeacherPicker({
  groups,
  choices,
  saved,
  disabled,
  onChoose,
}: {
  groups: SubjectGroup[];
  choices: Choices;
  /** The current selections (update mode): their teachers stay choosable even when full. */
  saved: ExistingSelection[];
  disabled: boolean;
  onChoose: (subjectId: number, teacherId: number) => void;
}) {
  const own = new Set(saved.map((s) => s.teacher_id));
  return (
    <div className="grid gap-6">
      {groups.map((g) => (
        <SubjectSection
          key={g.subject_id}
          group={g}
          chosen={choices[g.subject_id]}
          own={own}
          disabled={disabled}
          onChoose={onChoose}
        />
      ))}
    </div>
  );
}

function SubjectSection({
  group,
  chosen,
  own,
  disabled,
  onChoose,
}: {
  group: SubjectGroup;
  chosen: number | undefined;
  own: Set<number>;
  disabled: boolean;
  onChoose: (subjectId: number, teacherId: number) => void;
}) {
  const { t } = useTranslation();
  const headingId = `subject-${group.subject_id}-title`;
  const done = chosen !== undefined;
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border bg-card p-4 shadow-sm sm:p-5">
      <div className="mb-3.5 flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-lg font-bold text-blue-950">
          {group.subject_name}
        </h3>
        <span
          className={cn(
            "inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-bold",
            done ? "bg-emerald-50 text-emerald-800" : "bg-muted text-muted-foreground",
          )}
        >
          {done ? (
            <Check className="size-3.5" aria-hidden="true" />
          ) : (
            <CircleDot className="size-3.5" aria-hidden="true" />
          )}
          {t(done ? "selection.picker.subjectDone" : "selection.picker.subjectPending")}
        </span>
      </div>
      <div
        role="radiogroup"
        aria-labelledby={headingId}
        aria-required="true"
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
      >
        {group.teachers.map((teacher) => (
          <TeacherCard
            key={teacher.teacher_id}
            teacher={teacher}
            checked={chosen === teacher.teacher_id}
            current={own.has(teacher.teacher_id)}
            disabled={disabled}
            onChoose={() => onChoose(group.subject_id, teacher.teacher_id)}
          />
        ))}
      </div>
    </section>
  );
}

function TeacherCard({
  teacher,
  checked,
  current,
  disabled,
  onChoose,
}: {
  teacher: TeacherOption;
  checked: boolean;
  current: boolean;
  disabled: boolean;
  onChoose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const full = isFull(teacher) && !current;
  const inputId = `teacher-${teacher.teacher_id}`;
  const seatsId = `${inputId}-seats`;
  const seatLine = (n: 1 | 2, left: number) =>
    left > 0
      ? t("selection.teacher.seats", { count: left, group: num(n, lang), n: num(left, lang) })
      : t("selection.teacher.noSeats", { group: num(n, lang) });

  return (
    <label
      htmlFor={inputId}
      data-teacher-card={teacher.teacher_id}
      data-full={full || undefined}
      className={cn(
        "relative flex cursor-pointer flex-col gap-3 rounded-xl border-2 bg-background p-4 transition-[border-color,background-color,box-shadow]",
        "has-[input:focus-visible]:ring-[3px] has-[input:focus-visible]:ring-ring/50",
        checked ? "border-primary bg-primary/5 shadow-sm" : "border-border hover:border-primary/40",
        full && "cursor-not-allowed border-dashed bg-muted/40 hover:border-border",
        disabled && !full && "cursor-wait",
      )}
    >
      <input
        id={inputId}
        type="radio"
        name={`subject-${teacher.subject_id}`}
        value={teacher.teacher_id}
        checked={checked}
        disabled={full || disabled}
        aria-describedby={seatsId}
        onChange={onChoose}
        className="sr-only"
      />
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className={cn(
            "mt-0.5 grid size-5 shrink-0 place-items-center rounded-full border-2",
            checked ? "border-primary bg-primary text-primary-foreground" : "border-muted-foreground/40 bg-background",
            full && "border-muted-foreground/20",
          )}
        >
          {checked && <Check className="size-3" strokeWidth={3} />}
        </span>
        <div className="min-w-0 flex-1">
          <p
            data-teacher-name=""
            className={cn("font-bold leading-snug", full ? "text-muted-foreground" : "text-blue-950")}
          >
            {teacher.teacher_name}
          </p>
          <p className="mt-0.5 flex items-center gap-1 text-sm text-muted-foreground">
            <Building2 className="size-3.5 shrink-0" aria-hidden="true" />
            {t("selection.teacher.building", { n: num(Number(teacher.building_no), lang) })}
          </p>
          {current && (
            <span className="mt-1.5 inline-flex rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-bold text-amber-900">
              {t("selection.teacher.current")}
            </span>
          )}
        </div>
        {full && (
          <span className="shrink-0 rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-bold text-red-700">
            {t("selection.teacher.full")}
          </span>
        )}
      </div>

      <ul id={seatsId} className="grid gap-1.5 text-sm">
        {([1, 2] as const).map((n) => {
          const left = n === 1 ? teacher.session_1_available : teacher.session_2_available;
          return (
            <li key={n} data-session={n} className="flex items-center gap-2">
              <Users
                className={cn(
                  "size-4 shrink-0",
                  left === 0 ? "text-red-600" : left <= 5 ? "text-amber-600" : "text-emerald-600",
                )}
                aria-hidden="true"
              />
              <span className={cn(left === 0 ? "text-red-700" : "text-foreground")}>{seatLine(n, left)}</span>
            </li>
          );
        })}
        {teacher.recommended_session !== null && !full && (
          <li className="flex items-center gap-2 font-semibold text-primary">
            <Sparkles className="size-4 shrink-0" aria-hidden="true" />
            {t("selection.teacher.recommended", { group: num(teacher.recommended_session, lang) })}
          </li>
        )}
      </ul>
    </label>
  );
}
