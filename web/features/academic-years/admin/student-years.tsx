/**
 * A student's years in the student dialog (docs/product.md#academic-years-and-rollover), read-only, newest first:
 * one line each with the year, grade, building, section and, once the year has closed, its outcome.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { EnrolmentJson } from "@worker/contracts/students";
import { Skeleton } from "~/components/ui/skeleton";
import { apiClient, call } from "~/lib/api";
import { formatNumber, localDigits } from "~/lib/format";

/** `GET /api/students/{id}/enrolments`. */
async function fetchYears(id: number): Promise<EnrolmentJson[]> {
  return (await call(apiClient().api.students[":id"].enrolments.$get({ param: { id: String(id) } }))).enrolments;
}

/** The section; loaded when the dialog opens for student `studentId`. */
export function StudentYears({ studentId }: { studentId: number }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [rows, setRows] = useState<EnrolmentJson[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setRows(null);
    setFailed(false);
    fetchYears(studentId).then(
      (list) => live && setRows(list),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [studentId]);
  return (
    <section aria-labelledby="student-years" className="grid gap-2" data-student-years>
      <h3 id="student-years" className="text-sm font-semibold">
        {t("academicYears.student.title")}
      </h3>
      {failed ? (
        <p className="text-sm text-destructive">{t("academicYears.student.failed")}</p>
      ) : rows === null ? (
        <Skeleton className="h-10 w-full" />
      ) : rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("academicYears.student.empty")}</p>
      ) : (
        <ul className="grid gap-2 text-sm">
          {rows.map((e) => (
            <li
              key={e.academic_year_name}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border px-3 py-2"
            >
              <span className="font-medium tabular-nums">{localDigits(e.academic_year_name, lang)}</span>
              <span>{t(`admin.grades.${e.grade}`, { defaultValue: e.grade })}</span>
              <span className="text-muted-foreground">
                {t("academicYears.student.building", { n: formatNumber(e.building_no, lang) })}
              </span>
              {e.section && (
                <span className="text-muted-foreground">
                  {t("academicYears.student.section", { section: localDigits(e.section, lang) })}
                </span>
              )}
              <span className="ms-auto text-xs text-muted-foreground">
                {e.outcome
                  ? t(`academicYears.student.outcomes.${e.outcome}`)
                  : t(`academicYears.states.${e.year_state}`)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
