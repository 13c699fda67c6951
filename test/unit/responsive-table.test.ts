/**
 * Which admin-table columns show at a width (web/components/data-table/responsive.ts), over every width from a
 * phone up and any set of columns: pinned columns always show, the rest by priority while they fit, never a less
 * important one in place of a more important one, and a wider table never shows fewer columns.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { columnsForWidth, type LayoutColumn } from "../../web/components/data-table/responsive";

const column = fc.record({ width: fc.integer({ min: 20, max: 400 }), priority: fc.integer({ min: 1, max: 12 }), pinned: fc.boolean() });
const columns = fc.array(column, { minLength: 1, maxLength: 12 }).map((cs) => cs.map((c, i): LayoutColumn => ({ ...c, id: `c${i}` })));
const width = fc.integer({ min: 200, max: 2000 });

const widthOf = (cs: readonly LayoutColumn[], ids: readonly string[]) => cs.filter((c) => ids.includes(c.id)).reduce((s, c) => s + c.width, 0);
const rank = (cs: readonly LayoutColumn[], c: LayoutColumn) => [c.priority, cs.indexOf(c)] as const;
const before = (a: readonly [number, number], b: readonly [number, number]) => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);

describe("columnsForWidth", () => {
  it("shows every column when the row fits, in table order", () => {
    fc.assert(
      fc.property(columns, (cs) => {
        const total = cs.reduce((s, c) => s + c.width, 0);
        expect(columnsForWidth(cs, total)).toEqual(cs.map((c) => c.id));
        expect(columnsForWidth(cs, Number.POSITIVE_INFINITY)).toEqual(cs.map((c) => c.id));
      }),
    );
  });

  it("always shows the pinned columns, keeps table order, and fits unless only pinned columns are left", () => {
    fc.assert(
      fc.property(columns, width, (cs, w) => {
        const shown = columnsForWidth(cs, w);
        for (const c of cs) if (c.pinned) expect(shown).toContain(c.id);
        expect(shown).toEqual(cs.map((c) => c.id).filter((id) => shown.includes(id)));
        const onlyPinned = shown.every((id) => cs.find((c) => c.id === id)!.pinned);
        if (!onlyPinned) expect(widthOf(cs, shown)).toBeLessThanOrEqual(w);
      }),
    );
  });

  it("never hides a more important column while showing a less important one", () => {
    fc.assert(
      fc.property(columns, width, (cs, w) => {
        const shown = new Set(columnsForWidth(cs, w));
        const movable = cs.filter((c) => !c.pinned);
        for (const hidden of movable.filter((c) => !shown.has(c.id))) {
          for (const visible of movable.filter((c) => shown.has(c.id))) expect(before(rank(cs, visible), rank(cs, hidden))).toBe(true);
        }
      }),
    );
  });

  it("is monotone: a wider table shows a superset of the columns", () => {
    fc.assert(
      fc.property(columns, width, fc.integer({ min: 0, max: 1500 }), (cs, w, extra) => {
        const narrow = columnsForWidth(cs, w);
        const wide = new Set(columnsForWidth(cs, w + extra));
        for (const id of narrow) expect(wide.has(id)).toBe(true);
      }),
    );
  });

  it("the Students table at a 326 px phone box keeps the name, the ID and the actions", () => {
    const students: LayoutColumn[] = [
      { id: "name", width: 200, priority: 10, pinned: true },
      { id: "id", width: 120, priority: 1, pinned: false },
      { id: "nationality", width: 120, priority: 6, pinned: false },
      { id: "grade", width: 120, priority: 2, pinned: false },
      { id: "actions", width: 100, priority: 10, pinned: true },
    ];
    expect(columnsForWidth(students, 326)).toEqual(["name", "actions"]);
    expect(columnsForWidth(students, 430)).toEqual(["name", "id", "actions"]);
    expect(columnsForWidth(students, 560)).toEqual(["name", "id", "grade", "actions"]);
    expect(columnsForWidth(students, 660)).toEqual(["name", "id", "nationality", "grade", "actions"]);
  });
});
