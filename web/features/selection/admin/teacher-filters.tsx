/**
 * The Teachers Management filters (docs/product.md#course-selection): Building (All, Building 5, Building 6) and Subject (All + the ACTIVE
 * subjects), a Clear Filters button, and a chip per active filter that removes it.
 */
import { useTranslation } from "react-i18next";
import { X } from "lucide-react";
import { TEACHER_BUILDINGS, type TeacherBuilding } from "@worker/contracts/selection-admin";
import { Button } from "~/components/ui/button";
import { FilterSelect } from "~/components/data-table/list-filters";
import { formatNumber } from "~/lib/format";

/** The filter values; "All" = no filter. */
export interface TeacherFilters {
  building: "All" | TeacherBuilding;
  subject: string;
}
export const NO_TEACHER_FILTERS: TeacherFilters = { building: "All", subject: "All" };

/** True when `teacher` passes `filters`. */
export function matchesTeacherFilters(
  teacher: { building_no: string; subject_name: string | null },
  filters: TeacherFilters,
): boolean {
  return (
    (filters.building === "All" || teacher.building_no === filters.building) &&
    (filters.subject === "All" || teacher.subject_name === filters.subject)
  );
}

export interface TeacherFiltersBarProps {
  filters: TeacherFilters;
  onChange: (patch: Partial<TeacherFilters>) => void;
  /** Names of the active subjects (the Subject filter's options). */
  activeSubjects: string[];
}

/** The filter bar with its chips. */
export function TeacherFiltersBar({ filters, onChange, activeSubjects }: TeacherFiltersBarProps) {
  const { t, i18n } = useTranslation();
  const building = (b: string) => t("courseSelection.common.buildingN", { n: formatNumber(Number(b), i18n.language) });
  const chips = [
    filters.building !== "All" && {
      key: "building",
      label: building(filters.building),
      clear: () => onChange({ building: "All" }),
    },
    filters.subject !== "All" && {
      key: "subject",
      label: t("courseSelection.teachers.filters.subjectChip", { subject: filters.subject }),
      clear: () => onChange({ subject: "All" }),
    },
  ].filter((c): c is { key: string; label: string; clear: () => void } => !!c);

  return (
    <section
      aria-label={t("courseSelection.teachers.filters.label")}
      className="grid gap-3 rounded-lg border bg-card p-4 shadow-xs"
    >
      <div className="grid gap-3 sm:grid-cols-[minmax(0,12rem)_minmax(0,16rem)_auto] sm:items-end">
        <FilterSelect
          fill
          id="teachers-building"
          label={t("courseSelection.teachers.filters.building")}
          value={filters.building}
          onChange={(v) => onChange({ building: v as TeacherFilters["building"] })}
          options={[
            { value: "All", label: t("courseSelection.common.all") },
            ...TEACHER_BUILDINGS.map((b) => ({ value: b, label: building(b) })),
          ]}
        />
        <FilterSelect
          fill
          id="teachers-subject"
          label={t("courseSelection.teachers.filters.subject")}
          value={filters.subject}
          onChange={(v) => onChange({ subject: v })}
          options={[
            { value: "All", label: t("courseSelection.overview.filters.allSubjects") },
            ...activeSubjects.map((s) => ({ value: s, label: s })),
          ]}
        />
        <Button
          variant="outline"
          onClick={() => onChange(NO_TEACHER_FILTERS)}
          disabled={chips.length === 0}
          className="justify-self-start"
        >
          <X aria-hidden="true" />
          {t("courseSelection.common.clearFilters")}
        </Button>
      </div>
      {chips.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={t("courseSelection.teachers.filters.active")}>
          {chips.map((c) => (
            <li key={c.key}>
              <span className="inline-flex items-center gap-1 rounded-full border border-primary/30 bg-primary/5 py-0.5 ps-3 pe-1 text-xs font-medium text-primary">
                <bdi>{c.label}</bdi>
                <button
                  type="button"
                  onClick={c.clear}
                  aria-label={t("courseSelection.teachers.filters.removeChip", { filter: c.label })}
                  className="rounded-full p-0.5 outline-none hover:bg-primary/10 focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  <X className="size-3.5" aria-hidden="true" />
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
