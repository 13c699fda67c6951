/**
 * One academic year on the Academic years page (docs/product.md#academic-years-and-rollover): its name, state, the
 * year's and the terms' dates, and what the administrator may do with it now.
 */
import { useTranslation } from "react-i18next";
import type { AcademicYearJson } from "@worker/contracts/academic-years";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { formatSchoolDay, localDigits } from "~/lib/format";

const STATE_BADGE = { current: "success", upcoming: "secondary", closed: "outline" } as const;

/** What the card offers; each is null when the year cannot take it now. */
export interface YearActions {
  onEdit: (() => void) | null;
  onMakeCurrent: (() => void) | null;
  onClose: (() => void) | null;
}

/** The card. */
export function YearCard({ year, actions }: { year: AcademicYearJson; actions: YearActions }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const range = (from: string, to: string) =>
    t("academicYears.table.range", { from: formatSchoolDay(from, lang), to: formatSchoolDay(to, lang) });
  return (
    <li
      className="grid gap-3 rounded-lg border bg-card p-4 shadow-xs"
      data-year={year.name}
      aria-current={year.state === "current" ? "true" : undefined}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold tabular-nums">{localDigits(year.name, lang)}</h2>
        <Badge variant={STATE_BADGE[year.state]}>{t(`academicYears.states.${year.state}`)}</Badge>
      </div>
      <dl className="grid gap-1 text-sm">
        {(
          [
            ["dates", year.start_date, year.end_date],
            ["term1", year.term1_start, year.term1_end],
            ["term2", year.term2_start, year.term2_end],
          ] as const
        ).map(([key, from, to]) => (
          <div key={key} className="flex flex-wrap justify-between gap-x-3">
            <dt className="text-muted-foreground">{t(`academicYears.table.${key}`)}</dt>
            <dd>{range(from, to)}</dd>
          </div>
        ))}
      </dl>
      {(actions.onEdit || actions.onMakeCurrent || actions.onClose) && (
        <div className="flex flex-wrap gap-2">
          {actions.onEdit && (
            <Button variant="outline" size="sm" onClick={actions.onEdit}>
              {t("academicYears.editDates")}
            </Button>
          )}
          {actions.onMakeCurrent && (
            <Button size="sm" onClick={actions.onMakeCurrent}>
              {t("academicYears.makeCurrent")}
            </Button>
          )}
          {actions.onClose && (
            <Button variant="outline" size="sm" onClick={actions.onClose}>
              {t("academicYears.closeYear")}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
