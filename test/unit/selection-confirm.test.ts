/**
 * The pure rules of /current-students (web/features/selection/public/model.ts) over random teacher lists, saved
 * selections and choices: the confirmation shows the group a student keeps for an unchanged teacher and "assigned on
 * save" for a new one (it used to show the recommended group for every row); progress and the payload cover exactly
 * the offered subjects (the ones the server requires).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  UnknownChoiceError,
  buildPayload,
  confirmRows,
  groupBySubject,
  selectionProgress,
  type Choices,
} from "../../web/features/selection/public/model";
import { scenario } from "./selection-world";

describe("confirmation rows", () => {
  it("keep the saved group for an unchanged teacher and promise none for a changed one", () => {
    fc.assert(
      fc.property(scenario, ({ teachers, saved, choices }) => {
        const groups = groupBySubject(teachers);
        const payload = buildPayload("S1", choices, groups);
        const rows = confirmRows(payload, teachers, saved);
        expect(rows.map((r) => r.subject_id)).toEqual(payload.selections.map((p) => p.subject_id));
        for (const row of rows) {
          const before = saved.find((s) => s.subject_id === row.subject_id)!;
          const now = choices[row.subject_id];
          if (before.teacher_id === now) expect(row.group).toEqual({ kind: "kept", session: before.session_number });
          else expect(row.group).toEqual({ kind: "onSave" });
          expect(row.teacher_name).toBe(teachers.find((t) => t.teacher_id === now)!.teacher_name);
        }
      }),
    );
  });

  it("promise no group on a first save, whatever the seats say", () => {
    fc.assert(
      fc.property(scenario, ({ teachers, choices }) => {
        const rows = confirmRows(buildPayload("S1", choices, groupBySubject(teachers)), teachers, []);
        expect(rows.every((r) => r.group.kind === "onSave")).toBe(true);
      }),
    );
  });
});

describe("progress and payload over the offered subjects", () => {
  it("count a subject only when an offered teacher of it is chosen, and save exactly those", () => {
    const partial = scenario.chain((s) =>
      fc.record({ s: fc.constant(s), keep: fc.array(fc.boolean(), { minLength: 7, maxLength: 7 }) }),
    );
    fc.assert(
      fc.property(partial, ({ s, keep }) => {
        const groups = groupBySubject(s.teachers);
        const choices: Choices = Object.fromEntries(Object.entries(s.choices).filter((_, i) => keep[i]));
        // A saved choice for a subject that is no longer offered (no active teacher) is ignored.
        choices[999] = 9990;
        const p = selectionProgress(groups, choices);
        expect(p.total).toBe(groups.length);
        expect(p.chosen + p.missing.length).toBe(groups.length);
        expect(p.missing).toEqual(groups.filter((g) => choices[g.subject_id] === undefined).map((g) => g.subject_name));
        const payload = buildPayload("S1", choices, groups);
        expect(payload.selections.map((x) => x.subject_id)).toEqual(
          groups.filter((g) => choices[g.subject_id] !== undefined).map((g) => g.subject_id),
        );
      }),
    );
  });

  it("does not count a saved teacher who is no longer offered, and refuses to save it", () => {
    fc.assert(
      fc.property(scenario, ({ teachers, choices }) => {
        const groups = groupBySubject(teachers);
        const first = groups[0]!;
        const gone = { ...choices, [first.subject_id]: 12345 };
        const p = selectionProgress(groups, gone);
        expect(p.missing).toContain(first.subject_name);
        expect(() => buildPayload("S1", gone, groups)).toThrow(UnknownChoiceError);
      }),
    );
  });
});
