/**
 * An active subject that nobody teaches (made through the admin API, removed afterwards) on the demo data:
 * /current-students asks only for the subjects it can offer and the save succeeds (it used to say "0 of 5" while the
 * server refused "choose a teacher for all 6 subjects"); the admin Subjects and Teachers pages name the subject in
 * their warning, in English and Arabic.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_LANG_COOKIE } from "../../web/i18n";
import { adminApi, apiClient, ok } from "./admin-api";
import { adminToken, signIn } from "./admin-session";
import { server } from "./server";
import { fileBrowser } from "./file-browser";

const base = server.baseUrl;
const studentNo = `8${String(Date.now()).slice(-9)}`;
const subjectName = `Robotics ${Date.now().toString(36)}`;
const browser = fileBrowser();
let token = "";
let subjectId = 0;
let offered = 0;

beforeAll(async () => {
  token = await adminToken();
  await adminApi(token, "POST", "/api/students", {
    student_no: studentNo,
    full_name: "يوسف تجربة المواد",
    nationality: "Egyptian",
    current_grade: "Prep-3",
    building_no: 5,
  });
  const selection = apiClient(token).api.admin.selection;
  subjectId = (await ok(selection.subjects.$post({ json: { name: subjectName } }))).data.id;
  const subjects = await ok(selection.subjects.$get());
  const teachers = await ok(selection.teachers.$get());
  const taught = new Set(teachers.data.filter((t) => t.is_active).map((t) => t.subject_id));
  offered = subjects.data.filter((s) => s.is_active && taught.has(s.id)).length;
  expect(subjects.data.filter((s) => s.is_active).length).toBe(offered + 1);
});

afterAll(async () => {
  await adminApi(token, "DELETE", "/api/admin/selection/delete-all", { student_id: studentNo }).catch(() => {});
  await adminApi(token, "DELETE", `/api/students/${studentNo}`).catch(() => {});
  if (subjectId) await adminApi(token, "DELETE", `/api/admin/selection/subjects/${subjectId}`);
});

describe("an active subject without a teacher", () => {
  it("is not asked on /current-students, and the student can save", async () => {
    const context = await browser().newContext({ viewport: { width: 360, height: 800 } });
    await context.addCookies([{ name: "lang", value: "en", url: base }]);
    const page = await context.newPage();
    await page.goto(`${base}/current-students`);
    await page.locator("#student-national-id").fill(studentNo);
    await page.locator("form:has(#student-national-id) button[type=submit]").click();
    const groups = page.getByRole("radiogroup");
    await groups.first().waitFor();
    expect(await groups.count()).toBe(offered);
    expect(await page.getByText(subjectName).count()).toBe(0);
    await page.getByText(`0 of ${offered} chosen`).waitFor();
    for (let i = 0; i < offered; i++) await groups.nth(i).locator("label:not([data-full])").first().click();
    await page.getByText(`${offered} of ${offered} chosen`).waitFor();
    await page.getByRole("button", { name: "Confirm selections" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Confirm and save" }).click();
    await page.locator("[data-sonner-toast]").filter({ hasText: "Your selections were saved successfully." }).waitFor();
    await page.locator("[data-mode=update]").waitFor();
    expect(await page.locator("#current-selections table tbody tr").count()).toBe(offered);
    await context.close();
  });

  it.each([
    {
      lang: "en" as const,
      path: "subjects",
      text: "No active teacher: students are not asked to choose this subject until it has one.",
    },
    {
      lang: "ar" as const,
      path: "teachers",
      text: "لا يوجد معلم مفعّل: لن يُطلب من الطلاب اختيار هذه المادة حتى يُضاف لها معلم.",
    },
  ])("is named in the warning of the admin $path page ($lang)", async ({ lang, path, text }) => {
    const context = await browser().newContext({ viewport: { width: 1366, height: 900 } });
    const page: Page = await context.newPage();
    await signIn(page);
    if (lang === "ar") await context.addCookies([{ name: ADMIN_LANG_COOKIE, value: "ar", url: base }]);
    await page.goto(`${base}/admin/dashboard/course-selections/${path}`);
    const warning = page.getByTestId("uncovered-subjects");
    await warning.waitFor();
    const item = warning.locator(`li[data-subject-id="${subjectId}"]`);
    expect(await item.textContent()).toContain(subjectName);
    expect(await item.textContent()).toContain(text);
    await context.close();
  });
});
