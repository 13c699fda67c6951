/**
 * The student found (docs/product.md#teacher-selection): a card with name, national ID and grade; the status line of
 * the page mode (choose / can update until the deadline / update used / period closed); and the current
 * selections (subject, teacher, group number, selection date in Cairo time) as a table from `sm` and as stacked
 * cards on phones. The selections section is the scroll target after a save.
 */
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { CalendarClock, CircleCheck, IdCard, Info, Lock, School, type LucideIcon } from "lucide-react";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { cn } from "~/lib/utils";
import { formatCairoDateTime, num } from "./format";
import type { ExistingSelection, SelectionMode, SelectionState, SelectionStudent } from "./model";
import { SELECTIONS_ID } from "./selection-ui";
import { FactList } from "~/components/public-ui/fact-list";

const STATUS: Record<SelectionMode, { icon: LucideIcon; tone: string }> = {
  choose: { icon: Info, tone: "border-blue-200 bg-blue-50 text-blue-900" },
  update: { icon: CalendarClock, tone: "border-amber-300 bg-amber-50 text-amber-950" },
  used: { icon: CircleCheck, tone: "border-emerald-200 bg-emerald-50 text-emerald-900" },
  closed: { icon: Lock, tone: "border-slate-200 bg-slate-100 text-slate-800" },
  locked: { icon: Lock, tone: "border-slate-200 bg-slate-100 text-slate-800" },
};

/** The status sentence for a mode; `locked` says whether the deadline passed or the period allows no changes. */
function statusText(t: TFunction, mode: SelectionMode, state: SelectionState, lang: string) {
  const deadline = formatCairoDateTime(state.updateDeadline, lang);
  if (mode === "update") return t("selection.status.update", { deadline });
  if (mode === "locked") {
    const passed = !!state.updateDeadline && Date.parse(state.updateDeadline) < Date.now();
    return passed ? t("selection.status.deadlinePassed", { deadline }) : t("selection.status.noChanges");
  }
  return t(`selection.status.${mode}`);
}

export function StudentPanel({
  student,
  state,
  mode,
}: {
  student: SelectionStudent;
  state: SelectionState;
  mode: SelectionMode;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { icon: StatusIcon, tone } = STATUS[mode];
  const facts = [
    {
      icon: IdCard,
      label: t("selection.student.nationalId"),
      value: (
        <span dir="ltr" className="font-mono tabular-nums">
          {student.student_no}
        </span>
      ),
    },
    {
      icon: School,
      label: t("selection.student.grade"),
      value: t(`admin.grades.${student.current_grade}`, { defaultValue: student.current_grade }),
    },
  ];

  return (
    <article aria-labelledby="student-name" className="overflow-hidden rounded-2xl border bg-card shadow-sm">
      <header className="relative bg-blue-950 px-5 py-5 text-white sm:px-7">
        <div aria-hidden="true" className="absolute inset-x-0 bottom-0 h-1 bg-amber-400" />
        <p className="text-sm font-semibold text-amber-300">{t("selection.student.eyebrow")}</p>
        <h2 id="student-name" className="mt-1 text-xl font-bold text-balance sm:text-2xl">
          {student.full_name}
        </h2>
      </header>

      <div className="space-y-5 px-5 py-6 sm:px-7">
        <FactList facts={facts} />

        <p
          data-mode={mode}
          className={cn(
            "flex items-start gap-2.5 rounded-xl border px-4 py-3 text-sm leading-relaxed font-semibold",
            tone,
          )}
        >
          <StatusIcon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <span>{statusText(t, mode, state, lang)}</span>
        </p>

        <section
          id={SELECTIONS_ID}
          tabIndex={-1}
          aria-labelledby={`${SELECTIONS_ID}-title`}
          className="scroll-mt-24 outline-none"
        >
          <h3 id={`${SELECTIONS_ID}-title`} className="text-lg font-bold text-blue-950">
            {t("selection.current.title")}
          </h3>
          {state.selections.length === 0 ? (
            <p className="mt-2 rounded-xl border border-dashed bg-muted/30 px-4 py-5 text-center text-sm text-muted-foreground">
              {t("selection.current.empty")}
            </p>
          ) : (
            <SelectionsList selections={state.selections} lang={lang} />
          )}
        </section>
      </div>
    </article>
  );
}

function SelectionsList({ selections, lang }: { selections: ExistingSelection[]; lang: string }) {
  const { t } = useTranslation();
  const group = (n: number) => t("selection.groupN", { n: num(n, lang) });
  return (
    <>
      <div className="mt-3 hidden overflow-hidden rounded-xl border sm:block">
        <Table>
          <TableHeader className="bg-muted/50">
            <TableRow>
              <TableHead className="text-start">{t("selection.current.subject")}</TableHead>
              <TableHead className="text-start">{t("selection.current.teacher")}</TableHead>
              <TableHead className="text-start">{t("selection.current.group")}</TableHead>
              <TableHead className="text-start">{t("selection.current.date")}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {selections.map((s) => (
              <TableRow key={s.subject_id}>
                <TableCell className="font-semibold text-blue-950">{s.subject_name}</TableCell>
                <TableCell>{s.teacher_name}</TableCell>
                <TableCell>
                  <span className="inline-flex rounded-full bg-blue-50 px-2.5 py-0.5 text-xs font-bold text-blue-900">
                    {group(s.session_number)}
                  </span>
                </TableCell>
                <TableCell className="text-muted-foreground">{formatCairoDateTime(s.selection_date, lang)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="mt-3 grid gap-2.5 sm:hidden">
        {selections.map((s) => (
          <li key={s.subject_id} className="rounded-xl border bg-card px-4 py-3">
            <div className="flex items-start justify-between gap-2">
              <p className="font-bold text-blue-950">{s.subject_name}</p>
              <span className="inline-flex shrink-0 rounded-full bg-blue-50 px-2.5 py-0.5 text-xs font-bold text-blue-900">
                {group(s.session_number)}
              </span>
            </div>
            <dl className="mt-1.5 grid gap-1 text-sm">
              <div className="flex flex-wrap gap-x-1.5">
                <dt className="whitespace-nowrap text-muted-foreground">{t("selection.current.teacher")}:</dt>
                <dd className="font-semibold">{s.teacher_name}</dd>
              </div>
              <div className="flex flex-wrap gap-x-1.5">
                <dt className="whitespace-nowrap text-muted-foreground">{t("selection.current.date")}:</dt>
                <dd>{formatCairoDateTime(s.selection_date, lang)}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
