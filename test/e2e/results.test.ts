/**
 * Results Management in Chromium against the built Worker with the demo data (docs/product.md#results): add an S1
 * result of an upcoming year of the file's own (created: no result is in it), with three subject rows; check the
 * live letter grades on the admin scale, and find the new result in the list; in the Arabic console, the form's
 * messages and a refused second result of the same term read in Arabic (by their reasons).
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { apiClient, type ApiClient, ok, ownYear } from "./admin-api";
import { adminToken, consoleContext, signIn } from "./admin-session";
import { sampleNos, server } from "./server";
import { fileBrowser } from "./file-browser";
import { chooseOption } from "./select";
import { localDigits } from "~/lib/format";

const base = server.baseUrl;
const samples = sampleNos;
const browser = fileBrowser();
let token: string;

let api: ApiClient["api"];
/** The current year, and an upcoming one of this file's own that no other result is in (ownYear). */
let current: string;
let upcoming: string;
const resultsOf = async (search: string) => (await ok(api.admin.results.$get({ query: { search } }))).data;

/** Opens a Radix select by its label and picks an option. */
async function choose(page: Page, label: string, option: string) {
  await chooseOption(page.getByRole("dialog").getByLabel(label, { exact: true }), option);
}

beforeAll(async () => {
  token = await adminToken();
  api = apiClient(token).api;
  const years = await ok(api.admin["academic-years"].$get());
  current = years.current!;
  upcoming = await ownYear(token);
});

describe("results management", () => {
  it("adds a result with three subject rows (one absent, غ typed as its marks) and shows it in the list", async () => {
    const { students } = await ok(api.students.$get({ query: { grade: "Prep-1", status: "active" } }));
    const candidates = students.filter((s) => !samples.includes(s.student_no));
    let student: (typeof candidates)[number] | undefined;
    for (const s of candidates.slice(5, 40)) {
      const data = await resultsOf(s.student_no);
      if (!data.some((r) => r.academic_year_name === upcoming && r.semester === "S1")) {
        student = s;
        break;
      }
    }
    expect(student, "an active Prep-1 student without an S1 result in the upcoming year").toBeTruthy();
    const id = student!.student_no;

    const page = await (await browser().newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await signIn(page);
    await page.goto(`${base}/admin/dashboard/results`);
    await page.getByRole("heading", { name: "Results Management" }).waitFor();
    await page.getByRole("button", { name: "Add Result" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Result" });
    await dialog.waitFor();

    await choose(page, "Academic Year", upcoming);
    await choose(page, "Semester", "Semester 1");
    await dialog.getByLabel("Student ID").fill(id);
    await dialog.getByText(student!.full_name).waitFor();

    // One row exists and cannot be removed; two more are added.
    await expect(dialog.getByRole("button", { name: "Remove subject row 1" }).isDisabled()).resolves.toBe(true);
    await dialog.getByRole("button", { name: "Add Subject" }).click();
    await dialog.getByRole("button", { name: "Add Subject" }).click();
    const rows = [
      { subject: "Mathematics", marks: "95", total: "100", letter: "A+" },
      { subject: "English", marks: "36", total: "50", letter: "B+" },
      // Absent: "غ" typed as the marks (docs/product.md#absent-marks).
      { subject: "Science", marks: "غ", total: "100", letter: "Absent" },
    ];
    for (const [i, r] of rows.entries()) {
      await choose(page, `Subject ${i + 1}`, r.subject);
      await dialog.getByLabel(`Marks ${i + 1}`, { exact: true }).fill(r.marks);
      await dialog.getByLabel(`Total ${i + 1}`, { exact: true }).fill(r.total);
      await dialog.getByRole("listitem").nth(i).getByText(r.letter, { exact: true }).waitFor();
    }
    await expect(dialog.getByRole("button", { name: "Remove subject row 1" }).isEnabled()).resolves.toBe(true);
    await dialog.getByRole("button", { name: "Save Result" }).click();
    await page.getByText("Result saved").waitFor();
    await dialog.waitFor({ state: "hidden" });

    await page.getByLabel("Search", { exact: true }).fill(id);
    const row = page.getByRole("row").filter({ hasText: id }).filter({ hasText: upcoming });
    await row.waitFor();
    await row.getByText("S1", { exact: true }).waitFor();

    const data = await resultsOf(id);
    const saved = data.find((r) => r.academic_year_name === upcoming && r.semester === "S1");
    expect(saved?.current_grade).toBe(student!.current_grade);
    expect(saved?.subject_scores).toEqual([
      { subject_name: "Mathematics", score: 95, max_score: 100, remarks: "Grade: A+", absent: false },
      { subject_name: "English", score: 36, max_score: 50, remarks: "Grade: B+", absent: false },
      { subject_name: "Science", score: null, max_score: 100, remarks: null, absent: true },
    ]);
    await page.context().close();
  });

  it("says what is wrong in Arabic in the Arabic console, and refuses a second result of the same term", async () => {
    const studentNo = `7${String(Date.now()).slice(-9)}`; // 10 digits: a school-issued number, unique per run
    const { student } = await ok(
      api.students.$post({
        json: {
          student_no: studentNo,
          full_name: `نتيجة مكررة ${studentNo.slice(-4)}`,
          nationality: "مصري",
          current_grade: "Prep-2",
          building_no: 3,
        },
      }),
    );
    const { data: first } = await ok(
      api.admin.results.$post({
        json: {
          student_id: studentNo,
          academic_year_name: current,
          semester: "S2",
          subject_scores: [{ subject_name: "Art", score: 40, max_score: 50 }],
        },
      }),
    );
    const context = await consoleContext(browser(), token, "ar", { viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      await page.goto(`${base}/admin/dashboard/results`);
      await page.getByRole("button", { name: "إضافة نتيجة" }).click();
      const dialog = page.getByRole("dialog", { name: "إضافة نتيجة" });
      await choose(page, "العام الدراسي", localDigits(current, "ar")); // years read in the page's digits
      await choose(page, "الفصل الدراسي", "الفصل الدراسي الثاني");
      await dialog.getByLabel("رقم الطالب").fill(studentNo);
      await dialog.getByText(student.full_name).waitFor();
      await choose(page, "المادة 1", "التربية الفنية");
      const row = dialog.getByRole("listitem").first();

      await dialog.getByLabel("الدرجة 1", { exact: true }).fill("٤٥");
      await dialog.getByLabel("النهاية العظمى 1", { exact: true }).fill("");
      await dialog.getByRole("button", { name: "حفظ النتيجة" }).click();
      await row.getByRole("alert").filter({ hasText: "النهاية العظمى مطلوبة" }).waitFor();
      await dialog.getByLabel("النهاية العظمى 1", { exact: true }).fill("٤٠");
      await dialog.getByRole("button", { name: "حفظ النتيجة" }).click();
      await row.getByRole("alert").filter({ hasText: "لا يمكن أن تتجاوز الدرجة النهاية العظمى" }).waitFor();

      await dialog.getByLabel("النهاية العظمى 1", { exact: true }).fill("٥٠");
      const answer = page.waitForResponse(
        (r) => r.url().endsWith("/api/admin/results") && r.request().method() === "POST",
      );
      await dialog.getByRole("button", { name: "حفظ النتيجة" }).click();
      const refused = await answer;
      expect(refused.status()).toBe(409);
      expect(await refused.json()).toMatchObject({ code: "CONFLICT", reason: "RESULT_DUPLICATE" });
      await page.getByText("توجد نتيجة لهذا الطالب في هذا العام الدراسي والفصل بالفعل").waitFor();
      expect(await dialog.isVisible()).toBe(true); // nothing typed is lost
    } finally {
      await context.close();
      await ok(api.admin.results[":id"].$delete({ param: { id: String(first.id) } }));
      await ok(api.students["by-student-no"][":student_no"].$delete({ param: { student_no: studentNo } }));
    }
  });
});
