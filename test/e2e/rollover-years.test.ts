/**
 * Close the year, choosing the year to close (docs/product.md#the-year-end-rollover): the wizard offers the years
 * that can be closed, the current one by default, and the next year follows the choice. The test closes a year of its
 * own (at least two after the current one, ownYear()) with three students of its own enrolled there, so the demo
 * school and the other files' years are never part of it: in Arabic at 360 px the choice and its dry run; in English
 * at 1366 px the choice, the apply and the undo (which removes the next year the run created).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enrolments, students } from "../../db/schema";
import { nodeDb } from "../../scripts/lib/db";
import { uniqueStudentNo } from "../support/selection-world";
import { adminApi, ownYear } from "./admin-api";
import { adminToken, consolePage } from "./admin-session";
import { fileBrowser } from "./file-browser";
import { server } from "./server";

const base = server.baseUrl;
const browser = fileBrowser();
const SHOTS = join(process.cwd(), "screenshots");
const { db, close } = nodeDb(server.libsqlUrl);
let token: string;
let year: string;
let nextYear: string;
let current: string;
const mine = [uniqueStudentNo(), uniqueStudentNo(), uniqueStudentNo()];
const GRADES = ["KG-1", "Primary-6", "Prep-3"] as const;

const status = (from?: string) =>
  adminApi<{ current_year: string; next_year: string; run: { id: number; state: string } | null }>(
    token,
    "GET",
    `/api/admin/rollover${from ? `?from_year=${from}` : ""}`,
  );

beforeAll(async () => {
  token = await adminToken();
  mkdirSync(SHOTS, { recursive: true });
  current = (await status()).current_year;
  year = await ownYear(token);
  const first = Number(year.slice(0, 4));
  nextYear = `${first + 1}-${first + 2}`;
  for (const [i, no] of mine.entries()) {
    await adminApi(token, "POST", "/api/students", {
      student_no: no,
      full_name: `طالب الإغلاق ${i + 1}`,
      nationality: "Egyptian",
      current_grade: GRADES[i],
      building_no: 3,
    });
    const [s] = await db.select({ id: students.id }).from(students).where(eq(students.studentNo, no));
    // Enrolled in the test's own year, as a rollover into it would have left them (no API writes a later year's).
    await db.insert(enrolments).values({ studentId: s!.id, academicYearName: year, grade: GRADES[i], buildingNo: 3 });
  }
});

afterAll(async () => {
  const s = await status(year).catch(() => null);
  if (s?.run?.state === "applied") await adminApi(token, "POST", "/api/admin/rollover/undo", { run_id: s.run.id });
  for (const no of mine) await adminApi(token, "DELETE", `/api/students/${no}`).catch(() => {});
  close();
});

const shot = async (page: Page, name: string, fullPage = true) =>
  writeFileSync(join(SHOTS, `${name}.png`), await page.screenshot({ fullPage }));

const wide = () =>
  document.documentElement.scrollWidth > document.documentElement.clientWidth
    ? `${document.documentElement.scrollWidth} in ${document.documentElement.clientWidth}`
    : null;

/** Chooses `name` in the "year to close" select (its option's text starts with the year in the page's digits). */
async function chooseYear(page: Page, label: string, name: string) {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: new RegExp(`^${name}`) }).click();
}

const arabicDigits = (s: string) => s.replace(/\d/g, (d) => "٠١٢٣٤٥٦٧٨٩"[Number(d)]!);

describe("Close the year: choosing the year to close", () => {
  it("Arabic at 360 px: the current year by default; another year of the data, its next year and its dry run", async () => {
    const page = await consolePage(browser(), token, "ar", 360);
    await page.goto(`${base}/admin/dashboard/rollover`);
    const picker = page.getByRole("combobox", { name: "العام المراد إغلاقه" });
    await expect.poll(() => picker.textContent()).toContain(arabicDigits(current));
    await expect.poll(() => page.getByLabel("العام الدراسي التالي").inputValue()).not.toBe("");
    await chooseYear(page, "العام المراد إغلاقه", arabicDigits(year));
    await expect.poll(() => page.getByLabel("العام الدراسي التالي").inputValue()).toBe(nextYear);
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).locator("..").textContent())
      .toContain(arabicDigits(year));
    await page.getByRole("button", { name: "معاينة (تجربة دون حفظ)" }).click();
    await page.getByRole("heading", { name: new RegExp(`^المعاينة.*${arabicDigits(year)}`) }).waitFor();
    // Only the test's three students are enrolled in its year: one a grade.
    await expect.poll(() => page.locator("section[aria-labelledby^=grade-]").count()).toBe(3);
    expect(await page.evaluate(wide)).toBeNull();
    await shot(page, "rollover-year-ar-360");
    await page.context().close();
  });

  it("English at 1366 px: another year closed into the one after it, then undone", async () => {
    const page = await consolePage(browser(), token, "en", 1366);
    await page.goto(`${base}/admin/dashboard/rollover`);
    await expect.poll(() => page.getByRole("combobox", { name: "Year to close" }).textContent()).toContain(current);
    await chooseYear(page, "Year to close", year);
    await expect.poll(() => page.getByLabel("Next academic year").inputValue()).toBe(nextYear);
    await page.getByRole("button", { name: "Preview (dry run)" }).click();
    await page.getByRole("heading", { name: new RegExp(`^Dry run.*${year}`) }).waitFor();
    await shot(page, "rollover-year-en-1366-preview");
    await page.getByRole("button", { name: "Apply", exact: true }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Apply" }).click();
    await page.getByRole("heading", { name: /^Rollover .* applied$/ }).waitFor({ timeout: 60_000 });
    const applied = await status(year);
    expect(applied.run).toMatchObject({ state: "applied" });
    expect(applied.next_year).toBe(nextYear);
    // The default year's rollover is not this one.
    expect((await status()).run?.id).not.toBe(applied.run!.id);
    const next = await db.select().from(enrolments).where(eq(enrolments.academicYearName, nextYear));
    expect(next.map((e) => e.grade).sort()).toEqual(["KG-2", "Prep-1"]);
    await shot(page, "rollover-year-en-1366-applied");
    await page.getByRole("button", { name: "Undo the rollover" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Undo the rollover" }).click();
    await page.getByRole("button", { name: "Preview (dry run)" }).waitFor();
    expect((await status(year)).run).toBeNull();
    // The picker still shows the chosen year after the undo.
    expect(await page.getByRole("combobox", { name: "Year to close" }).textContent()).toContain(year);
    await page.context().close();
  });
});
