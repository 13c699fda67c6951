/**
 * The public result card shows, and prints, the grade the result was filed under (every card used to say "third
 * preparatory year"). A Primary-4 student with one result in a published term is made through the admin API and
 * removed afterwards; the card is checked in Arabic at 360 px and English at 1366 px, on screen and in print.
 */
import type { InferRequestType } from "hono/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminApi, type ApiClient, apiClient, ok } from "./admin-api";
import { adminToken } from "./admin-session";
import { server } from "./server";
import { fileBrowser } from "./file-browser";

const base = server.baseUrl;
type ResultInput = InferRequestType<ApiClient["api"]["admin"]["results"]["$post"]>["json"];
const studentNo = `9${String(Date.now()).slice(-9)}`; // 10 digits: a school-issued number, unique per run
const browser = fileBrowser();
let token = "";
let resultId = 0;
let publishedByUs: { academic_year_name: string; semester: string } | null = null;

beforeAll(async () => {
  token = await adminToken();
  await adminApi(token, "POST", "/api/students", {
    student_no: studentNo,
    full_name: "سلمى أحمد Primary Four",
    nationality: "Egyptian",
    current_grade: "Primary-4",
    building_no: 2,
  });
  const api = apiClient(token).api;
  const { data } = await ok(api.admin.results.publications.$get());
  let term = data.find((p) => p.is_published);
  if (!term) {
    term = data[0]!;
    publishedByUs = { academic_year_name: term.academic_year_name, semester: term.semester };
    await adminApi(token, "PUT", "/api/admin/results/publications", { ...publishedByUs, is_published: true });
  }
  const created = await ok(
    api.admin.results.$post({
      json: {
        student_id: studentNo,
        academic_year_name: term.academic_year_name as ResultInput["academic_year_name"],
        semester: term.semester,
        grade: "Primary-4",
        subject_scores: [
          { subject_name: "Mathematics", score: 45, max_score: 50 },
          { subject_name: "English", score: 38, max_score: 50 },
        ],
      },
    }),
  );
  resultId = created.data.id;
});

afterAll(async () => {
  if (resultId) await adminApi(token, "DELETE", `/api/admin/results/${resultId}`);
  await adminApi(token, "DELETE", `/api/students/${studentNo}`).catch(() => {});
  if (publishedByUs)
    await adminApi(token, "PUT", "/api/admin/results/publications", { ...publishedByUs, is_published: false });
});

describe("result card grade", () => {
  it.each([
    { lang: "ar" as const, width: 360, grade: "الصف الرابع الابتدائي", search: "بحث", prep3: "الصف الثالث الإعدادي" },
    { lang: "en" as const, width: 1366, grade: "Primary-4", search: "Search", prep3: "Prep-3" },
  ])("$lang at $width px: shows and prints the result's own grade", async ({ lang, width, grade, search, prep3 }) => {
    const context = await browser().newContext({ viewport: { width, height: 900 } });
    await context.addCookies([{ name: "lang", value: lang, url: base }]);
    const page = await context.newPage();
    await page.goto(`${base}/results`);
    await page.locator("#national-id").fill(studentNo);
    await page.getByRole("button", { name: search }).click();
    const card = page.locator("article[data-result-card]");
    await card.waitFor();
    const gradeValue = card.locator("dd").filter({ hasText: grade });
    expect(await gradeValue.count()).toBe(1);
    expect(await card.textContent()).not.toContain(prep3);
    await page.emulateMedia({ media: "print" });
    expect(await gradeValue.isVisible()).toBe(true);
    await context.close();
  });
});
