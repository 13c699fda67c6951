/**
 * Filters of the Fees table (docs/product.md#fees): the academic year (the current one, another year from the data, or
 * the arrears: earlier years still owing), grade (All + the admin grade
 * list), status (All, paid, partially_paid, not_paid, overdue), "due within N days" and a text search over name and student ID (Arabic-Indic
 * digits accepted), built from the shared list filters.
 */
import { useTranslation } from "react-i18next";
import { formatNumber, localDigits } from "~/lib/format";
import { useAcademicYears } from "~/features/academic-years/admin/years-api";
import { ARREARS } from "./fees-api";
import { FilterSelect, SearchBox, useGradeOptions } from "~/components/data-table/list-filters";

interface FeesToolbarProps {
  /** "current", an academic year's name, or "arrears" (fees-api.ts ARREARS). */
  year: string;
  onYear: (v: string) => void;
  grade: string;
  onGrade: (v: string) => void;
  status: string;
  onStatus: (v: string) => void;
  search: string;
  onSearch: (v: string) => void;
  dueWithin: string;
  onDueWithin: (v: string) => void;
}

/** The "due within" choices, in days (docs/product.md#fee-plans). */
export const DUE_WITHIN_CHOICES = ["7", "14", "30", "60"] as const;
/** The status filter's values: the record's statuses and "overdue" (an instalment unpaid after its due date). */
export const FEE_FILTER_STATUSES = ["paid", "partially_paid", "not_paid", "overdue"] as const;

/** The Fees filter bar. */
export function FeesToolbar({
  year,
  onYear,
  grade,
  onGrade,
  status,
  onStatus,
  search,
  onSearch,
  dueWithin,
  onDueWithin,
}: FeesToolbarProps) {
  const { t, i18n } = useTranslation();
  const grades = useGradeOptions();
  const academic = useAcademicYears();
  // The years come from the data (newest first); the current one is the default, then the arrears view. A year named
  // by the page's address shows as chosen (the current one as "current"), even before the list arrives.
  const shown = year === academic.current ? "current" : year;
  const others = academic.names.toReversed().filter((y) => y !== academic.current);
  if (shown !== "current" && shown !== ARREARS && !others.includes(shown)) others.unshift(shown);
  const years = [
    {
      value: "current",
      label: t("fees.filters.currentYear", { year: localDigits(academic.current ?? "", i18n.language) }),
    },
    ...others.map((y) => ({ value: y, label: localDigits(y, i18n.language) })),
    { value: ARREARS, label: t("fees.filters.arrears") },
  ];
  const dueChoices = ["All", ...DUE_WITHIN_CHOICES].map((d) => ({
    value: d,
    label:
      d === "All"
        ? t("fees.filters.anyDate")
        : t("fees.filters.days", { count: Number(d), formatted: formatNumber(Number(d), i18n.language) }),
  }));
  const statuses = ["All", ...FEE_FILTER_STATUSES].map((s) => ({
    value: s,
    label: s === "All" ? t("fees.filters.all") : t(`fees.status.${s}`),
  }));
  return (
    <div
      role="search"
      aria-label={t("fees.filters.label")}
      className="flex flex-col gap-3 rounded-lg border bg-card p-3 sm:flex-row sm:flex-wrap sm:items-end"
    >
      <SearchBox
        id="fees-search"
        label={t("fees.filters.search")}
        placeholder={t("fees.filters.searchPlaceholder")}
        clearLabel={t("fees.filters.clearSearch")}
        value={search}
        onChange={onSearch}
      />
      <FilterSelect id="fees-year" label={t("fees.filters.year")} value={shown} onChange={onYear} options={years} />
      <FilterSelect id="fees-grade" label={t("fees.filters.grade")} value={grade} onChange={onGrade} options={grades} />
      <FilterSelect
        id="fees-status"
        label={t("fees.filters.status")}
        value={status}
        onChange={onStatus}
        options={statuses}
      />
      <FilterSelect
        id="fees-due-within"
        label={t("fees.filters.dueWithin")}
        value={dueWithin}
        onChange={onDueWithin}
        options={dueChoices}
      />
      {status === "overdue" && (
        <p className="basis-full text-sm text-muted-foreground" data-testid="overdue-population">
          {t("fees.filters.overdueActiveOnly")}
        </p>
      )}
    </div>
  );
}
