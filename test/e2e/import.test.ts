/**
 * Bulk import through the pages in Chromium against the built Worker with the demo data
 * (docs/product.md#bulk-import): the template round trip (download → fill → import → records listed), the error-file
 * round trip (a Windows-1256 CSV with a bad row → error sheet → fixed → imported), the all-or-nothing rule (no
 * commit while a row has an error, nothing written), the demo students exported to CSV coming back "unchanged",
 * a results wide sheet, an .ods and a "Unicode text" .txt. The page must show no page error or console error.
 */
import { readFileSync, writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { read, utils, write } from "@e965/xlsx";
import { beforeAll, describe, expect, it } from "vitest";
import { adminToken, consoleContext } from "./admin-session";
import { adminApi, ownYear } from "./admin-api";
import { fileBrowser } from "./file-browser";
import { server } from "./server";
import { chooseOption } from "./select";
import { ooxmlWorkbook } from "../support/ooxml";

const base = server.baseUrl;
const browser = fileBrowser();

/** `text` in Windows-1256, the code page an Arabic Excel saves CSV in (built from the platform's own decoder). */
function encode1256(text: string): Buffer {
  const decoder = new TextDecoder("windows-1256");
  const byChar = new Map<string, number>();
  for (let b = 0; b < 256; b++) byChar.set(decoder.decode(Uint8Array.of(b)), b);
  return Buffer.from([...text].map((ch) => byChar.get(ch) ?? 0x3f));
}
let token: string;
const dir = mkdtempSync(join(tmpdir(), "import-e2e-"));

let seq = 0;
const newStudentNo = () =>
  `2${String(Date.now()).slice(-9)}${String(++seq).padStart(2, "0")}${String(process.pid % 100).padStart(2, "0")}`;

beforeAll(async () => {
  token = await adminToken();
});

/** A console page at `path` that fails the test on any page error or console error. */
async function open(path: string, lang: "en" | "ar" = "en"): Promise<{ page: Page; problems: string[] }> {
  const context = await consoleContext(browser(), token, lang, {
    viewport: { width: 1366, height: 900 },
    acceptDownloads: true,
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (e) => problems.push(String(e)));
  page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
  await page.goto(`${base}${path}`);
  await page.getByTestId(/^import-/).waitFor();
  return { page, problems };
}

/** Opens the Import dialog and chooses `file`; waits for the preview summary. */
async function upload(page: Page, file: string, another = "Choose another file") {
  const dialog = page.getByRole("dialog");
  if (!(await dialog.isVisible())) {
    await page.getByTestId(/^import-/).click();
    await dialog.waitFor();
  } else await dialog.getByRole("button", { name: another }).click();
  await dialog.locator("input[type=file]").setInputFiles(file);
  await dialog.getByTestId("import-summary").waitFor({ timeout: 30_000 });
  return dialog;
}

const students = (search: string) =>
  adminApi<{
    students: Array<{
      student_no: string;
      full_name: string;
      current_grade: string;
      gender: string;
      building_no: number;
    }>;
  }>(token, "GET", `/api/students?search=${search}`);

describe("bulk import", () => {
  it("template round trip: the xlsx template, filled in, imports its students, who are then listed", async () => {
    const { page, problems } = await open("/admin/dashboard/students");
    await page.getByTestId("import-students").click();
    const dialog = page.getByRole("dialog", { name: "Import students" });
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      dialog.getByRole("button", { name: "XLSX", exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("import-students-template.xlsx");
    const book = read(readFileSync((await download.path())!), { type: "buffer" });
    const aoa = utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    expect(aoa[0]!.slice(0, 8)).toEqual([
      "الرقم القومي / ID",
      "الاسم / Name",
      "الجنسية / Nationality",
      "الديانة / Religion",
      "الصف / Grade",
      "المبنى / Building",
      "النوع / Gender",
      "الحالة / Status",
    ]);
    // Then guardians 1-3 (docs/product.md#guardians-and-messages), five columns each.
    expect(aoa[0]!.slice(8, 13)).toEqual([
      "ولي الأمر ١ - الاسم / Guardian 1 Name",
      "ولي الأمر ١ - الصلة / Guardian 1 Relation",
      "ولي الأمر ١ - المحمول / Guardian 1 Phone",
      "ولي الأمر ١ - اللغة / Guardian 1 Language",
      "ولي الأمر ١ - موافقة واتساب / Guardian 1 WhatsApp Consent",
    ]);
    expect(aoa[0]).toHaveLength(8 + 15);
    const a = newStudentNo();
    const b = newStudentNo();
    // The example row is left in, as an office would: it is skipped.
    aoa.push(
      [a, "  سارة أحمد  ", "مصرية", "", "prep-2", "٣", "أنثى", "نشط"],
      [b, "Omar Khaled", "Egyptian", "Muslim", "Primary-4", 2, "Male", "Active"],
    );
    const file = join(dir, "students.xlsx");
    const out = utils.book_new();
    utils.book_append_sheet(out, utils.aoa_to_sheet(aoa), "Sheet1");
    writeFileSync(file, write(out, { type: "buffer", bookType: "xlsx" }));
    await dialog.locator("input[type=file]").setInputFiles(file);
    await dialog.getByText("2 rows: 2 to create, 0 to update, 0 unchanged, 0 with errors").waitFor({ timeout: 30_000 });
    await dialog.getByText("1 row left out").waitFor();
    await dialog.getByRole("button", { name: "Import 2 rows" }).click();
    await dialog.getByTestId("import-result").getByText("2 created, 0 updated, 0 unchanged.").waitFor();
    expect(await dialog.getByRole("link", { name: "See these changes in the audit log" }).getAttribute("href")).toMatch(
      /audit-log\?entity=student&from=/,
    );
    await dialog.getByRole("button", { name: "Close" }).first().click();
    expect((await students(a)).students[0]).toMatchObject({
      full_name: "سارة أحمد",
      current_grade: "Prep-2",
      gender: "female",
      building_no: 3,
    });
    expect((await students(b)).students[0]).toMatchObject({ full_name: "Omar Khaled", current_grade: "Primary-4" });
    await page.getByRole("table").getByText("Omar Khaled").first().waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("error file round trip (Windows-1256 CSV) and all or nothing: no commit while a row has an error", async () => {
    const { page, problems } = await open("/admin/dashboard/students");
    const good = newStudentNo();
    const bad = newStudentNo();
    const csv = [
      "ID,Name,Nationality,Grade,Building",
      `${good},محمود علي,مصري,Prep-1,1`,
      `${bad},منى سعيد,مصرية,Prep-9,1`,
      `3.10013E+13,خطأ,مصري,Prep-1,1`,
    ].join("\r\n");
    const file = join(dir, "students-1256.csv");
    writeFileSync(file, encode1256(csv));
    const dialog = await upload(page, file);
    await dialog.getByText("3 rows: 1 to create, 0 to update, 0 unchanged, 2 with errors").waitFor();
    await dialog.getByText("Grade (Column D): Unknown grade").waitFor();
    await dialog.getByText(/^ID \(Column A\): The ID was stored as a number in scientific notation/).waitFor();
    expect(await dialog.getByRole("button", { name: "Import 1 row" }).isDisabled()).toBe(true);
    expect((await students(good)).students).toHaveLength(0);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      dialog.getByRole("button", { name: "Download the file with its errors" }).click(),
    ]);
    const book = read(readFileSync((await download.path())!), { type: "buffer" });
    const aoa = utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, raw: false });
    // Every row, the good one with an empty Error cell: fixing the file loses none.
    expect(aoa[0]).toEqual(["ID", "Name", "Nationality", "Grade", "Building", "Error"]);
    expect(aoa).toHaveLength(4);
    expect(aoa[1]![0]).toBe(good);
    expect(aoa[1]![5] ?? "").toBe("");
    expect(aoa[2]![5]).toBe("Grade (Column D): Unknown grade");
    // The office fixes the rows and uploads the error file as it is (the Error column is ignored).
    aoa[2]![3] = "Prep-3";
    aoa[3]![0] = newStudentNo();
    const fixed = join(dir, "fixed.xlsx");
    const out = utils.book_new();
    utils.book_append_sheet(out, utils.aoa_to_sheet(aoa), "Sheet1");
    writeFileSync(fixed, write(out, { type: "buffer", bookType: "xlsx" }));
    await upload(page, fixed);
    await dialog.getByText("3 rows: 3 to create, 0 to update, 0 unchanged, 0 with errors").waitFor();
    await dialog.getByRole("button", { name: "Import 3 rows" }).click();
    await dialog.getByTestId("import-result").waitFor();
    expect((await students(bad)).students[0]).toMatchObject({ full_name: "منى سعيد", current_grade: "Prep-3" });
    expect((await students(good)).students).toHaveLength(1);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("a title row above the header and an empty first sheet (openpyxl files) go straight to the preview", async () => {
    const { page, problems } = await open("/admin/dashboard/students");
    const fixture = (name: string) => new URL(`../fixtures/import/${name}`, import.meta.url).pathname;
    let dialog = await upload(page, fixture("title-row.xlsx"));
    await dialog.getByText(/^2 rows: /).waitFor();
    dialog = await upload(page, fixture("empty-first-sheet.xlsx"));
    await dialog.getByText(/^2 rows: /).waitFor();
    expect(await dialog.getByLabel("Sheet").inputValue()).toBe("الطلاب");
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("an OpenDocument sheet (LibreOffice) and Excel's Unicode text are offered and read, without console errors", async () => {
    const { page, problems } = await open("/admin/dashboard/students");
    const fixture = (name: string) => new URL(`../fixtures/import/${name}`, import.meta.url).pathname;
    await page.getByTestId(/^import-/).click();
    let dialog = page.getByRole("dialog");
    const input = dialog.locator("input[type=file]");
    expect(((await input.getAttribute("accept")) ?? "").split(",")).toEqual(expect.arrayContaining([".ods", ".txt"]));
    await input.setInputFiles(fixture("students.ods"));
    await dialog.getByText(/^2 rows: /).waitFor();
    expect(await dialog.getByLabel("Sheet").inputValue()).toBe("الطلاب");
    dialog = await upload(page, fixture("students-unicode.txt"));
    await dialog.getByText(/^2 rows: /).waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("the demo's Prep-3 students, exported to CSV, import back as unchanged", async () => {
    const { page, problems } = await open("/admin/dashboard/students");
    await chooseOption(page.getByLabel("Grade", { exact: true }), "Prep-3");
    const expected = (await adminApi<{ students: unknown[] }>(token, "GET", "/api/students?grade=Prep-3")).students
      .length;
    await page.getByText(new RegExp(`^${new Intl.NumberFormat("en-EG").format(expected)} students$`)).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    const file = join(dir, download.suggestedFilename());
    await download.saveAs(file);
    const dialog = await upload(page, file);
    await dialog
      .getByText(
        `${new Intl.NumberFormat("en-EG").format(expected)} rows: 0 to create, 0 to update, ${new Intl.NumberFormat("en-EG").format(expected)} unchanged, 0 with errors`,
      )
      .waitFor();
    await dialog.getByText("Every row is unchanged: there is nothing to import.").waitFor();
    // The Record column keeps a 14-digit ID on one line at 1366 px.
    const lines = await dialog
      .locator("td[dir=ltr]")
      .first()
      .evaluate((td) => {
        const range = document.createRange();
        range.selectNodeContents(td);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      });
    expect(lines).toBe(1);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("a teacher's wide results sheet (a column per subject, a max row) imports for the chosen term, in Arabic", async () => {
    const [student, other] = (
      await adminApi<{ students: Array<{ student_no: string }> }>(token, "GET", "/api/students?grade=Prep-1")
    ).students;
    // A term no other row is in: a year of this test's own (the list of years is the data's).
    const year = await ownYear(token);
    const { page, problems } = await open("/admin/dashboard/results", "ar");
    await page.getByTestId("import-results").click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("العام الدراسي").selectOption(year);
    await dialog.getByLabel("الفصل الدراسي").selectOption("S2");
    const csv = [
      "رقم الطالب,اسم الطالب,الرياضيات,Science,English",
      ",الدرجة العظمى,50,,",
      `\t${student!.student_no},x,٤٥٫٥,88,`,
      `${newStudentNo()},y,20,90,`,
      `${other!.student_no},z,20,101,`,
    ].join("\r\n");
    const file = join(dir, "results.csv");
    writeFileSync(file, `\uFEFF${csv}`);
    await dialog.locator("input[type=file]").setInputFiles(file);
    await dialog.getByTestId("import-summary").waitFor({ timeout: 30_000 });
    await dialog.getByText("رقم الطالب (العمود A): الطالب غير موجود").waitFor();
    await dialog.getByText("Science (العمود D): لا يمكن أن تتجاوز الدرجة النهاية العظمى").waitFor();
    const term = `/api/admin/results?search=${student!.student_no}&academic_year_name=${year}&semester=S2`;
    expect((await adminApi<{ data: unknown[] }>(token, "GET", term)).data).toHaveLength(0);
    writeFileSync(file, `\uFEFF${csv.split("\r\n").slice(0, 3).join("\r\n")}`);
    await upload(page, file, "اختر ملفًا آخر");
    await dialog.getByRole("button", { name: "استيراد صف واحد" }).click();
    await dialog.getByTestId("import-result").waitFor();
    const [saved] = (await adminApi<{ data: Array<{ subject_scores: unknown[] }> }>(token, "GET", term)).data;
    expect(saved!.subject_scores).toEqual([
      { subject_name: "Mathematics", score: 45.5, max_score: 50, remarks: expect.any(String), absent: false },
      { subject_name: "Science", score: 88, max_score: 100, remarks: expect.any(String), absent: false },
    ]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("an office's mark sheet (two-row merged header, غ for absent, a total, grades as typed) imports as it is", async () => {
    const [a, b] = (
      await adminApi<{ students: Array<{ student_no: string }> }>(token, "GET", "/api/students?grade=Prep-3")
    ).students;
    // A term with no result yet (the demo's current year has its students' S1 results): the sheet's rows are new.
    const year = await ownYear(token);
    const { page, problems } = await open("/admin/dashboard/results");
    await page.getByTestId("import-results").click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Academic year").selectOption(year);
    await dialog.getByLabel("Semester").selectOption("S1");
    const file = join(dir, "office-marks.xlsx");
    writeFileSync(
      file,
      ooxmlWorkbook({
        rows: [
          ["كشف درجات الصف الثالث الإعدادي - الفصل الدراسي الأول", null, null, null, null, null, null, null],
          ["م", "رقم الطالب", "اسم الطالب", "الصف", "الدرجات", null, null, "المجموع"],
          [null, null, null, null, "الرياضيات", "العلوم", "اللغة الإنجليزية", null],
          [1, a!.student_no, "أ", "ثالثة إعدادي", 45, "غ", 30, 75],
          [2, b!.student_no, "ب", "3 إعدادي", 50, 48, "غائب", 98],
        ],
        merges: ["A1:H1", "A2:A3", "B2:B3", "C2:C3", "D2:D3", "E2:G2", "H2:H3"],
      }),
    );
    await dialog.locator("input[type=file]").setInputFiles(file);
    await dialog
      .getByText(/^2 rows: 2 to create, 0 to update, 0 unchanged, 0 with errors$/)
      .waitFor({ timeout: 30_000 });
    const readings = dialog.locator("[data-grade-readings]");
    // The sheet's spelling is isolated (FSI … PDI) inside the sentence, so Arabic keeps its order in English text.
    await readings.getByText("“\u2068ثالثة إعدادي\u2069” → Prep-3").waitFor();
    await readings.getByText("“\u20683 إعدادي\u2069” → Prep-3").waitFor();
    await dialog.getByRole("button", { name: "Import 2 rows" }).click();
    await dialog.getByTestId("import-result").waitFor();
    const term = `/api/admin/results?search=${a!.student_no}&academic_year_name=${year}&semester=S1`;
    const [saved] = (await adminApi<{ data: Array<{ subject_scores: unknown[] }> }>(token, "GET", term)).data;
    expect(saved!.subject_scores).toEqual([
      expect.objectContaining({ subject_name: "Mathematics", score: 45, absent: false }),
      expect.objectContaining({ subject_name: "Science", score: null, absent: true }),
      expect.objectContaining({ subject_name: "English", score: 30, absent: false }),
    ]);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
