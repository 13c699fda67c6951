/**
 * The admin course-selection pages in Chromium against the built Worker with the demo data (docs/product.md#course-selection,
 * #selection-periods, #csv-exports): the Overview's cards and table against `GET /api/admin/selection/summary`; search →
 * Delete All → the student's rows are gone (also from the API); the CSV export (BOM, grouping, tab before each ID,
 * SUMMARY); add/edit/delete a subject; toggling periods (the demo's active period is restored at the end, because
 * other browser tests need it); a token that disappears while a page is open.
 */
import { readFileSync } from "node:fs";
import Papa from "papaparse";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { PeriodJson } from "../../worker/contracts/selection-admin";
import { apiClient, type ApiClient, ok } from "./admin-api";
import { adminToken, consoleContext, signIn } from "./admin-session";
import { server } from "./server";
import { fileBrowser } from "./file-browser";
import { chooseOption } from "./select";

const base = server.baseUrl;
const OVERVIEW = `${base}/admin/dashboard/course-selections`;
const browser = fileBrowser();
let token: string;

let api: ApiClient["api"];
const selection = () => api.admin.selection;
const summary = async () => (await ok(selection().summary.$get())).data;
const periods = async () => (await ok(selection().periods.$get())).data;
const subjectList = async () => (await ok(selection().subjects.$get())).data;
const teacherList = async () => (await ok(selection().teachers.$get())).data;
const distinct = (rows: Awaited<ReturnType<typeof summary>>) => new Set(rows.flatMap((r) => r.student_ids)).size;
const fmt = (n: number) => new Intl.NumberFormat("en-EG").format(n);

beforeAll(async () => {
  token = await adminToken();
  api = apiClient(token).api;
});

async function loggedIn(): Promise<Page> {
  const context = await browser().newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  await signIn(page);
  return page;
}

/** The big number of the stat card labelled `label`. */
async function statValue(page: Page, label: string): Promise<string> {
  const card = page
    .locator('[data-slot="card"]')
    .filter({ has: page.getByRole("heading", { name: label, exact: true }) });
  await card.locator('[data-slot="stat-value"]').waitFor();
  return (await card.locator('[data-slot="stat-value"]').textContent())!.trim();
}

const combinationsHeading = (page: Page, n: number) =>
  page.getByRole("heading", { name: `Selection Combinations (${fmt(n)})` });

describe("admin course selections", () => {
  it("shows the section cards, the stat cards and the combinations of the summary", async () => {
    const page = await loggedIn();
    await page.goto(OVERVIEW);
    await page.getByRole("heading", { name: "Course Selections", level: 1 }).waitFor();
    await page.getByText("View and manage student course selections for Prep-3").waitFor();
    const nav = page.getByRole("navigation", { name: "Course selection sections" });
    expect(await nav.getByRole("link").count()).toBe(4);
    expect(await nav.getByRole("link", { name: /Overview/ }).getAttribute("aria-current")).toBe("page");
    expect(await nav.getByRole("link", { name: /Teachers/ }).getAttribute("aria-current")).toBeNull();

    const rows = await summary();
    const students = distinct(rows);
    expect(students).toBeGreaterThanOrEqual(35);
    const subjects = (await subjectList()).length;
    const teachers = (await teacherList()).length;
    await combinationsHeading(page, rows.length).waitFor();
    expect(await statValue(page, "Total Students")).toBe(fmt(students));
    expect(await statValue(page, "Total Selections")).toBe(fmt(students));
    expect(await statValue(page, "Total Subjects")).toBe(fmt(subjects));
    expect(await statValue(page, "Total Teachers")).toBe(fmt(teachers));

    const table = page.getByRole("table", { name: "Selections by subject, teacher and session" });
    const headers = (await table.locator("thead th").allTextContents()).map((h) => h.trim());
    expect(headers).toEqual(["Subject", "Teacher Name", "Session", "Total Selections", "Student IDs"]);
    expect(await table.locator("tbody tr").count()).toBe(Math.min(15, rows.length));
    const first = table.locator("tbody tr").first();
    expect(await first.locator("th, td").nth(0).textContent()).toBe(rows[0]!.subject_name);
    expect(await first.locator("td").nth(0).textContent()).toBe(rows[0]!.teacher_name);
    expect(await first.locator("td").nth(1).textContent()).toBe(`Session ${rows[0]!.session_number}`);
    expect(await first.locator("td").nth(2).textContent()).toBe(fmt(rows[0]!.total_selections));
    await expect(first.locator("td").nth(3).textContent()).resolves.toContain(rows[0]!.student_ids[0]!);
    await page.context().close();
  });

  it("searches a student ID, deletes all their selections, and the summary no longer lists them", async () => {
    const page = await loggedIn();
    await page.goto(OVERVIEW);
    const before = await summary();
    await combinationsHeading(page, before.length).waitFor();
    const studentId = before.at(-1)!.student_ids[0]!;
    const theirs = before.filter((r) => r.student_ids.includes(studentId)).length;
    expect(theirs).toBeGreaterThan(0);

    const deleteAll = page.getByRole("button", { name: "Delete All" });
    expect(await deleteAll.count()).toBe(0);
    // Typed in Arabic-Indic digits: normalised as typed.
    const arabic = studentId.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    await page.getByLabel("Search by Student ID").fill(arabic);
    expect(await page.getByLabel("Search by Student ID").inputValue()).toBe(studentId);
    await combinationsHeading(page, theirs).waitFor();

    await deleteAll.click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByText(studentId, { exact: true }).waitFor();
    await dialog.getByText("This action cannot be undone!").waitFor();
    await dialog.getByRole("button", { name: "Delete All" }).click();
    await page.getByText("All selections deleted successfully").waitFor();
    await combinationsHeading(page, 0).waitFor();
    await page.getByText("No selections found").first().waitFor();

    const after = await summary();
    expect(after.some((r) => r.student_ids.includes(studentId))).toBe(false);
    expect(distinct(after)).toBe(distinct(before) - 1);
    await page
      .getByRole("region", { name: "Filter selections" })
      .getByRole("button", { name: "Clear Filters" })
      .click();
    expect(await deleteAll.count()).toBe(0);
    expect(await statValue(page, "Total Students")).toBe(fmt(distinct(after)));
    await page.context().close();
  });

  it("exports the CSV: BOM, grouped by teacher then session, a tab before each ID, and the SUMMARY block", async () => {
    const page = await loggedIn();
    await page.goto(OVERVIEW);
    const rows = await summary();
    await combinationsHeading(page, rows.length).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^course-selections-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync((await download.path())!, "utf8");
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: false }).data;

    // One block per teacher, in name order, each with its sessions in order, labelled "المجموعة N".
    const teacherLines = lines.map((l, i) => [l, i] as const).filter(([l]) => l[0] === "Teacher Name");
    const teachers = [...new Set(rows.map((r) => `${r.teacher_name}|${r.subject_name}`))];
    expect(teacherLines).toHaveLength(teachers.length);
    const names = teacherLines.map(([l]) => l[1]!);
    expect(names).toEqual(
      [...names].sort(new Intl.Collator(["ar", "en"], { numeric: true, sensitivity: "base" }).compare),
    );
    const summaryAt = lines.findIndex((l) => l.length === 1 && l[0] === "SUMMARY");
    for (const [k, [line, at]] of teacherLines.entries()) {
      const end = k + 1 < teacherLines.length ? teacherLines[k + 1]![1] : summaryAt;
      const block = lines.slice(at, end);
      const expected = rows.filter((r) => r.teacher_name === line[1] && r.subject_name === block[1]![1]);
      const sessions = block.filter((l) => /^المجموعة \d$/.test(l[0] ?? "")).map((l) => l[0]);
      expect(sessions).toEqual(
        expected
          .map((r) => r.session_number)
          .sort()
          .map((s) => `المجموعة ${s}`),
      );
      const ids = block.filter((l) => l[0]?.startsWith("\t")).map((l) => l[0]!.slice(1));
      expect(ids.sort()).toEqual(expected.flatMap((r) => r.student_ids).sort());
    }

    expect(summaryAt).toBeGreaterThan(0);
    expect(lines[summaryAt + 1]).toEqual(["Subject", "Teacher Name", "المجموعة", "Student ID", "Student Name"]);
    const body = lines.slice(summaryAt + 2).filter((l) => l.length > 1);
    expect(body).toHaveLength(rows.reduce((n, r) => n + r.student_ids.length, 0));
    for (const l of body) {
      expect(l[2]).toMatch(/^المجموعة [12]$/);
      expect(l[3]).toMatch(/^\t[A-Za-z0-9]+$/);
      expect(l[4]).not.toBe("");
    }
    await page.context().close();
  });

  it("adds, edits and deletes a subject", async () => {
    const page = await loggedIn();
    await page.goto(`${OVERVIEW}/subjects`);
    await page.getByRole("heading", { name: "Selection Subjects", level: 1 }).waitFor();
    const count = (await subjectList()).length;
    await page.getByRole("heading", { name: `All Subjects (${count})` }).waitFor();
    const name = `E2E subject ${Date.now()}`;

    await page.getByRole("button", { name: "Add Subject" }).first().click();
    const form = page.getByRole("dialog");
    await form.getByRole("button", { name: "Add Subject" }).click();
    await form.getByText("Name is required").waitFor();
    await form.getByLabel("Name").fill(name);
    await form.getByLabel("Max Selections").fill("11");
    await form.getByRole("button", { name: "Add Subject" }).click();
    await form.getByText("Max selections must be a whole number between 1 and 10").waitFor();
    await form.getByLabel("Max Selections").fill("٧");
    // Inactive, so the public selection (which needs a teacher for every active subject) is not affected.
    await form.getByRole("switch", { name: "Active" }).click();
    await form.getByRole("button", { name: "Add Subject" }).click();
    await form.waitFor({ state: "detached" });
    await page.getByRole("heading", { name: `All Subjects (${count + 1})` }).waitFor();
    const table = page.getByRole("table", { name: "Selection subjects" });
    const firstRow = table.locator("tbody tr").first();
    expect(await firstRow.locator("th").textContent()).toBe(name);
    await expect(firstRow.textContent()).resolves.toContain("No description");
    await expect(firstRow.textContent()).resolves.toContain("Inactive");

    await firstRow.getByRole("button", { name: `Edit ${name}` }).click();
    await form.getByLabel("Description").fill('Chosen by "E2E"');
    await form.getByLabel("Max Selections").fill("3");
    await form.getByRole("button", { name: "Save Changes" }).click();
    await form.waitFor({ state: "detached" });
    await table.getByText('Chosen by "E2E"').waitFor();
    const saved = (await subjectList()).find((s) => s.name === name);
    expect(saved).toMatchObject({ description: 'Chosen by "E2E"', max_selections: 3, is_active: false });

    await table.getByRole("button", { name: `Delete ${name}` }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByText("Are you sure you want to delete this subject?").waitFor();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("heading", { name: `All Subjects (${count})` }).waitFor();
    expect(await table.getByText(name).count()).toBe(0);
    const list = await subjectList();
    expect(list.some((s) => s.name === name)).toBe(false);
    await page.context().close();
  });

  it("shows the server's refusals in Arabic, by reason: a subject name in use on the name field, the form's own checks too", async () => {
    const name = `E2E مادة ${Date.now()}`;
    const taken = (await ok(selection().subjects.$post({ json: { name, is_active: false } }))).data;
    const context = await consoleContext(browser(), token, "ar", { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${OVERVIEW}/subjects`);
    await page.getByRole("heading", { name: "مواد الاختيار", level: 1 }).waitFor();
    await page.getByRole("button", { name: "إضافة مادة" }).first().click();
    const form = page.getByRole("dialog");
    await form.getByRole("button", { name: "إضافة مادة" }).click();
    await form.getByText("الاسم مطلوب").waitFor();
    await form.getByLabel("الاسم").fill(name);
    await form.getByLabel("الحد الأقصى للاختيارات").fill("١١");
    await form.getByRole("button", { name: "إضافة مادة" }).click();
    await form.getByText("الحد الأقصى للاختيارات: أدخل عددًا صحيحًا من ١ إلى ١٠").waitFor();
    await form.getByLabel("الحد الأقصى للاختيارات").fill("٣");
    await form.getByRole("button", { name: "إضافة مادة" }).click();
    // 409 SUBJECT_DUPLICATE: the toast and the name field say it in Arabic.
    await page.locator("[data-sonner-toast]").filter({ hasText: "توجد مادة بهذا الاسم بالفعل" }).waitFor();
    await form.locator("p[id$=-error]").filter({ hasText: "توجد مادة بهذا الاسم بالفعل" }).waitFor();
    expect(await form.getByLabel("الاسم").getAttribute("aria-invalid")).toBe("true");
    await context.close();
    await ok(selection().subjects[":id"].$delete({ param: { id: String(taken.id) } }));
  });

  it("filters teachers with chips and refuses a capacity below the seats taken, showing the status code", async () => {
    const list = await teacherList();
    // Only active subjects appear in the filter (other tests leave inactive subjects with seated teachers behind).
    const active = new Set((await subjectList()).filter((s) => s.is_active).map((s) => s.name));
    const teacher = list.find((x) => x.seats_taken_1 > 0 && x.subject_name !== null && active.has(x.subject_name))!;
    expect(teacher).toBeDefined();
    const page = await loggedIn();
    await page.goto(`${OVERVIEW}/teachers`);
    await page.getByRole("heading", { name: "Teachers Management", level: 1 }).waitFor();
    await chooseOption(page.locator("#teachers-building"), `Building ${teacher.building_no}`, { exact: false });
    await chooseOption(page.locator("#teachers-subject"), teacher.subject_name!, { exact: false });
    const expected = list.filter(
      (x) => x.building_no === teacher.building_no && x.subject_name === teacher.subject_name,
    ).length;
    await page.getByRole("heading", { name: `Teachers (${expected})` }).waitFor();
    const chips = page.getByRole("list", { name: "Active filters" });
    await chips.getByText(`Building ${teacher.building_no}`).waitFor();
    await chips.getByText(`Subject: ${teacher.subject_name}`).waitFor();

    await page.getByRole("button", { name: `Edit ${teacher.full_name}` }).click();
    const form = page.getByRole("dialog");
    await form.getByText(`${teacher.seats_taken_1} seat`, { exact: false }).first().waitFor();
    await form.getByLabel("Session 1 Capacity").fill("0");
    await form.getByRole("button", { name: "Save Changes" }).click();
    const reason = `Capacity cannot be below the seats already taken (${teacher.seats_taken_1} in session 1)`;
    await page.getByText(`Error: ${reason} (status 409)`).waitFor();
    await form.getByText(reason, { exact: true }).waitFor();
    await form.getByRole("button", { name: "Cancel" }).click();
    const after = (await teacherList()).find((x) => x.id === teacher.id)!;
    expect(after.session_1_capacity).toBe(teacher.session_1_capacity);

    await chips.getByRole("button", { name: `Remove filter Building ${teacher.building_no}` }).click();
    await chips.getByRole("button", { name: `Remove filter Subject: ${teacher.subject_name}` }).click();
    await page.getByRole("heading", { name: `Teachers (${list.length})` }).waitFor();
    await page.context().close();
  });

  it("toggles periods so that one at most is active, then restores the demo's active period", async () => {
    const original = (await periods()).find((p) => p.is_active);
    expect(original).toBeDefined();
    const page = await loggedIn();
    try {
      await page.goto(`${OVERVIEW}/periods`);
      const table = page.getByRole("table", { name: "Selection periods" });
      const rowOf = (p: PeriodJson) => table.locator("tbody tr").filter({ hasText: p.period_name });
      const switchOf = (p: PeriodJson) => rowOf(p).getByRole("switch");
      await rowOf(original!).getByText("Live Now").waitFor();
      const other = (await periods()).find((p) => !p.is_active)!;
      expect(other).toBeDefined();

      await switchOf(other).click();
      await page.getByText(`“${other.period_name}” is now the active period`).waitFor();
      await expect.poll(() => switchOf(other).getAttribute("aria-checked")).toBe("true");
      expect(await switchOf(original!).getAttribute("aria-checked")).toBe("false");
      expect((await periods()).filter((p) => p.is_active).map((p) => p.id)).toEqual([other.id]);

      // The toast comes with the server's answer; the switches change in the same render.
      await switchOf(original!).click();
      await page.getByText(`“${original!.period_name}” is now the active period`).waitFor();
      await expect.poll(() => switchOf(original!).getAttribute("aria-checked")).toBe("true");
      expect(await switchOf(other).getAttribute("aria-checked")).toBe("false");
      await rowOf(original!).getByText("Live Now").waitFor();
    } finally {
      if (!(await periods()).find((p) => p.id === original!.id)?.is_active) {
        await ok(
          selection().periods[":id"].toggle.$put({ param: { id: String(original!.id) }, json: { is_active: true } }),
        );
      }
      await page.context().close();
    }
    expect((await periods()).filter((p) => p.is_active).map((p) => p.id)).toEqual([original!.id]);
  });

  it("without a token: Delete All says so, and saving goes to the login page", async () => {
    const page = await loggedIn();
    await page.goto(OVERVIEW);
    await page.getByLabel("Search by Student ID").fill("123");
    await page.evaluate(() => localStorage.removeItem("adminToken"));
    await page.getByRole("button", { name: "Delete All" }).click();
    await page.getByText("No admin token found").waitFor();
    expect(await page.getByRole("alertdialog").count()).toBe(0);

    await page.context().close();

    // The token disappears while the Subjects page is open: a reload skips the fetch and shows an empty list;
    // saving goes to the login page.
    const subjects = await loggedIn();
    await subjects.goto(`${OVERVIEW}/subjects`);
    await subjects.getByRole("table", { name: "Selection subjects" }).locator("tbody tr th").first().waitFor();
    await subjects.evaluate(() => localStorage.removeItem("adminToken"));
    await subjects.getByRole("button", { name: "Refresh" }).click();
    await subjects.getByRole("heading", { name: "All Subjects (0)" }).waitFor();
    await subjects.getByText("No subjects found").waitFor();
    await subjects.getByRole("button", { name: "Add Subject" }).first().click();
    const form = subjects.getByRole("dialog");
    await form.getByLabel("Name").fill("Never saved");
    await form.getByRole("button", { name: "Add Subject" }).click();
    await subjects.waitForURL(`${base}/admin/login`);
    expect((await subjectList()).some((s) => s.name === "Never saved")).toBe(false);
    await subjects.context().close();
  });
});
