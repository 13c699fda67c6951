/**
 * A small select of the academic years in the data (docs/product.md#academic-years-and-rollover, #csv-exports),
 * newest first, whose value defaults to the current year: what an export button exports. The list comes from the
 * console's one years loader (`useAcademicYears`); a value the list does not have yet stays offered.
 */
import { useTranslation } from "react-i18next";
import { localDigits } from "~/lib/format";
import { useAcademicYears } from "./years-api";

/** The year a `YearSelect` holds: the one chosen, else the current year (null until the list has answered). */
export function useChosenYear(chosen: string | null): string | null {
  const { current } = useAcademicYears();
  return chosen ?? current;
}

export function YearSelect({
  value,
  onChange,
  label,
}: {
  /** The year shown ("YYYY-YYYY"), or null before the list has answered. */
  value: string | null;
  onChange: (year: string) => void;
  /** Its accessible name, e.g. "Year of the export". */
  label: string;
}) {
  const { i18n } = useTranslation();
  const { names } = useAcademicYears();
  const choices = names.toReversed();
  return (
    <select
      aria-label={label}
      title={label}
      className="h-9 rounded-md border border-input bg-background px-2 text-sm shadow-xs focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
      value={value ?? ""}
      disabled={!value}
      onChange={(e) => onChange(e.target.value)}
    >
      {value && !choices.includes(value) && <option value={value}>{localDigits(value, i18n.language)}</option>}
      {!value && <option value="">…</option>}
      {choices.map((y) => (
        <option key={y} value={y}>
          {localDigits(y, i18n.language)}
        </option>
      ))}
    </select>
  );
}
