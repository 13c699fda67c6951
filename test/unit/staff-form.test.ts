/**
 * The Staff page's pure parts (docs/product.md#staff-and-roles): the teacher's grade × subject picker (ticking cells,
 * whole grades and subjects, the list sent in school order, each class once), the request bodies (a new account
 * checked by the API's schema; an edit sends only what changed, a non-teacher no classes), the temporary password
 * generator and the list's order.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MIN_STAFF_PASSWORD_LENGTH, staffCreateSchema } from "../../worker/contracts/staff";
import { GRADES } from "../../worker/lib/school-grades";
import { RESULT_SUBJECTS } from "../../worker/lib/subjects";
import { reason } from "../../worker/reasons";
import {
  assignmentsOf,
  cellKey,
  gradesOf,
  gradeState,
  subjectState,
  tickedOf,
  toggleCell,
  toggleGrade,
  toggleSubject,
  type Ticked,
} from "../../web/features/staff/admin/assignment-model";
import { createBody, initialValues, problemsOf, updateBody } from "../../web/features/staff/admin/staff-form-model";
import { generateTemporaryPassword, PASSWORD_ALPHABET } from "../../web/features/staff/admin/temporary-password";
import { sortStaff } from "../../web/features/staff/admin/use-staff-list";

const grade = fc.constantFrom(...GRADES);
const subject = fc.constantFrom(...RESULT_SUBJECTS);
const action = fc.oneof(
  fc.record({ kind: fc.constant("cell" as const), grade, subject }),
  fc.record({ kind: fc.constant("grade" as const), grade }),
  fc.record({ kind: fc.constant("subject" as const), subject }),
);

describe("assignment picker", () => {
  it("sends every ticked class once, in school order, and reads it back", () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 30 }), (actions) => {
        let ticked: Ticked = new Set();
        for (const a of actions)
          ticked =
            a.kind === "cell"
              ? toggleCell(ticked, a.grade, a.subject)
              : a.kind === "grade"
                ? toggleGrade(ticked, a.grade)
                : toggleSubject(ticked, a.subject);
        const list = assignmentsOf(ticked);
        expect(list).toHaveLength(ticked.size);
        const order = list.map((x) => GRADES.indexOf(x.grade) * 100 + RESULT_SUBJECTS.indexOf(x.subject_name));
        expect(order).toEqual([...order].sort((x, y) => x - y));
        expect(tickedOf(list)).toEqual(ticked);
        expect(gradesOf(ticked)).toEqual(GRADES.filter((g) => list.some((x) => x.grade === g)));
      }),
    );
  });

  it("ticks a whole grade, then clears it; a mixed grade is ticked whole first", () => {
    let ticked = toggleCell(new Set(), "Prep-1", "Mathematics");
    expect(gradeState(ticked, "Prep-1")).toBe("some");
    ticked = toggleGrade(ticked, "Prep-1");
    expect(gradeState(ticked, "Prep-1")).toBe("all");
    expect(ticked.size).toBe(RESULT_SUBJECTS.length);
    expect(gradeState(toggleGrade(ticked, "Prep-1"), "Prep-1")).toBe("none");
    expect(subjectState(ticked, "Mathematics")).toBe("some");
    expect(subjectState(toggleSubject(ticked, "Mathematics"), "Mathematics")).toBe("all");
  });

  it("drops classes the lists do not know", () => {
    expect(
      tickedOf([
        { grade: "Grade-99", subject_name: "Mathematics" },
        { grade: "KG-1", subject_name: "Magic" },
      ]),
    ).toEqual(new Set());
    expect(tickedOf([{ grade: "KG-1", subject_name: "Art" }])).toEqual(new Set([cellKey("KG-1", "Art")]));
  });
});

const teacher = {
  username: "mona.adel",
  display_name: "Mona Adel",
  role: "teacher" as const,
  assignments: [{ grade: "Prep-1", subject_name: "Mathematics" }],
};

describe("staff request bodies", () => {
  it("a new account is checked by the API's own schema; a non-teacher sends no classes", () => {
    const ticked = new Set([cellKey("Prep-2", "Science")]);
    const values = { username: "sara", display_name: "Sara", role: "accountant" as const, password: "x".repeat(12) };
    const built = createBody(values, ticked);
    expect(built).toEqual({ body: { ...values, assignments: [] } });
    if ("body" in built) expect(staffCreateSchema.safeParse(built.body).success).toBe(true);
    expect(createBody({ ...values, role: "teacher" }, ticked)).toEqual({
      body: { ...values, role: "teacher", assignments: [{ grade: "Prep-2", subject_name: "Science" }] },
    });
  });

  it("a new account's problems are named by field, as reasons", () => {
    const built = createBody({ username: "a b", display_name: " ", role: "viewer", password: "short" }, new Set());
    expect(built).toEqual({
      problems: {
        username: reason("USERNAME_INVALID"),
        display_name: reason("REQUIRED", { field: "display_name" }),
        password: reason("PASSWORD_TOO_SHORT", { min: MIN_STAFF_PASSWORD_LENGTH }),
      },
    });
  });

  it("an edit sends only what changed", () => {
    const start = initialValues(teacher);
    expect(updateBody(teacher, start.values, start.ticked)).toEqual({ body: {} });
    expect(updateBody(teacher, { ...start.values, display_name: " Mona A. " }, start.ticked)).toEqual({
      body: { display_name: "Mona A." },
    });
    expect(updateBody(teacher, { ...start.values, role: "viewer" }, start.ticked)).toEqual({
      body: { role: "viewer", assignments: [] },
    });
    const more = toggleCell(start.ticked, "Prep-1", "Science");
    expect(updateBody(teacher, start.values, more)).toEqual({
      body: {
        assignments: [
          { grade: "Prep-1", subject_name: "Mathematics" },
          { grade: "Prep-1", subject_name: "Science" },
        ],
      },
    });
    const admin = { ...teacher, role: "administrator" as const, assignments: [] };
    // The last administrator's name can change: the unchanged role is not sent.
    expect(updateBody(admin, { ...initialValues(admin).values, display_name: "Head" }, new Set())).toEqual({
      body: { display_name: "Head" },
    });
  });

  it("reads the API's issues by their first path segment, the first per field", () => {
    expect(
      problemsOf([
        { path: "assignments.3.grade", message: reason("GRADE_UNKNOWN") },
        { path: "assignments.4.grade", message: reason("INVALID_INPUT") },
        { path: "unknown", message: "x" },
        { path: ["username"], message: reason("USERNAME_INVALID") },
      ]),
    ).toEqual({ assignments: reason("GRADE_UNKNOWN"), username: reason("USERNAME_INVALID") });
  });
});

describe("temporary password", () => {
  it("is long enough, from the unambiguous alphabet, in groups of four", () => {
    for (let i = 0; i < 200; i++) {
      const p = generateTemporaryPassword();
      expect(p.length).toBeGreaterThanOrEqual(MIN_STAFF_PASSWORD_LENGTH);
      expect(p).toMatch(/^[^-]{4}(-[^-]{4}){3}$/);
      for (const c of p.replaceAll("-", "")) expect(PASSWORD_ALPHABET).toContain(c);
    }
  });

  it("never takes a biased value (rejects the top of the range)", () => {
    const values = [0xffff_ffff, 5, 0xffff_fffe, 7, 1, 2, 3, 4, 6, 8, 9, 10, 11, 12, 13, 14, 15, 16];
    let i = 0;
    const random = (a: Uint32Array) => {
      a[0] = values[i++ % values.length]!;
      return a;
    };
    expect(generateTemporaryPassword(random)[0]).toBe(PASSWORD_ALPHABET[5]);
  });
});

describe("staff list order", () => {
  it("active first, then by role as listed, then by name", () => {
    const rows = [
      { display_name: "Zed", role: "viewer" as const, is_active: true },
      { display_name: "Amr", role: "administrator" as const, is_active: false },
      { display_name: "Badr", role: "administrator" as const, is_active: true },
      { display_name: "Adel", role: "administrator" as const, is_active: true },
      { display_name: "Hana", role: "teacher" as const, is_active: true },
    ];
    expect(sortStaff(rows, "en").map((r) => r.display_name)).toEqual(["Adel", "Badr", "Hana", "Zed", "Amr"]);
  });
});
