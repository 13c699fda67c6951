/**
 * Students Management in Chromium against the built Worker with the demo data (docs/product.md#students): add, edit
 * and delete a student through the page; a refused delete (student with history) that puts the row back; the CSV
 * export's file name, BOM and header row; a student created through the API appearing on an open page without a
 * reload (live refresh); the sidebar grade filter, pagination and keyboard column resizing; the dashboard's Add
 * Student quick action; the per-grade results demo screen (docs/product.md#per-grade-demo) and its form's messages
 * in Arabic.
 */
import { readFileSync } from "node:fs";
import type { InferRequestType } from "hono/client";
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { apiClient, type ApiClient, ok } from "./admin-api";
import { adminToken, consoleContext, signIn } from "./admin-session";
import { server } from "./server";
import { fileBrowser } from "./file-browser";
import { chooseOption } from "./select";

const base = server.baseUrl;
const samples = server.samples ?? { resultsFound: undefined };
const STUDENTS = `${base}/admin/dashboard/students`;
const browser = fileBrowser();
let token: string;

/** A fresh 14-digit national-ID-shaped number (unique per call within a run). */
let seq = 0;
function newStudentNo(): string {
  seq++;
  return `3${String(Date.now()).slice(-9)}${String(seq).padStart(2, "0")}${String(process.pid % 100).padStart(2, "0")}`;
}

let api: ApiClient["api"];

beforeAll(async () => {
  token = await adminToken();
  api = apiClient(token).api;
});

const listStudents = async (query: InferRequestType<typeof api.students.$get>["query"]) =>
  (await ok(api.students.$get({ query }))).students;

/** Waits until the table has the answer to the last request (server paging keeps the old rows meanwhile). */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector("table[aria-busy]"));
}

async function newPage(): Promise<Page> {
  const context = await browser().newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  return context.newPage();
}

/** Opens the Students page and waits for the first rows. */
async function openStudents(page: Page) {
  await page.goto(STUDENTS);
  await page.getByRole("heading", { name: "Students Management" }).waitFor();
  await page.getByRole("table").locator("tbody tr th[scope=row]").first().waitFor();
}

/** Picks `option` in the Radix select labelled `label` inside `scope`. */
async function choose(scope: Locator | Page, label: string, option: string) {
  await chooseOption(scope.getByLabel(label, { exact: true }), option);
}

describe("Students Management", () => {
  it("adds, edits and deletes a student", async () => {
    const page = await newPage();
    await signIn(page);
    await openStudents(page);
    const studentNo = newStudentNo();
    const name = `E2E Student ${studentNo.slice(-6)}`;

    // Add: the modal's defaults are status active and gender male (docs/product.md#students).
    await page.getByRole("button", { name: "Add Student" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Student" });
    await dialog.waitFor();
    await expect(dialog.getByLabel("Status").textContent()).resolves.toContain("Active");
    await expect(dialog.getByLabel("Gender").textContent()).resolves.toContain("Male");
    await dialog.getByRole("button", { name: "Add Student" }).click();
    await dialog.getByText("ID is required").waitFor();
    await dialog.getByText("Grade is required").waitFor();
    await dialog.getByLabel("Student ID").fill(studentNo);
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByLabel("Nationality").fill("Egyptian");
    await choose(dialog, "Grade", "Prep-1");
    await choose(dialog, "Building", "Building 2");
    await dialog.getByRole("button", { name: "Add Student" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.getByText("Student added").waitFor();

    // Found by its ID typed in Arabic-Indic digits.
    const arabicDigits = studentNo.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    await page.getByLabel("Search", { exact: true }).fill(arabicDigits);
    const row = page.getByRole("row", { name: new RegExp(name) });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain(studentNo);
    const created = await listStudents({ search: studentNo });
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ full_name: name, current_grade: "Prep-1", building_no: 2, is_active: true });

    // Edit: rename and mark inactive.
    await page.getByRole("button", { name: `Edit ${name}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit Student" });
    await edit.waitFor();
    await expect(edit.getByLabel("Student ID").inputValue()).resolves.toBe(studentNo);
    await edit.getByLabel("Name").fill(`${name} Edited`);
    await choose(edit, "Status", "Inactive");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await page
      .getByRole("row", { name: new RegExp(`${name} Edited`) })
      .getByText("Inactive")
      .waitFor();
    await page.getByText("Student updated").waitFor();
    const updated = await listStudents({ search: studentNo });
    expect(updated[0]).toMatchObject({ full_name: `${name} Edited`, is_active: false });

    // Delete with the confirm dialog.
    await page.getByRole("button", { name: `Delete ${name} Edited` }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByText("Are you sure you want to delete").waitFor();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await page.getByText("No students found").waitFor();
    await page.getByText("Student deleted").waitFor();
    const after = await listStudents({ search: studentNo });
    expect(after).toHaveLength(0);
    await page.context().close();
  });

  it("exports the filtered students as CSV with a BOM and the documented header row", async () => {
    const page = await newPage();
    await signIn(page);
    await openStudents(page);
    await choose(page, "Grade", "Prep-3");
    const expected = (await listStudents({ grade: "Prep-3" })).length;
    await page.getByText(new RegExp(`^${new Intl.NumberFormat("en-EG").format(expected)} students$`)).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^students_Prep-3_\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString("utf8").split("\r\n");
    const guardianHeaders = [1, 2, 3].flatMap((n) =>
      ["Name", "Relation", "Phone", "Language", "WhatsApp Consent"].map((c) => `"Guardian ${n} ${c}"`),
    );
    expect(lines[0]).toBe(
      [
        '"Name","ID","Nationality","Religion","Grade","Building","Gender","Status"',
        ...guardianHeaders,
        '"Academic Year","Section"',
      ].join(","),
    );
    expect(lines).toHaveLength(expected + 1);
    expect(lines.slice(1).every((l) => l.includes('"Prep-3"'))).toBe(true);
    expect(lines[1]).toMatch(/[\u0600-\u06ff]/); // Arabic names survive as UTF-8
    expect(lines[1]).toMatch(/^"[^"]*","\t\d{14}",/); // the ID stays text in a spreadsheet
    await page.context().close();
  });

  it("shows a student created through the API on an open page without a reload", async () => {
    const page = await newPage();
    await signIn(page);
    await openStudents(page);
    const studentNo = newStudentNo();
    const name = `Live Student ${studentNo.slice(-6)}`;
    await page.getByLabel("Search", { exact: true }).fill(studentNo);
    await page.getByText("No students found").waitFor();
    await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));

    const created = await api.students.$post({
      json: {
        student_no: studentNo,
        full_name: name,
        nationality: "Egyptian",
        religion: null,
        current_grade: "Prep-2",
        building_no: 4,
        gender: "female",
        is_active: true,
      },
    });
    expect(created.status).toBe(201);
    await page.getByRole("row", { name: new RegExp(name) }).waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);

    // A delete through the API disappears the same way.
    expect(
      (await api.students["by-student-no"][":student_no"].$delete({ param: { student_no: studentNo } })).status,
    ).toBe(200);
    await page.getByText("No students found").waitFor({ timeout: 15_000 });
    await page.context().close();
  });

  it("puts a student with payments and results back when the server refuses the delete", async () => {
    const studentNo = samples.resultsFound;
    expect(studentNo).toBeTruthy();
    const page = await newPage();
    await signIn(page);
    await openStudents(page);
    await page.getByLabel("Search", { exact: true }).fill(studentNo!);
    const row = page.getByRole("row").filter({ hasText: studentNo! });
    await row.waitFor();
    await row.getByRole("button", { name: /^Delete / }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await page.getByText("Mark the student inactive instead").first().waitFor();
    await row.waitFor();
    expect(await listStudents({ search: studentNo! })).toHaveLength(1);
    await page.context().close();
  });

  it("filters by the sidebar grade, paginates, and resizes the Name column from the keyboard within 180-500 px", async () => {
    const page = await newPage();
    await signIn(page);
    await openStudents(page);
    await page.getByText(/^Showing 1–15 of /).waitFor();
    await expect(page.locator("tbody tr").count()).resolves.toBe(15);
    // Pages come from the server (docs/product.md#students): each page is a different set of 15 students.
    const ids = () => page.locator("tbody tr td:nth-child(2)").allTextContents();
    const first = await ids();
    const pagination = page.getByRole("navigation", { name: "Pagination" });
    await pagination.getByRole("button", { name: "Page 2" }).click();
    await page.getByText(/^Showing 16–30 of /).waitFor();
    await settled(page);
    // The range label moves before the page's request starts (its rows are still the last page's until it answers).
    await expect.poll(ids).not.toEqual(first);
    const second = await ids();
    expect(second).toHaveLength(15);
    expect(second.filter((id) => first.includes(id))).toEqual([]);
    await pagination.getByRole("button", { name: "Next" }).click();
    await page.getByText(/^Showing 31–45 of /).waitFor();
    await settled(page);
    await expect.poll(ids).not.toEqual(second);
    const third = await ids();
    expect(third.filter((id) => first.includes(id) || second.includes(id))).toEqual([]);
    // The last page button of the 7-page window, with its shorter page.
    const total = Number(
      (await page.getByText(/^Showing 31–45 of /).textContent())!.replace(/.* of /, "").replace(/\D/g, ""),
    );
    const last = Math.ceil(total / 15);
    await pagination.getByRole("button", { name: `Page ${last}` }).click();
    await page
      .getByText(new RegExp(`^Showing ${new Intl.NumberFormat("en-EG").format((last - 1) * 15 + 1)}–`))
      .waitFor();
    await settled(page);
    await expect(page.locator("tbody tr").count()).resolves.toBe(total - (last - 1) * 15);
    await choose(page, "Rows per page", "50");
    await page.getByText(/^Showing 1–50 of /).waitFor();

    await page
      .getByRole("list", { name: "Students by grade" })
      .getByRole("button", { name: "Prep-2", exact: true })
      .click();
    await expect(page.getByLabel("Grade", { exact: true }).textContent()).resolves.toBe("Prep-2");
    await settled(page);
    const grades = await page.locator("tbody tr td:nth-child(5)").allTextContents();
    expect(grades.length).toBeGreaterThan(0);
    expect(new Set(grades)).toEqual(new Set(["Prep-2"]));

    const handle = page.getByRole("separator", { name: "Resize column Name" });
    const width = async () => Number(await handle.getAttribute("aria-valuenow"));
    const start = await width();
    await handle.focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    expect(await width()).toBe(start + 20);
    await page.keyboard.press("End");
    expect(await width()).toBe(500);
    const th = page.getByRole("columnheader", { name: "Name" });
    expect(Math.round((await th.boundingBox())!.width)).toBe(500);
    await page.keyboard.press("Home");
    expect(await width()).toBe(180);
    await page.getByRole("button", { name: "Name", exact: true }).click();
    await expect(th.getAttribute("aria-sort")).resolves.toBe("ascending");
    // Sorted by the server across the whole grade, not just the rows that were on screen.
    await settled(page);
    const sorted = await listStudents({
      grade: "Prep-2",
      page: "1",
      limit: "50",
      sortBy: "full_name",
      sortOrder: "asc",
    });
    expect(await page.locator("tbody tr td:nth-child(2)").allTextContents()).toEqual(sorted.map((s) => s.student_no));
    await page.context().close();
  });

  it("opens the add modal from the dashboard's Add Student quick action", async () => {
    const page = await newPage();
    await signIn(page);
    await page.getByRole("button", { name: /Add Student/ }).click();
    await page.waitForURL(STUDENTS);
    await page.getByRole("dialog", { name: "Add Student" }).waitFor();
    await page.context().close();
  });

  it("runs the per-grade results demo locally: add, then delete with the confirm", async () => {
    const first = await newPage();
    await signIn(first);
    // A second tab of the same session, so the dashboard's own calls are not counted.
    const page = await first.context().newPage();
    const calls: string[] = [];
    page.on("request", (r) => r.url().includes("/api/") && calls.push(`${r.method()} ${r.url()}`));
    // The console shell asks who is signed in (docs/product.md#staff-and-roles) and which academic years there are
    // (every form's list, docs/product.md#academic-years-and-rollover) on every load: those calls are the shell's, not
    // the demo's, and are told apart by their exact method and URL.
    const shellCalls = [`GET ${base}/api/auth/me`, `GET ${base}/api/admin/academic-years`];
    const demoCalls = () => calls.filter((c) => !shellCalls.includes(c));
    await page.goto(`${base}/admin/dashboard/results/grade-4`);
    await page.getByRole("heading", { name: "Grade 4 Results" }).waitFor();
    const heading = page.getByRole("heading", { name: /^Results \(\d+\)$/ });
    const count = Number(/\((\d+)\)/.exec((await heading.textContent())!)![1]);
    await page.getByRole("button", { name: "Add Result" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Result" });
    await dialog.getByLabel("Student Name").fill("Demo Pupil");
    await dialog.getByLabel("Student ID").fill("STU-0499");
    await choose(dialog, "Subject", "Mathematics");
    await choose(dialog, "Exam Type", "Quiz");
    await dialog.getByLabel("Marks", { exact: true }).fill("١٨");
    await dialog.getByLabel("Total Marks").fill("20");
    await dialog.getByLabel("Date").fill("2025-03-04");
    await dialog.getByRole("status").getByText("A+").waitFor();
    await dialog.getByRole("button", { name: "Add Result" }).click();
    await page.getByRole("heading", { name: `Results (${count + 1})` }).waitFor();
    await page.getByLabel("Search", { exact: true }).fill("Demo Pupil");
    const row = page.getByRole("row", { name: /Demo Pupil/ });
    await expect(row.textContent()).resolves.toContain("18/20");
    await row.getByRole("button", { name: /^Delete / }).click();
    await page.getByText("Are you sure you want to delete this result?").waitFor();
    await page.getByRole("alertdialog").getByRole("button", { name: "Yes" }).click();
    await page.getByRole("heading", { name: "Results (0)" }).waitFor();
    expect(demoCalls()).toEqual([]);
    const res = await fetch(`${base}/admin/dashboard/results/grade-13`);
    expect(res.status).toBe(404);
    // One route module serves the three sections: each shows its own screen, client-side navigation included.
    await page.goto(`${base}/admin/dashboard/students/grade-2`);
    await page.getByRole("heading", { name: "Grade 2 Students" }).waitFor();
    await page.goto(`${base}/admin/dashboard/fees/grade-3`);
    await page.getByRole("heading", { name: "Grade 3 Fees" }).waitFor();
    for (const section of ["students", "fees", "results"]) {
      expect((await fetch(`${base}/admin/dashboard/${section}/grade-12`)).status, section).toBe(200);
      expect((await fetch(`${base}/admin/dashboard/${section}/grade-0`)).status, section).toBe(404);
    }
    await page.context().close();
  });

  it("the per-grade results demo form says what is missing and wrong in Arabic (its reasons)", async () => {
    const context = await consoleContext(browser(), token, "ar", { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${base}/admin/dashboard/results/grade-4`);
    await page.getByRole("button", { name: "إضافة نتيجة" }).click();
    const dialog = page.getByRole("dialog", { name: "إضافة نتيجة" });
    await dialog.getByLabel("النهاية العظمى", { exact: true }).fill(""); // offered as 100
    await dialog.getByRole("button", { name: "إضافة نتيجة" }).click();
    for (const text of [
      "اسم الطالب مطلوب",
      "رقم الطالب مطلوب",
      "يُرجى اختيار المادة",
      "نوع الاختبار مطلوب",
      "الدرجة مطلوبة",
      "النهاية العظمى مطلوبة",
      "التاريخ مطلوب",
    ]) {
      await dialog.getByText(text, { exact: true }).waitFor();
    }
    // Marks above the total: checked once every field is filled in.
    await dialog.getByLabel("اسم الطالب", { exact: true }).fill("تلميذ تجريبي");
    await dialog.getByLabel("رقم الطالب", { exact: true }).fill("STU-0499");
    await choose(dialog, "المادة", "التربية الفنية");
    await choose(dialog, "نوع الاختبار", "اختبار قصير");
    await dialog.getByLabel("الدرجة", { exact: true }).fill("٢١");
    await dialog.getByLabel("النهاية العظمى", { exact: true }).fill("20");
    await dialog.getByLabel("التاريخ", { exact: true }).fill("2025-03-04");
    await dialog.getByRole("button", { name: "إضافة نتيجة" }).click();
    await dialog.getByText("لا يمكن أن تتجاوز الدرجة النهاية العظمى", { exact: true }).waitFor();
    await context.close();
  });
});
