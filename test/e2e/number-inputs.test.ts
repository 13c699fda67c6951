/**
 * Number fields in the console, typed as a person types (docs/product.md#languages-and-numbers): the result form,
 * the Add Fee Record form, the payment entry and the teacher capacity. For bad input the field keeps exactly what
 * was typed and says what is wrong; for good input (half marks, Arabic-Indic digits, "٫", "12,000") the right
 * number is stored. The unit table (test/unit/number-fields.test.ts) covers every field's parsing; this covers the
 * forms around it.
 */
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { apiClient, type ApiClient, ok, ownYear } from "./admin-api";
import { adminToken, consolePage } from "./admin-session";
import { server } from "./server";
import { fileBrowser } from "./file-browser";
import { chooseOption } from "./select";

const base = server.baseUrl;
const browser = fileBrowser();
let token: string;
let api: ApiClient["api"];

/** A student of its own (a passport-style number no other test uses). */
async function newStudent(grade: "KG-1" | "Prep-1" = "KG-1") {
  const studentNo = `NUM${Date.now()}${Math.floor(Math.random() * 90 + 10)}`.slice(0, 20);
  const { student } = await ok(
    api.students.$post({
      json: {
        student_no: studentNo,
        full_name: `Number Test ${studentNo.slice(-5)}`,
        nationality: "Egyptian",
        current_grade: grade,
        building_no: 2,
      },
    }),
  );
  return student;
}

async function adminPage(lang: "en" | "ar" = "en", width = 1280): Promise<Page> {
  return consolePage(browser(), token, lang, width);
}

/** Replaces a field's text the way a person types it, one key at a time. */
async function typeInto(field: Locator, text: string) {
  await field.fill("");
  await field.pressSequentially(text);
}

beforeAll(async () => {
  token = await adminToken();
  api = apiClient(token).api;
});

describe("result form marks", () => {
  it("keeps what was typed, says what is wrong, and stores half marks (7.5, ٧٫٥)", async () => {
    const student = await newStudent("Prep-1");
    // A year of the test's own (the form lists the data's years), made before the page asks for them.
    const year = await ownYear(token);
    const page = await adminPage();
    await page.goto(`${base}/admin/dashboard/results`);
    await page.getByRole("button", { name: "Add Result" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Result" });
    await chooseOption(dialog.getByLabel("Academic Year", { exact: true }), year);
    await chooseOption(dialog.getByLabel("Semester", { exact: true }), "Semester 2");
    await dialog.getByLabel("Student ID").fill(student.student_no);
    const subject = dialog.getByLabel("Subject 1", { exact: true });
    await chooseOption(subject, "Art");
    // The select gives focus back to its trigger once its list has closed: keys typed before that could land in
    // the trigger (its type-ahead) instead of the Total field. Once in five full runs no B+ came within 30 s; this
    // race is the likely cause, not a proven one.
    await expect.poll(() => subject.evaluate((el) => el === document.activeElement)).toBe(true);
    const marks = dialog.getByLabel("Marks 1", { exact: true });
    const total = dialog.getByLabel("Total 1", { exact: true });
    const row = dialog.getByRole("listitem").first();

    await typeInto(total, "10");
    await typeInto(marks, "7.5");
    expect(await marks.inputValue()).toBe("7.5");
    await row.getByText("B+", { exact: true }).waitFor(); // 75 % on the admin scale

    const bad: Array<[Locator, string, string]> = [
      [marks, "1e2", "Marks must be a number"],
      [marks, "-5", "Marks cannot be negative"],
      [marks, "7.555", "Marks can have at most 2 decimal places"],
      [marks, "7,5", "Marks must be a number"],
      [marks, "11", "Marks cannot be more than the total"],
      [total, "0", "Total must be at least 0.01"],
    ];
    for (const [field, typed, message] of bad) {
      await typeInto(field, typed);
      await dialog.getByRole("button", { name: "Save Result" }).click();
      await row.getByRole("alert").filter({ hasText: message }).waitFor();
      expect(await field.inputValue(), `${typed} stays as typed`).toBe(typed);
      await typeInto(field, field === marks ? "7.5" : "10");
    }

    await typeInto(marks, "٧٫٥");
    expect(await marks.inputValue()).toBe("٧٫٥");
    await row.getByText("B+", { exact: true }).waitFor();
    await dialog.getByRole("button", { name: "Save Result" }).click();
    await page.getByText("Result saved").waitFor();

    const { data } = await ok(api.admin.results.$get({ query: { search: student.student_no } }));
    const saved = data.find((r) => r.academic_year_name === year);
    expect(saved?.subject_scores).toEqual([
      { subject_name: "Art", score: 7.5, max_score: 10, remarks: "Grade: B+", absent: false },
    ]);
    await page.context().close();
  });

  it("says what is wrong in Arabic in the Arabic console", async () => {
    const page = await adminPage("ar");
    await page.goto(`${base}/admin/dashboard/results`);
    await page.getByRole("button", { name: "إضافة نتيجة" }).click();
    const dialog = page.getByRole("dialog");
    const marks = dialog.locator('input[name="subject_scores.0.score"]');
    await typeInto(marks, "1e2");
    await dialog.locator('button[type="submit"]').click();
    await dialog.getByRole("alert").filter({ hasText: "الدرجة: أدخل رقمًا مثل ٤٥ أو ٤٥٫٥" }).waitFor();
    expect(await marks.inputValue()).toBe("1e2");
    await page.context().close();
  });
});

describe("fee amounts", () => {
  it("Add Fee Record takes 12,000 and ٢٬٥٠٠٫٥٠, refuses 1,5 with its message; the payment entry takes 1,000.25", async () => {
    const student = await newStudent();
    const page = await adminPage();
    await page.goto(`${base}/admin/dashboard/fees`);
    await page.getByRole("button", { name: "Add Fee Record" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Fee Record" });
    await dialog.getByLabel("Student ID").fill(student.student_no);
    await dialog.getByText(student.full_name).waitFor();
    const totalField = dialog.getByLabel("Total Amount");
    const paidField = dialog.getByLabel("Paid Amount");
    await typeInto(totalField, "12,000");
    await typeInto(paidField, "1,5");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.getByText("Paid amount must be a number").waitFor();
    expect(await paidField.inputValue()).toBe("1,5");
    expect(await totalField.inputValue()).toBe("12,000");
    await typeInto(paidField, "٢٬٥٠٠٫٥٠");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.waitFor({ state: "hidden" });
    const fee = async () => (await ok(api.fees.$get({ query: { search: student.student_no } }))).fees[0];
    expect(await fee()).toMatchObject({ total_amount: 12_000, paid_amount: 2500.5 });

    await page.getByLabel("Search", { exact: true }).fill(student.student_no);
    const row = page.getByRole("row").filter({ hasText: student.student_no });
    await row.getByRole("button", { name: "Add Payment" }).click();
    const amount = row.getByRole("textbox");
    await typeInto(amount, "abc");
    await row.getByRole("button", { name: "Save Payment" }).click();
    await row.getByRole("alert").filter({ hasText: "Please enter a valid payment amount" }).waitFor();
    expect(await amount.inputValue()).toBe("abc");
    await typeInto(amount, "1,000.25");
    await row.getByRole("button", { name: "Save Payment" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Confirm" }).click();
    await page
      .getByText(/Payment recorded/)
      .first()
      .waitFor();
    expect(await fee()).toMatchObject({ total_amount: 12_000, paid_amount: 3500.75 });
    await page.context().close();
  });
});

describe("teacher capacity", () => {
  it("refuses 3.5 with the range message and keeps it, then stores ٣٠ as 30", async () => {
    const subjects = (await ok(api.admin.selection.subjects.$get())).data;
    const subject = subjects.find((s) => s.is_active)!;
    const name = `Capacity Test ${Date.now() % 100_000}`;
    const created = await ok(
      api.admin.selection.teachers.$post({ json: { full_name: name, subject_name: subject.name } }),
    );
    const id = created.data.id;
    try {
      const page = await adminPage();
      await page.goto(`${base}/admin/dashboard/course-selections/teachers`);
      await page.getByRole("button", { name: `Edit ${name}` }).click();
      const form = page.getByRole("dialog");
      const capacity = form.getByLabel("Session 1 Capacity");
      await typeInto(capacity, "3.5");
      await form.getByRole("button", { name: "Save Changes" }).click();
      await form.getByText("Session 1 capacity must be a whole number between 0 and 35").waitFor();
      expect(await capacity.inputValue()).toBe("3.5");
      await typeInto(capacity, "٣٠");
      expect(await capacity.inputValue()).toBe("٣٠");
      await form.getByRole("button", { name: "Save Changes" }).click();
      await form.waitFor({ state: "hidden" });
      const teacher = (await ok(api.admin.selection.teachers.$get())).data.find((x) => x.id === id);
      expect(teacher?.session_1_capacity).toBe(30);
      await page.context().close();
    } finally {
      await api.admin.selection.teachers[":id"].$delete({ param: { id: String(id) } });
    }
  });
});
