/**
 * The Students page filters (docs/product.md#students): text search (name and ID, run by the server; digits
 * normalised as typed), grade (All + the admin grade list), building (All, 1-6), gender (All/male/female) and
 * status (All/active/inactive), with the number of matching students and a Clear filters button.
 */
import { memo, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Search, X } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import { ADMIN_GRADES } from "~/lib/admin-events";
import { formatNumber } from "~/lib/format";
import { normalizeDigits } from "~/components/data-table";
import { BUILDINGS, NO_FILTERS, type StudentFilters } from "./student-types";

type SelectField = "grade" | "building" | "gender" | "status";

interface FilterSelectProps {
  id: string;
  label: string;
  field: SelectField;
  value: string;
  options: { value: string; label: string }[];
  onChange: (patch: Partial<StudentFilters>) => void;
}

/**
 * One labelled Radix select. Memoised with stable options and handler, so a keystroke in the search box renders the
 * search box and the count, not the four selects (bench/README.md, benchmark 3: search keystroke ≤ 100 ms at 4× CPU).
 */
const FilterSelect = memo(function FilterSelect({ id, label, field, value, options, onChange }: FilterSelectProps) {
  return (
    <div className="grid min-w-0 gap-1.5">
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        {label}
      </label>
      <Select value={value} onValueChange={(v) => onChange({ [field]: v } as Partial<StudentFilters>)}>
        <SelectTrigger id={id} className="w-full min-w-0">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((o) => (
            <SelectItem key={o.value} value={o.value}>
              {o.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
});

/** Props: the current filters, a setter for one or more of them, and the number of matching rows (server total). */
export interface StudentFiltersBarProps {
  filters: StudentFilters;
  onChange: (patch: Partial<StudentFilters>) => void;
  matching: number;
  /** True before the first answer: the count is not known yet. */
  loading?: boolean;
}

/** The filter bar above the Students table. */
export function StudentFiltersBar({ filters, onChange, matching, loading = false }: StudentFiltersBarProps) {
  const { t, i18n } = useTranslation();
  const active = JSON.stringify(filters) !== JSON.stringify(NO_FILTERS);
  const options = useMemo(() => {
    const all = t("students.filters.all");
    return {
      grade: ADMIN_GRADES.map((g) => ({ value: g, label: g === "All" ? all : t(`admin.grades.${g}`) })),
      building: [
        { value: "All", label: all },
        ...BUILDINGS.map((b) => ({
          value: String(b),
          label: t("students.filters.buildingN", { n: formatNumber(b, i18n.language) }),
        })),
      ],
      gender: [
        { value: "All", label: all },
        { value: "male", label: t("students.gender.male") },
        { value: "female", label: t("students.gender.female") },
      ],
      status: [
        { value: "All", label: all },
        { value: "active", label: t("students.status.active") },
        { value: "inactive", label: t("students.status.inactive") },
      ],
    };
  }, [t, i18n.language]);

  return (
    <section aria-label={t("students.filters.label")} className="grid gap-3 rounded-lg border bg-card p-4 shadow-xs">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(14rem,2fr)_repeat(4,minmax(0,1fr))]">
        <div className="col-span-2 grid min-w-0 gap-1.5 lg:col-span-1">
          <label htmlFor="students-search" className="text-xs font-medium text-muted-foreground">
            {t("students.filters.search")}
          </label>
          <div role="search" className="relative">
            <Search
              className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id="students-search"
              type="search"
              value={filters.search}
              onChange={(e) => onChange({ search: normalizeDigits(e.target.value) })}
              onKeyDown={(e) => e.key === "Escape" && onChange({ search: "" })}
              placeholder={t("students.filters.searchPlaceholder")}
              autoComplete="off"
              className="ps-9 pe-9 [&::-webkit-search-cancel-button]:hidden"
            />
            {filters.search && (
              <button
                type="button"
                onClick={() => onChange({ search: "" })}
                aria-label={t("students.filters.clearSearch")}
                className="absolute end-2 top-1/2 -translate-y-1/2 rounded-sm p-1 text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            )}
          </div>
        </div>
        <FilterSelect
          id="students-grade"
          label={t("students.filters.grade")}
          field="grade"
          value={filters.grade}
          onChange={onChange}
          options={options.grade}
        />
        <FilterSelect
          id="students-building"
          label={t("students.filters.building")}
          field="building"
          value={filters.building}
          onChange={onChange}
          options={options.building}
        />
        <FilterSelect
          id="students-gender"
          label={t("students.filters.gender")}
          field="gender"
          value={filters.gender}
          onChange={onChange}
          options={options.gender}
        />
        <FilterSelect
          id="students-status"
          label={t("students.filters.status")}
          field="status"
          value={filters.status}
          onChange={onChange}
          options={options.status}
        />
      </div>
      <div className="flex min-h-8 flex-wrap items-center justify-between gap-2 text-sm">
        <p className="text-muted-foreground" aria-live="polite">
          {loading
            ? "\u00a0"
            : t("students.count", { count: matching, formattedCount: formatNumber(matching, i18n.language) })}
        </p>
        {active && (
          <Button variant="ghost" size="sm" onClick={() => onChange(NO_FILTERS)}>
            <X aria-hidden="true" />
            {t("students.filters.clear")}
          </Button>
        )}
      </div>
    </section>
  );
}
