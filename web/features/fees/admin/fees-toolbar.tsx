/**
 * Filters of the Fees table (docs/product.md#fees): grade (All + the admin grade
 * list), status (All, paid, partially_paid, not_paid) and a text search over name and student ID (Arabic-Indic
 * digits accepted), built from the shared list filters.
 */
import { useTranslation } from "react-i18next";
import { FilterSelect, SearchBox, useGradeOptions } from "~/components/data-table/list-filters";

interface FeesToolbarProps {
  grade: string;
  onGrade: (v: string) => void;
  status: string;
  onStatus: (v: string) => void;
  search: string;
  onSearch: (v: string) => void;
}

/** The Fees filter bar. */
export function FeesToolbar({ grade, onGrade, status, onStatus, search, onSearch }: FeesToolbarProps) {
  const { t } = useTranslation();
  const grades = useGradeOptions();
  const statuses = ["All", "paid", "partially_paid", "not_paid"].map((s) => ({ value: s, label: s === "All" ? t("fees.filters.all") : t(`fees.status.${s}`) }));
  return (
    <div role="search" aria-label={t("fees.filters.label")} className="flex flex-col gap-3 rounded-lg border bg-card p-3 sm:flex-row sm:flex-wrap sm:items-end">
      <SearchBox id="fees-search" label={t("fees.filters.search")} placeholder={t("fees.filters.searchPlaceholder")} clearLabel={t("fees.filters.clearSearch")} value={search} onChange={onSearch} />
      <FilterSelect id="fees-grade" label={t("fees.filters.grade")} value={grade} onChange={onGrade} options={grades} />
      <FilterSelect id="fees-status" label={t("fees.filters.status")} value={status} onChange={onStatus} options={statuses} />
    </div>
  );
}
