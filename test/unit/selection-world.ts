/**
 * Random worlds for the /current-students unit tests (web/features/selection/public/model.ts): teacher lists with
 * seats, saved selections and a full set of choices.
 */
import fc from "fast-check";
import {
  groupBySubject,
  type Choices,
  type ExistingSelection,
  type TeacherOption,
} from "../../web/features/selection/public/model";

/** A world: subjects 1..n, each with 1..3 teachers (ids subject*10 + k), seats and a recommended session. */
export const world = fc
  .integer({ min: 1, max: 7 })
  .chain((n) =>
    fc.tuple(
      ...Array.from({ length: n }, (_, i) =>
        fc
          .array(fc.record({ s1: fc.nat(35), s2: fc.nat(35), rec: fc.constantFrom<1 | 2 | null>(1, 2, null) }), {
            minLength: 1,
            maxLength: 3,
          })
          .map((ts) =>
            ts.map(
              (t, k): TeacherOption => ({
                teacher_id: (i + 1) * 10 + k,
                teacher_code: `T${i}${k}`,
                teacher_name: `Teacher ${i}-${k}`,
                building_no: "5",
                subject_id: i + 1,
                subject_name: `Subject ${i + 1}`,
                session_1_available: t.s1,
                session_2_available: t.s2,
                recommended_session: t.rec,
              }),
            ),
          ),
      ),
    ),
  )
  .map((bySubject) => bySubject.flat());

/** Saved selections (one per subject, a teacher of that subject, a session) and a full set of new choices. */
export const scenario = world.chain((teachers) => {
  const groups = groupBySubject(teachers);
  const pick = (g: (typeof groups)[number]) => fc.constantFrom(...g.teachers.map((t) => t.teacher_id));
  return fc.record({
    teachers: fc.constant(teachers),
    saved: fc.tuple(...groups.map((g) => fc.record({ teacher: pick(g), session: fc.constantFrom(1, 2) }))).map((rows) =>
      rows.map(
        (r, i): ExistingSelection => ({
          subject_id: groups[i]!.subject_id,
          subject_name: groups[i]!.subject_name,
          teacher_id: r.teacher,
          teacher_name: "",
          session_number: r.session,
          selection_date: "2026-11-01T08:00:00.000Z",
        }),
      ),
    ),
    choices: fc
      .tuple(...groups.map(pick))
      .map((ids) => Object.fromEntries(ids.map((id, i) => [groups[i]!.subject_id, id])) as Choices),
  });
});
