/**
 * The Students page's filters (web/features/students/admin/student-filter-state.ts; docs/product.md#students): what
 * navigation asks for, which bar changes send a request at once, and when the filters count as on.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  filtersActive,
  hasIntent,
  initialFilters,
  intentFilters,
  patchedFilters,
  type FilterPair,
} from "~/features/students/admin/student-filter-state";
import { NO_FILTERS, type StudentFilters } from "~/features/students/admin/student-types";

describe("navigation state", () => {
  it("gives the first request its search (digits made ASCII) and grade", () => {
    expect(initialFilters(null)).toEqual(NO_FILTERS);
    expect(initialFilters({ search: "٣٠١٠١", grade: "Prep-1" })).toEqual({
      ...NO_FILTERS,
      search: "30101",
      grade: "Prep-1",
    });
    expect(initialFilters({ openAdd: true })).toEqual(NO_FILTERS);
  });

  it("is an intent only when it asks for something", () => {
    expect(hasIntent(null)).toBe(false);
    expect(hasIntent({})).toBe(false);
    expect(hasIntent({ openAdd: true })).toBe(true);
    expect(hasIntent({ search: "" })).toBe(true);
    expect(hasIntent({ grade: "KG-1" })).toBe(true);
  });

  it("starts a search from no filter and narrows what is there by grade", () => {
    const shown: StudentFilters = { ...NO_FILTERS, gender: "female", search: "old" };
    expect(intentFilters(shown, { search: "١٢" })).toEqual({ ...NO_FILTERS, search: "12" });
    expect(intentFilters(shown, { grade: "Prep-2" })).toEqual({ ...shown, grade: "Prep-2" });
    expect(intentFilters(shown, { search: "x", grade: "Prep-2" })).toEqual({
      ...NO_FILTERS,
      search: "x",
      grade: "Prep-2",
    });
  });
});

describe("a change from the filter bar", () => {
  const typed: FilterPair = { filters: { ...NO_FILTERS, search: "ahm" }, applied: { ...NO_FILTERS, search: "ah" } };

  it("sends nothing when nothing changes", () => {
    expect(patchedFilters(typed, { search: "ahm" })).toBeNull();
    expect(patchedFilters({ filters: NO_FILTERS, applied: NO_FILTERS }, { search: "" })).toBeNull();
  });

  it("sends a select at once, with the search the server already has", () => {
    expect(patchedFilters(typed, { grade: "KG-2" })).toEqual({
      filters: { ...typed.filters, grade: "KG-2" },
      applied: { ...typed.applied, grade: "KG-2" },
      send: true,
    });
  });

  it("leaves a typed search to the debounce, and sends an emptied one at once", () => {
    expect(patchedFilters(typed, { search: "ahmad" })).toMatchObject({ applied: typed.applied, send: false });
    expect(patchedFilters(typed, { search: "" })).toMatchObject({ applied: NO_FILTERS, send: true });
  });

  it("always shows the change, and applies every filter but a non-empty search", () => {
    const filters = fc.record({
      grade: fc.constantFrom("All", "KG-1", "Prep-3"),
      building: fc.constantFrom("All", "1", "6"),
      gender: fc.constantFrom("All", "male", "female"),
      status: fc.constantFrom("All", "active", "inactive"),
      search: fc.constantFrom("", "a", "ab"),
    }) as fc.Arbitrary<StudentFilters>;
    fc.assert(
      fc.property(filters, filters, filters, (shown, asked, patch) => {
        const next = patchedFilters({ filters: shown, applied: asked }, patch);
        if (JSON.stringify({ ...shown, ...patch }) === JSON.stringify(shown)) {
          expect(next).toBeNull();
          return;
        }
        expect(next?.filters).toEqual({ ...shown, ...patch });
        expect(next?.applied).toEqual({ ...patch, search: patch.search === "" ? "" : asked.search });
        expect(next?.send).toBe(JSON.stringify(next?.applied) !== JSON.stringify(asked));
      }),
    );
  });
});

describe("filters on", () => {
  it("means any filter differs from none", () => {
    expect(filtersActive(NO_FILTERS)).toBe(false);
    expect(filtersActive({ ...NO_FILTERS, search: "a" })).toBe(true);
    expect(filtersActive({ ...NO_FILTERS, building: "3" })).toBe(true);
  });
});
