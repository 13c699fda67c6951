/**
 * The pure steps of /current-students split out of its state hook (web/features/selection/public/model.ts,
 * selection-ui.ts): dropping the choices whose teacher filled up (after a live seat refresh and after a save refused
 * for want of seats), what the submit button leads to, the guarded update of the loaded student, and the scroll to
 * the current selections after a save.
 */
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import {
  buildPayload,
  choicesFromSelections,
  dropFullChoices,
  groupBySubject,
  isFull,
  modeOf,
  patchLoaded,
  submitStep,
  type Choices,
  type Loaded,
  type SelectionState,
  type TeacherOption,
} from "../../web/features/selection/public/model";
import { SELECTIONS_ID, scrollToSelections, type ScrollWindow } from "../../web/features/selection/public/selection-ui";
import { scenario } from "./selection-world";

/** The scenario with some teachers made full (both sessions at 0 seats). */
const withFull = scenario.chain((s) =>
  fc.record({
    s: fc.constant(s),
    full: fc.array(fc.boolean(), { minLength: s.teachers.length, maxLength: s.teachers.length }),
    ownSaved: fc.boolean(),
  }),
);

const fill = (teachers: TeacherOption[], full: boolean[]) =>
  teachers.map((t, i) => (full[i] ? { ...t, session_1_available: 0, session_2_available: 0 } : t));

const state = (over: Partial<SelectionState>): SelectionState => ({
  has_selections: true,
  selections: [],
  canUpdate: true,
  hasUpdated: false,
  updateDeadline: null,
  periodClosed: false,
  ...over,
});

describe("dropFullChoices", () => {
  it("drops exactly the chosen teachers that are full and not the student's own, and nothing else", () => {
    fc.assert(
      fc.property(withFull, ({ s, full, ownSaved }) => {
        const teachers = fill(s.teachers, full);
        const saved = ownSaved ? s.saved : [];
        const own = new Set(saved.map((x) => x.teacher_id));
        const before = { ...s.choices };
        const { choices, dropped } = dropFullChoices(s.choices, teachers, saved);
        expect(s.choices).toEqual(before);
        for (const t of dropped) {
          expect(s.choices[t.subject_id]).toBe(t.teacher_id);
          expect(isFull(t) && !own.has(t.teacher_id)).toBe(true);
          expect(choices[t.subject_id]).toBeUndefined();
        }
        const droppedSubjects = new Set(dropped.map((t) => t.subject_id));
        for (const [subject, teacher] of Object.entries(s.choices)) {
          if (droppedSubjects.has(Number(subject))) continue;
          expect(choices[Number(subject)]).toBe(teacher);
          const t = teachers.find((x) => x.teacher_id === teacher)!;
          expect(isFull(t) && !own.has(teacher)).toBe(false);
        }
        if (dropped.length === 0) expect(choices).toBe(s.choices);
      }),
    );
  });

  it("keeps the student's own saved teacher even when full", () => {
    fc.assert(
      fc.property(scenario, ({ teachers, saved }) => {
        const allFull = fill(
          teachers,
          teachers.map(() => true),
        );
        const mine = choicesFromSelections(saved);
        const { choices, dropped } = dropFullChoices(mine, allFull, saved);
        expect(dropped).toEqual([]);
        expect(choices).toBe(mine);
        expect(dropFullChoices(mine, allFull, []).choices).toEqual({});
      }),
    );
  });
});

describe("submitStep", () => {
  it("asks to confirm a complete choice with the payload the save sends", () => {
    fc.assert(
      fc.property(scenario, ({ teachers, choices }) => {
        const groups = groupBySubject(teachers);
        const loaded = { studentId: "S1", state: state({ has_selections: false, canUpdate: false }) };
        expect(submitStep(loaded, modeOf(loaded.state), choices, groups)).toEqual({
          kind: "confirm",
          payload: buildPayload("S1", choices, groups),
        });
      }),
    );
  });

  it("reports the missing subjects when one has no offered teacher chosen", () => {
    fc.assert(
      fc.property(scenario, ({ teachers, choices }) => {
        const groups = groupBySubject(teachers);
        const first = groups[0]!;
        const partial: Choices = { ...choices };
        delete partial[first.subject_id];
        const step = submitStep({ studentId: "S1", state: state({}) }, "update", partial, groups);
        expect(step.kind).toBe("incomplete");
        if (step.kind === "incomplete") {
          expect(step.progress.missing[0]).toBe(first.subject_name);
          expect(step.progress.chosen).toBe(groups.length - 1);
        }
      }),
    );
  });

  it("says no changes for an update identical to the saved selections, and confirms it otherwise", () => {
    fc.assert(
      fc.property(scenario, ({ teachers, saved, choices }) => {
        const groups = groupBySubject(teachers);
        const loaded = { studentId: "S1", state: state({ selections: saved }) };
        expect(submitStep(loaded, "update", choicesFromSelections(saved), groups)).toEqual({ kind: "noChanges" });
        const same = saved.every((x) => choices[x.subject_id] === x.teacher_id);
        expect(submitStep(loaded, "update", choices, groups).kind).toBe(same ? "noChanges" : "confirm");
        expect(submitStep(loaded, "choose", choicesFromSelections(saved), groups).kind).toBe("confirm");
      }),
    );
  });
});

describe("patchLoaded", () => {
  const loaded = { studentId: "S1", teachers: [] } as unknown as Loaded;

  it("changes the named fields of the same student", () => {
    const next = patchLoaded("S1", () => ({ teachers: [{ teacher_id: 1 } as TeacherOption] }))(loaded);
    expect(next).toEqual({ studentId: "S1", teachers: [{ teacher_id: 1 }] });
    expect(next).not.toBe(loaded);
  });

  it("leaves another student, or none, as it is", () => {
    const patch = vi.fn(() => ({ teachers: [] }));
    expect(patchLoaded("S2", patch)(loaded)).toBe(loaded);
    expect(patchLoaded("S1", patch)(null)).toBeNull();
    expect(patch).not.toHaveBeenCalled();
  });
});

describe("scrollToSelections", () => {
  const fake = (reduced: boolean, found: boolean) => {
    const el = { scrollIntoView: vi.fn(), focus: vi.fn() };
    const getElementById = vi.fn(() => (found ? el : null));
    const win = {
      requestAnimationFrame: (cb: FrameRequestCallback) => {
        cb(0);
        return 1;
      },
      matchMedia: (q: string) => ({ matches: reduced && q === "(prefers-reduced-motion: reduce)" }),
      document: { getElementById },
    } as unknown as ScrollWindow;
    return { el, getElementById, win };
  };

  it("scrolls smoothly to the selections and focuses them without a second scroll", () => {
    const { el, getElementById, win } = fake(false, true);
    scrollToSelections(win);
    expect(getElementById).toHaveBeenCalledWith(SELECTIONS_ID);
    expect(el.scrollIntoView).toHaveBeenCalledWith({ behavior: "smooth", block: "start" });
    expect(el.focus).toHaveBeenCalledWith({ preventScroll: true });
  });

  it("jumps instead under reduced motion, and does nothing when the section is absent", () => {
    const reduced = fake(true, true);
    scrollToSelections(reduced.win);
    expect(reduced.el.scrollIntoView).toHaveBeenCalledWith({ behavior: "auto", block: "start" });
    const absent = fake(false, false);
    expect(() => scrollToSelections(absent.win)).not.toThrow();
  });
});
