/**
 * The Course Selections Overview's arithmetic (docs/product.md#course-selection): the distinct-student count behind the Total Students and Total Selections cards, the
 * filters (student ID, subject, teacher), and student names by ID. Pure functions.
 */
import { normalizeNationalId } from "@worker/lib/normalize";
import type { SelectionSummaryRow } from "~/features/selection/admin/selection-csv";
import type { SelectionStudent } from "./selection-api";

/** The Overview's filters: "" = no search; "All" = every subject/teacher. */
export interface OverviewFilters {
  search: string;
  subject: string;
  teacher: string;
}
export const NO_OVERVIEW_FILTERS: OverviewFilters = { search: "", subject: "All", teacher: "All" };

/** A typed student ID as stored: direction marks and spaces removed, ٠-٩/۰-۹ → 0-9 (the Delete All target). */
export function studentIdFromSearch(text: string): string {
  return normalizeNationalId(text).replace(/\s+/g, "");
}

/** The comparable form of a typed student ID (see `studentIdFromSearch`), upper case. */
export function normaliseStudentIdQuery(text: string): string {
  return studentIdFromSearch(text).toUpperCase();
}

/** Number of distinct student IDs across `rows` (Total Students and Total Selections). */
export function distinctStudentCount(rows: readonly SelectionSummaryRow[]): number {
  const ids = new Set<string>();
  for (const r of rows) for (const id of r.student_ids) ids.add(id);
  return ids.size;
}

/** True when `id` matches the (normalised) search: it contains it. */
export const idMatches = (id: string, query: string) => !!query && id.toUpperCase().includes(query);

/** Students of a combination shown before "Show all". */
export const COLLAPSED_STUDENTS = 6;

/**
 * The student chips of one combination: IDs matching the search first (each group in its own order), the first
 * `COLLAPSED_STUDENTS` of them unless `expanded`, and how many are left for "Show all".
 */
export function studentChips(
  ids: readonly string[],
  query: string,
  expanded: boolean,
): { shown: string[]; hidden: number } {
  const ordered = query
    ? [...ids.filter((id) => idMatches(id, query)), ...ids.filter((id) => !idMatches(id, query))]
    : [...ids];
  const shown = expanded ? ordered : ordered.slice(0, COLLAPSED_STUDENTS);
  return { shown, hidden: ordered.length - shown.length };
}

/** The rows passing the filters: subject and teacher by name; the search keeps rows with a matching student ID. */
export function filterSummary(rows: readonly SelectionSummaryRow[], filters: OverviewFilters): SelectionSummaryRow[] {
  const query = normaliseStudentIdQuery(filters.search);
  return rows.filter(
    (r) =>
      (filters.subject === "All" || r.subject_name === filters.subject) &&
      (filters.teacher === "All" || r.teacher_name === filters.teacher) &&
      (!query || r.student_ids.some((id) => idMatches(id, query))),
  );
}

/** A lookup of student names by student number (first name wins for a duplicated number). */
export function nameLookup(students: readonly SelectionStudent[]): (id: string) => string | undefined {
  const map = new Map<string, string>();
  for (const s of students) if (s.id && s.name && !map.has(s.id)) map.set(s.id, s.name);
  return (id) => map.get(id);
}

const collator = new Intl.Collator(["ar", "en"], { numeric: true, sensitivity: "base" });

/** Sorted distinct names from several sources (for the Subject and Teacher selects). */
export function distinctNames(...lists: readonly (readonly (string | null | undefined)[])[]): string[] {
  const set = new Set<string>();
  for (const list of lists) for (const v of list) if (v) set.add(v);
  return [...set].sort(collator.compare);
}
