/** A new guardian's relation is the office's choice: empty until chosen, and "required" when left empty. */
import { describe, expect, it } from "vitest";
import { guardianInputSchema } from "../../worker/contracts/guardians";
import { reason } from "../../worker/reasons";
import { EMPTY_GUARDIAN } from "../../web/features/students/admin/student-form-schema";

const guardian = { full_name: "منى سامي", phone: "01001234567" };

describe("guardian relation", () => {
  it("is not assumed for a new row (a second guardian is not the father by default)", () => {
    expect(EMPTY_GUARDIAN.relation).toBe("");
  });

  it("says required for an empty or missing relation, unknown for a wrong one", () => {
    const empty = guardianInputSchema.safeParse({ ...guardian, relation: "" });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]?.message).toBe(reason("REQUIRED", { field: "relation" }));
    const missing = guardianInputSchema.safeParse(guardian);
    expect(missing.error?.issues[0]?.message).toBe(reason("REQUIRED", { field: "relation" }));
    const wrong = guardianInputSchema.safeParse({ ...guardian, relation: "uncle" });
    expect(wrong.error?.issues[0]?.message).toBe(reason("UNKNOWN_VALUE", { field: "relation" }));
    expect(guardianInputSchema.safeParse({ ...guardian, relation: "mother" }).success).toBe(true);
  });
});
