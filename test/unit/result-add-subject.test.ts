/**
 * The result dialog's Add Subject (docs/product.md#results, #staff-and-roles): a teacher is offered only the subjects
 * they may mark in the result's grade and not yet in the result, and no button when none is left.
 */
import { describe, expect, it } from "vitest";
import { RESULT_SUBJECTS } from "@worker/lib/subjects";
import { addableSubjects, canAddSubjectRow } from "~/features/results/admin/result-form";

const row = (subject_name: string) => ({ subject_name, score: "", max_score: "100" });
const assignments = [
  { grade: "Prep-3", subject_name: "Mathematics" },
  { grade: "Prep-3", subject_name: "Science" },
  { grade: "Prep-2", subject_name: "English" },
];
/** The dialog's mayMark for a teacher and the result's grade. */
const teacherIn = (grade: string) => (s: string) => assignments.some((a) => a.grade === grade && a.subject_name === s);

describe("Add Subject", () => {
  it("offers a teacher only their subjects of the result's grade that are not in the result yet", () => {
    expect(addableSubjects([row("Mathematics"), row("Art")], teacherIn("Prep-3"))).toEqual(["Science"]);
    expect(canAddSubjectRow([row("Mathematics"), row("Art")], teacherIn("Prep-3"))).toBe(true);
  });

  it("is not offered to a teacher with nothing left to add (it used to add a row with every subject disabled)", () => {
    expect(canAddSubjectRow([row("Mathematics"), row("Science")], teacherIn("Prep-3"))).toBe(false);
    expect(canAddSubjectRow([row("History")], teacherIn("Prep-1"))).toBe(false);
    // A row still without a subject takes the last addable one.
    expect(canAddSubjectRow([row("Mathematics"), row("")], teacherIn("Prep-3"))).toBe(false);
  });

  it("offers everyone else every subject not yet in the result", () => {
    expect(addableSubjects([row("Art")])).toEqual(RESULT_SUBJECTS.filter((s) => s !== "Art"));
    expect(canAddSubjectRow(RESULT_SUBJECTS.map(row))).toBe(false);
    expect(canAddSubjectRow([row("")])).toBe(true);
  });
});
