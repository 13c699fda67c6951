/** The Students page's subtitle says what the role can do: a read-only list is not offered "register and update". */
import { describe, expect, it } from "vitest";
import { permissionsOf } from "../../worker/permissions";
import type { StaffRole } from "../../common/staff-roles";
import { studentsSubtitleKey } from "../../web/features/students/admin/students-header";

const me = (role: StaffRole) => ({ role, permissions: permissionsOf(role) });

describe("studentsSubtitleKey", () => {
  it("tells a teacher the list is their grades' students, read only", () => {
    expect(studentsSubtitleKey(me("teacher"))).toBe("students.subtitleAssigned");
  });

  it("keeps register-and-update for the roles that may, and read-only wording for the others", () => {
    expect(studentsSubtitleKey(me("administrator"))).toBe("students.subtitle");
    expect(studentsSubtitleKey(me("registrar"))).toBe("students.subtitle");
    expect(studentsSubtitleKey(me("viewer"))).toBe("students.subtitleReadOnly");
    expect(studentsSubtitleKey(null)).toBe("students.subtitle");
  });
});
