/**
 * The Overview filters (docs/product.md#course-selection): search by Student ID (digits normalised as typed),
 * Subject (All Subjects), Teacher (All Teachers; narrowed to the chosen subject's teachers), Clear Filters, and the
 * Delete All button, shown only while the student-ID search has text (and never without `onDeleteAll`: a role that
 * may not change selections).
 */
import { useTranslation } from "react-i18next";
import { Search, Trash2, X } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { FilterSelect } from "~/components/data-table/list-filters";
import { normalizeDigits } from "~/components/data-table";
import { NO_OVERVIEW_FILTERS, type OverviewFilters } from "./overview-model";

export interface OverviewFiltersBarProps {
  filters: OverviewFilters;
  onChange: (patch: Partial<OverviewFilters>) => void;
  subjects: string[];
  teachers: string[];
  onDeleteAll?: () => void;
}

/** The filter bar above the combinations table. */
export function OverviewFiltersBar({ filters, onChange, subjects, teachers, onDeleteAll }: OverviewFiltersBarProps) {
  const { t } = useTranslation();
  const active = JSON.stringify(filters) !== JSON.stringify(NO_OVERVIEW_FILTERS);
  const searching = filters.search.trim() !== "";

  return (
    <section
      aria-label={t("courseSelection.overview.filters.label")}
      className="grid gap-3 rounded-lg border bg-card p-4 shadow-xs"
    >
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(16rem,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] lg:items-end">
        <div className="col-span-2 grid min-w-0 gap-1.5 lg:col-span-1">
          <label htmlFor="selections-search" className="text-xs font-medium text-muted-foreground">
            {t("courseSelection.overview.filters.search")}
          </label>
          <div className="flex flex-wrap gap-2">
            <div role="search" className="relative min-w-[14rem] flex-1">
              <Search
                className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
                aria-hidden="true"
              />
              <Input
                id="selections-search"
                type="search"
                inputMode="numeric"
                value={filters.search}
                onChange={(e) => onChange({ search: normalizeDigits(e.target.value) })}
                onKeyDown={(e) => e.key === "Escape" && onChange({ search: "" })}
                placeholder={t("courseSelection.overview.filters.searchPlaceholder")}
                autoComplete="off"
                spellCheck={false}
                className="ps-9 pe-9 font-mono placeholder:font-sans [&::-webkit-search-cancel-button]:hidden"
              />
              {filters.search && (
                <button
                  type="button"
                  onClick={() => onChange({ search: "" })}
                  aria-label={t("courseSelection.overview.filters.clearSearch")}
                  className="absolute end-2 top-1/2 -translate-y-1/2 rounded-sm p-1 text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  <X className="size-4" aria-hidden="true" />
                </button>
              )}
            </div>
            {searching && onDeleteAll && (
              <Button variant="destructive" onClick={onDeleteAll}>
                <Trash2 aria-hidden="true" />
                {t("courseSelection.overview.deleteAll")}
              </Button>
            )}
          </div>
        </div>
        <FilterSelect
          id="selections-subject"
          label={t("courseSelection.overview.filters.subject")}
          fill
          value={filters.subject}
          options={[
            { value: "All", label: t("courseSelection.overview.filters.allSubjects") },
            ...subjects.map((o) => ({ value: o, label: o })),
          ]}
          onChange={(subject) => onChange({ subject })}
        />
        <FilterSelect
          id="selections-teacher"
          label={t("courseSelection.overview.filters.teacher")}
          fill
          value={filters.teacher}
          options={[
            { value: "All", label: t("courseSelection.overview.filters.allTeachers") },
            ...teachers.map((o) => ({ value: o, label: o })),
          ]}
          onChange={(teacher) => onChange({ teacher })}
        />
        <Button
          variant="outline"
          onClick={() => onChange(NO_OVERVIEW_FILTERS)}
          disabled={!active}
          className="col-span-2 justify-self-start lg:col-span-1"
        >
          <X aria-hidden="true" />
          {t("courseSelection.common.clearFilters")}
        </Button>
      </div>
    </section>
  );
}
