/**
 * The import's year (docs/product.md#bulk-import): the academic year of rows that name none — a fee account's, an
 * enrolment's, a result's — from the years in the data, default the current one; for results the semester too. A
 * file with its own Academic Year (and Semester) columns keeps each row's own.
 */
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { localDigits } from "~/lib/format";
import { SEMESTERS, type Semester } from "@worker/contracts/results";
import { useAcademicYears } from "~/features/academic-years/admin/years-api";
import type { ImportOptions } from "./import-api";
import { IMPORT_SELECT_CLASS } from "./import-select";

export function TermFields({
  options,
  onChange,
  semester = true,
}: {
  options: Required<ImportOptions>;
  onChange: (next: Required<ImportOptions>) => void;
  /** false: the year alone (fees, students). */
  semester?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { names, current } = useAcademicYears();
  // Rows that name no year default to the current one, once the list has answered.
  useEffect(() => {
    if (!options.academic_year_name && current) onChange({ ...options, academic_year_name: current });
  }, [options, current, onChange]);
  const years = names.includes(options.academic_year_name) ? names : [options.academic_year_name, ...names];
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <label className="grid gap-1 text-sm">
        {t("importing.year")}
        <select
          className={IMPORT_SELECT_CLASS}
          value={options.academic_year_name}
          onChange={(e) => onChange({ ...options, academic_year_name: e.target.value })}
        >
          {years.filter(Boolean).map((y) => (
            <option key={y} value={y}>
              {localDigits(y, i18n.language)}
            </option>
          ))}
        </select>
      </label>
      {semester && (
        <label className="grid gap-1 text-sm">
          {t("importing.semester")}
          <select
            className={IMPORT_SELECT_CLASS}
            value={options.semester}
            onChange={(e) => onChange({ ...options, semester: e.target.value as Semester })}
          >
            {SEMESTERS.map((x) => (
              <option key={x} value={x}>
                {x}
              </option>
            ))}
          </select>
        </label>
      )}
      <p className="text-xs text-muted-foreground sm:col-span-2">
        {t(semester ? "importing.termHint" : "importing.yearHint")}
      </p>
    </div>
  );
}
