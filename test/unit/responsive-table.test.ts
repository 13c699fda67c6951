/**
 * Which admin-table columns show when a table does not fit (web/components/data-table/responsive.ts), for any set
 * of columns and any number hidden: pinned columns always show, table order is kept, columns leave least important
 * first, hiding one more never brings a column back, and nothing is hidden when nothing has to be.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { columnsHiding, leavingOrder, type LayoutColumn } from "../../web/components/data-table/responsive";

const column = fc.record({ priority: fc.integer({ min: 1, max: 12 }), pinned: fc.boolean() });
const columns = fc
  .array(column, { minLength: 1, maxLength: 12 })
  .map((cs) => cs.map((c, i): LayoutColumn => ({ ...c, id: `c${i}` })));
const hide = fc.integer({ min: -2, max: 15 });

const rank = (cs: readonly LayoutColumn[], c: LayoutColumn) => [c.priority, cs.indexOf(c)] as const;
const before = (a: readonly [number, number], b: readonly [number, number]) =>
  a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);

describe("columnsHiding", () => {
  it("shows every column, in table order, when none is hidden", () => {
    fc.assert(
      fc.property(columns, (cs) => {
        expect(columnsHiding(cs, 0)).toEqual(cs.map((c) => c.id));
      }),
    );
  });

  it("always shows the pinned columns, keeps table order, and hides exactly min(hide, movable) columns", () => {
    fc.assert(
      fc.property(columns, hide, (cs, n) => {
        const shown = columnsHiding(cs, n);
        for (const c of cs) if (c.pinned) expect(shown).toContain(c.id);
        expect(shown).toEqual(cs.map((c) => c.id).filter((id) => shown.includes(id)));
        const movable = cs.filter((c) => !c.pinned).length;
        expect(cs.length - shown.length).toBe(Math.min(Math.max(0, n), movable));
      }),
    );
  });

  it("never hides a more important column while showing a less important one", () => {
    fc.assert(
      fc.property(columns, hide, (cs, n) => {
        const shown = new Set(columnsHiding(cs, n));
        const movable = cs.filter((c) => !c.pinned);
        for (const hidden of movable.filter((c) => !shown.has(c.id))) {
          for (const visible of movable.filter((c) => shown.has(c.id)))
            expect(before(rank(cs, visible), rank(cs, hidden))).toBe(true);
        }
      }),
    );
  });

  it("is monotone: hiding one more column never shows a column again", () => {
    fc.assert(
      fc.property(columns, fc.integer({ min: 0, max: 12 }), (cs, n) => {
        const more = new Set(columnsHiding(cs, n + 1));
        for (const id of more) expect(columnsHiding(cs, n)).toContain(id);
      }),
    );
  });

  it("the Students columns leave in the order the office needs them least", () => {
    const students: LayoutColumn[] = [
      { id: "name", priority: 10, pinned: true },
      { id: "id", priority: 1, pinned: false },
      { id: "nationality", priority: 6, pinned: false },
      { id: "grade", priority: 2, pinned: false },
      { id: "actions", priority: 10, pinned: true },
    ];
    expect(leavingOrder(students).map((c) => c.id)).toEqual(["nationality", "grade", "id"]);
    expect(columnsHiding(students, 1)).toEqual(["name", "id", "grade", "actions"]);
    expect(columnsHiding(students, 3)).toEqual(["name", "actions"]);
  });
});
