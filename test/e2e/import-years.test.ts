/**
 * The import names its year, the export chooses one (docs/product.md#bulk-import, #csv-exports), through the pages:
 * the Fees page's Import dialog offers the years of the data with the current one chosen; a row that names no year
 * is filed under the dialog's choice (the test's own year, at least two after the current one), a row that names one
 * keeps it; nothing is committed. The Results and Students exports have their year beside them, the current one by
 * default; the Students file of the test's own year holds the one student enrolled there, with that year's grade.
 * Arabic at 360 px and English at 1366 px, with screenshots.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { uniqueStudentNo } from "../support/selection-world";
import { adminApi, ownYear } from "./admin-api";
import { adminToken, consoleContext, consolePage } from "./admin-session";
import { fileBrowser } from "./file-browser";
import { server } from "./server";

const base = server.baseUrl;
const browser = fileBrowser();
const SHOTS = join(process.cwd(), "screenshots");
const dir = mkdtempSync(join(tmpdir(), "import-years-"));
let token: string;
let current: string;
let year: string;
const mine = [uniqueStudentNo(), uniqueStudentNo()];

beforeAll(async () => {
  token = await adminToken();
  mkdirSync(SHOTS, { recursive: true });
  current = (await adminApi<{ current: string }>(token, "GET", "/api/admin/academic-years")).current;
  year = await ownYear(token);
  for (const [i, no] of mine.entries())
    await adminApi(token, "POST", "/api/students", {
      student_no: no,
      full_name: `طالب العام ${i + 1}`,
      nationality: "Egyptian",
      current_grade: "Prep-1",
      building_no: 2,
    });
});

/** The window as a person sees it (a dialog over the page), or the whole page. */
async function shot(page: Page, name: string, fullPage = false) {
  // After the dialog's opening animation, as a person sees it.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
  writeFileSync(join(SHOTS, `${name}.png`), await page.screenshot({ fullPage }));
}

const wide = () =>
  document.documentElement.scrollWidth > document.documentElement.clientWidth
    ? `${document.documentElement.scrollWidth} in ${document.documentElement.clientWidth}`
    : null;

const arabicDigits = (s: string) => s.replace(/\d/g, (d) => "٠١٢٣٤٥٦٧٨٩"[Number(d)]!);

/** A fees CSV, written here (not by the reader): the first row names the current year, the second none. */
function feesFile(): string {
  const file = join(dir, `fees-${Date.now()}.csv`);
  const lines = [
    "Student ID,Grade,Total Amount (EGP),Paid Amount (EGP),Academic Year",
    `\t${mine[0]},Prep-1,1000,0,${current}`,
    `\t${mine[1]},Prep-1,2000,0,`,
  ];
  writeFileSync(file, `\ufeff${lines.join("\r\n")}\r\n`);
  return file;
}

/** The Fees page's Import dialog: its year select starts at the current year; `year` chosen, the file previewed. */
async function preview(page: Page, label: string) {
  await page.goto(`${base}/admin/dashboard/fees`);
  await page.getByTestId("import-fees").click();
  const dialog = page.getByRole("dialog");
  // The label wraps the select, so its name also carries the chosen option.
  const select = dialog.getByLabel(new RegExp(`^${label}`));
  await expect.poll(() => select.inputValue()).toBe(current);
  await select.selectOption(year);
  return dialog;
}

describe("the import's year and the export's", () => {
  it("Arabic at 360 px: the dialog's year for rows that name none", async () => {
    const page = await consolePage(browser(), token, "ar", 360);
    const dialog = await preview(page, "العام الدراسي");
    expect(await dialog.getByRole("combobox").first().textContent()).toContain(arabicDigits(year));
    await shot(page, "import-year-ar-360");
    await dialog.locator("input[type=file]").setInputFiles(feesFile());
    await dialog.getByTestId("import-summary").waitFor({ timeout: 30_000 });
    await expect.poll(() => dialog.textContent()).toContain(`${mine[1]}/${year}`);
    expect(await dialog.textContent()).toContain(`${mine[0]}/${current}`);
    expect(await page.evaluate(wide)).toBeNull();
    await shot(page, "import-year-ar-360-preview");
    await page.context().close();
  });

  it("English at 1366 px: the same dialog; the Results export's year beside its button", async () => {
    const page = await consolePage(browser(), token, "en", 1366);
    const dialog = await preview(page, "Academic year");
    await shot(page, "import-year-en-1366");
    await dialog.locator("input[type=file]").setInputFiles(feesFile());
    await dialog.getByTestId("import-summary").waitFor({ timeout: 30_000 });
    await expect.poll(() => dialog.textContent()).toContain(`${mine[1]}/${year}`);
    await shot(page, "import-year-en-1366-preview");
    await page.keyboard.press("Escape");

    await page.goto(`${base}/admin/dashboard/results`);
    const exportYear = page.getByLabel("Academic year of the export");
    await expect.poll(() => exportYear.inputValue()).toBe(current);
    expect(await exportYear.locator("option").allTextContents()).toContain(year);
    await page.getByRole("button", { name: "Export CSV" }).and(page.locator(":enabled")).waitFor();
    await shot(page, "results-export-year-en-1366");
    await page.context().close();
  });

  it("English at 1366 px: the Students export of another year holds who is enrolled that year", async () => {
    // The second student enrolled in the test's own year in Prep-2 (the import of that year's classes).
    const row = {
      student_no: mine[1],
      full_name: "طالب العام 2",
      nationality: "Egyptian",
      current_grade: "Prep-2",
      building_no: 5,
      academic_year_name: year,
    };
    const imported = await fetch(`${base}/api/admin/import/students`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${token}`,
        "Content-Type": "application/json",
        "Idempotency-Key": `import-years-${Date.now()}-${process.pid}`,
      },
      body: JSON.stringify({ rows: [row] }),
    });
    expect(imported.status, await imported.text()).toBe(200);
    const context = await consoleContext(browser(), token, "en", {
      viewport: { width: 1366, height: 900 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    await page.goto(`${base}/admin/dashboard/students`);
    const exportYear = page.getByLabel("Academic year of the export");
    await expect.poll(() => exportYear.inputValue()).toBe(current);
    await exportYear.selectOption(year);
    const button = page.getByRole("button", { name: "Export CSV" });
    await button.and(page.locator(":enabled")).waitFor();
    await shot(page, "students-export-year-en-1366");
    const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
    const text = readFileSync((await download.path())!, "utf8");
    const lines = text.trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/"Academic Year","Section"$/);
    expect(lines[1]).toContain(mine[1]);
    expect(lines[1]).toContain('"Prep-2","5",');
    expect(lines[1]).toContain(`"${year}"`);
    await context.close();
  });

  it("Arabic at 360 px: the Results export's year", async () => {
    const page = await consolePage(browser(), token, "ar", 360);
    await page.goto(`${base}/admin/dashboard/results`);
    const exportYear = page.getByLabel("العام الدراسي للتصدير");
    await expect.poll(() => exportYear.inputValue()).toBe(current);
    await page.getByRole("button", { name: "تصدير CSV" }).and(page.locator(":enabled")).waitFor();
    expect(await page.evaluate(wide)).toBeNull();
    await shot(page, "results-export-year-ar-360");
    await page.goto(`${base}/admin/dashboard/students`);
    await expect.poll(() => page.getByLabel("العام الدراسي للتصدير").inputValue()).toBe(current);
    expect(await page.evaluate(wide)).toBeNull();
    await shot(page, "students-export-year-ar-360");
    await page.context().close();
  });
});
