/** The sidebar's grade lists: a teacher sees only the grades they teach; the office every grade. */
import { describe, expect, it } from "vitest";
import { ADMIN_GRADES } from "../../web/lib/admin-events";
import { sidebarGrades } from "../../web/features/shell/admin/nav-access";

const teacher = {
  role: "teacher" as const,
  assignments: [{ grade: "Prep-3" as const }, { grade: "Prep-2" as const }, { grade: "Prep-3" as const }],
};

describe("sidebarGrades", () => {
  it("lists a teacher's assigned grades once each, in school order, after All", () => {
    expect(sidebarGrades(teacher, "students")).toEqual(["All", "Prep-2", "Prep-3"]);
    expect(sidebarGrades(teacher, "results")).toEqual(["All", "Prep-2", "Prep-3"]);
  });

  it("lists every grade for the office and while the person is unknown", () => {
    expect(sidebarGrades({ role: "registrar", assignments: [] }, "students")).toEqual(ADMIN_GRADES);
    expect(sidebarGrades({ role: "administrator", assignments: [] }, "fees")).toEqual(ADMIN_GRADES);
    expect(sidebarGrades(null, "students")).toEqual(ADMIN_GRADES);
  });
});
