/**
 * One closing grade in the Close the year dry run (docs/product.md#the-year-end-rollover): the grade → its next
 * grade, its counts, and, once expanded, its students in a table where the office marks exceptions.
 */
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ChevronDown } from "lucide-react";
import type { RolloverPreview } from "@worker/contracts/rollover";
import { DataTable } from "~/components/data-table";
import { formatNumber } from "~/lib/format";
import { cn } from "~/lib/utils";
import { rolloverColumns, type ExceptionHandlers } from "./rollover-columns";

type GradeRow = RolloverPreview["grades"][number];

export const OUTCOME_KEYS = ["promoted", "retained", "graduated", "left"] as const;

/** The counts as small labelled figures. */
export function Counts({ counts }: { counts: GradeRow["counts"] }) {
  const { t, i18n } = useTranslation();
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {OUTCOME_KEYS.map((k) => (
        <li key={k} className={cn(counts[k] === 0 && "text-muted-foreground")}>
          {t(`rollover.outcome.${k}`)}: <strong>{formatNumber(counts[k], i18n.language)}</strong>
        </li>
      ))}
    </ul>
  );
}

/** A grade's row of the dry run; its table mounts only when expanded. */
export function GradePanel({ g, handlers }: { g: GradeRow; handlers: ExceptionHandlers }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const columns = useMemo(() => rolloverColumns(t, i18n.language, handlers), [t, i18n.language, handlers]);
  const grade = (x: string | null) => (x ? t(`admin.grades.${x}`, { defaultValue: x }) : t("rollover.graduates"));
  const id = `grade-${g.grade}`;
  return (
    <section className="rounded-lg border bg-card" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`} className="m-0">
        <button
          type="button"
          className="flex w-full flex-wrap items-center justify-between gap-2 p-4 text-start"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((o) => !o)}
        >
          <span className="font-semibold">
            {grade(g.grade)}{" "}
            <span aria-hidden="true" className="rtl:hidden">
              →
            </span>
            <span aria-hidden="true" className="ltr:hidden">
              ←
            </span>
            <span className="sr-only">{t("rollover.to")}</span> {grade(g.next_grade)}
            <span className="ms-2 text-sm font-normal text-muted-foreground">
              ({t("rollover.studentsCount", { count: g.counts.total, n: formatNumber(g.counts.total, i18n.language) })})
            </span>
          </span>
          <ChevronDown className={cn("size-4 transition-transform", open && "rotate-180")} aria-hidden="true" />
        </button>
      </h3>
      <div className="px-4 pb-3">
        <Counts counts={g.counts} />
      </div>
      {open && (
        <div id={id} className="border-t p-2">
          <DataTable
            label={t("rollover.table.label", { grade: grade(g.grade) })}
            columns={columns}
            data={g.students}
            getRowId={(s) => String(s.student_id)}
            emptyState={t("rollover.table.empty")}
          />
        </div>
      )}
    </section>
  );
}
