/**
 * Bulk import answers (docs/product.md#bulk-import) do not grow with a refused value: a row's `key` echoes at most
 * 64 characters of what was sent, with an ellipsis, so a 2 MB ID does not come back as a 2 MB answer.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { api, loginAdmin } from "./helpers";

let token: string;
beforeAll(async () => {
  token = await loginAdmin();
});

describe("import answers", () => {
  it("cut a refused row's echoed key to 64 characters and an ellipsis", async () => {
    const huge = "9".repeat(2 * 1024 * 1024);
    const row = {
      student_no: huge,
      full_name: "طالب",
      nationality: "Egyptian",
      current_grade: "Prep-1",
      building_no: 3,
      gender: "male",
    };
    const res = await api("/api/admin/import/students?dry_run=1", { method: "POST", token, body: { rows: [row] } });
    expect(res.status).toBe(200);
    expect(res.json.rows[0]).toMatchObject({ row: 1, action: "error", key: `${"9".repeat(64)}…` });
    expect(res.text.length).toBeLessThan(2_000);
    const teacher = { full_name: "م".repeat(300_000), subject_name: "x" };
    const t = await api("/api/admin/import/teachers?dry_run=1", { method: "POST", token, body: { rows: [teacher] } });
    expect(t.status).toBe(200);
    expect(Array.from(t.json.rows[0].key as string)).toHaveLength(65);
    expect(t.text.length).toBeLessThan(2_000);
  });
});
