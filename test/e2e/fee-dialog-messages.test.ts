/**
 * The fee dialogs tell what happened where it happened (docs/product.md#fee-plans, #payments-and-receipts; issue
 * 26.9, 26.10), on the Arabic console with the demo data: a refused fee plan marks the fields at fault with the
 * reason under each, its dates spelled in Arabic with Arabic-Indic digits (never an ISO date), and Add Fee with a paid
 * amount offers the receipt it issued, as Add Payment does, with its amounts in "ج.م" (never "EGP").
 */
import { beforeAll, describe, expect, it } from "vitest";
import { apiClient, type ApiClient, ok } from "./admin-api";
import { adminToken, consolePage } from "./admin-session";
import { server } from "./server";
import { fileBrowser } from "./file-browser";

const base = server.baseUrl;
const browser = fileBrowser();
let token: string;
let api: ApiClient["api"];
const WESTERN_DIGIT = /[0-9]/;
/** The first calendar year of the data's current academic year: the plan form's default year. */
let first: number;

beforeAll(async () => {
  token = await adminToken();
  api = apiClient(token).api;
  first = Number((await ok(api.admin["academic-years"].$get())).current!.slice(0, 4));
});

describe("a refused fee plan", () => {
  it("marks the due date outside the year and the line total, with Arabic dates and digits", async () => {
    const page = await consolePage(browser(), token, "ar", 1366);
    await page.goto(`${base}/admin/dashboard/fees/plans`);
    await page.getByRole("button", { name: "إضافة خطة", exact: true }).click();
    const form = page.getByRole("dialog", { name: "إضافة خطة مصروفات" });
    await form.getByLabel("الصف").selectOption("Prep-1");
    await form.getByLabel("الإجمالي (ج.م)").fill("1000");
    const due = form.getByLabel("تاريخ استحقاق القسط ١", { exact: true });
    await due.fill(`${first + 9}-01-15`);
    await form.getByRole("button", { name: "حفظ الخطة" }).click();

    await expect.poll(() => due.getAttribute("aria-invalid")).toBe("true");
    const dueMessage = page.locator(`#${await due.getAttribute("aria-describedby")}`);
    const text = (await dueMessage.textContent()) ?? "";
    expect(text).toContain("يجب أن يقع تاريخ الاستحقاق داخل العام الدراسي");
    expect(text).toMatch(/سبتمبر.*أغسطس/);
    expect(text).not.toMatch(WESTERN_DIGIT);

    const total = form.getByLabel("الإجمالي (ج.م)");
    expect(await total.getAttribute("aria-invalid")).toBe("true");
    const totalMessage = (await page.locator(`#${await total.getAttribute("aria-describedby")}`).textContent()) ?? "";
    expect(totalMessage).toContain("ج.م");
    expect(totalMessage).not.toMatch(WESTERN_DIGIT);
    // The first field at fault has the focus; fixing a line clears its marks.
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-invalid"))).toBe("true");
    await due.fill(`${first}-10-15`);
    expect(await due.getAttribute("aria-invalid")).toBeNull();
    await page.context().close();
  });
});

describe("Add Fee with a paid amount", () => {
  it("offers the receipt it issued, in ج.م", async () => {
    const studentNo = `FEEMSG${Date.now()}`.slice(0, 20);
    await ok(
      api.students.$post({
        json: {
          student_no: studentNo,
          full_name: `إيصال أول ${studentNo.slice(-4)}`,
          nationality: "مصري",
          current_grade: "Prep-1",
          building_no: 2,
        },
      }),
    );
    const page = await consolePage(browser(), token, "ar", 1366);
    await page.goto(`${base}/admin/dashboard/fees`);
    await page.getByRole("button", { name: "إضافة سجل مصروفات" }).first().click();
    const dialog = page.getByRole("dialog", { name: "إضافة سجل مصروفات" });
    await dialog.getByLabel("رقم الطالب").fill(studentNo);
    await dialog.getByText(`إيصال أول ${studentNo.slice(-4)}`).waitFor();
    await dialog.getByLabel("إجمالي المصروفات").fill("1000");
    await dialog.getByLabel("المبلغ المدفوع").fill("250");
    const words = (await dialog.textContent()) ?? "";
    expect(words).not.toContain("EGP");
    expect(words).toContain("ج.م");
    await dialog.getByRole("button", { name: "حفظ", exact: true }).click();
    await dialog.waitFor({ state: "hidden" });

    const { fees } = await ok(api.fees.$get({ query: { search: studentNo } }));
    const receipt = fees[0]!.payments[0]!.receipt_no;
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: receipt });
    await toast.waitFor();
    expect(await toast.textContent()).toContain("تم حفظ سجل المصروفات");
    // "Print receipt" opens the original in a new tab, as after Add Payment.
    await page.evaluate(() => {
      window.open = (url?: string | URL) => {
        (window as unknown as { opened: string }).opened = String(url);
        return null;
      };
    });
    await toast.getByRole("button", { name: "طباعة الإيصال" }).click();
    expect(await page.evaluate(() => (window as unknown as { opened?: string }).opened)).toBe(
      `/admin/print/receipts/${encodeURIComponent(receipt)}`,
    );
    await page.context().close();
  });
});
