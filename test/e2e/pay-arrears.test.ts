/**
 * A family pays last year's arrears and this year's fees online in one payment (docs/product.md#online-payments,
 * #fees): /pay shows the arrears above the current year, "all that remains" counts both, the stand-in's checkout
 * takes it, and the receipt (by its token) shows one line per year, oldest first. English at 1366 px, Arabic at 360.
 */
import { describe, expect, it } from "vitest";
import { watchErrors } from "../support/browser";
import { uniqueStudentNo } from "../support/selection-world";
import { adminApi } from "./admin-api";
import { adminToken } from "./admin-session";
import { fileBrowser } from "./file-browser";
import { server } from "./server";

const base = server.baseUrl;
const browser = fileBrowser();
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A student owing 1,000 EGP on last year's account and 3,000 on this year's; returns its ID and both years. */
async function owingTwoYears(name: string) {
  const token = await adminToken();
  const years = await adminApi<{ current: string; years: Array<{ name: string }> }>(
    token,
    "GET",
    "/api/admin/academic-years",
  );
  const current = years.current;
  const past = years.years.map((y) => y.name).find((n) => n < current);
  expect(past, "the demo data has last year").toBeTruthy();
  const studentNo = uniqueStudentNo();
  await adminApi(token, "POST", "/api/students", {
    student_no: studentNo,
    full_name: name,
    nationality: "مصري",
    current_grade: "Prep-2",
    building_no: 1,
  });
  await adminApi(token, "POST", "/api/fees", {
    student_id: studentNo,
    grade: "Prep-1",
    total_amount: 2000,
    paid_amount: 1000,
    academic_year_name: past,
  });
  await adminApi(token, "POST", "/api/fees", {
    student_id: studentNo,
    grade: "Prep-2",
    total_amount: 3000,
    paid_amount: 0,
  });
  await adminApi(token, "PUT", `/api/fees/${studentNo}/schedule`, {
    instalments: [
      { line: "المصروفات", line_en: "Tuition", due_date: day(10), amount: 1500 },
      { line: "المصروفات", line_en: "Tuition", due_date: day(90), amount: 1500 },
    ],
  });
  return { studentNo, past: past!, current };
}

describe("/pay with arrears", () => {
  for (const [lang, width] of [
    ["en", 1366],
    ["ar", 360],
  ] as const)
    it(`${lang} at ${width} px: arrears first, both years in one payment, the receipt shows both years`, async () => {
      const { studentNo, past, current } = await owingTwoYears(`Arrears Family ${lang}`);
      const context = await browser().newContext({ viewport: { width, height: 900 } });
      if (lang === "en") await context.addCookies([{ name: "lang", value: "en", url: base }]);
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(`${base}/pay`);
      await page.locator("form[data-hydrated]:has(#pay-national-id)").waitFor();
      await page.locator("#pay-national-id").fill(studentNo);
      await page.locator("form:has(#pay-national-id) button[type=submit]").click();
      const arrears = page.locator(`[data-arrears-year="${past}"]`);
      await arrears.waitFor();
      // The arrears come before the current year's figures.
      const order = await page.evaluate(
        ([p, c]) => {
          const a = document.querySelector(`[data-arrears-year="${p}"]`);
          const y = document.querySelector(`[data-year="${c}"]`);
          return !!a && !!y && !!(a.compareDocumentPosition(y) & Node.DOCUMENT_POSITION_FOLLOWING);
        },
        [past, current],
      );
      expect(order).toBe(true);
      await page.screenshot({ path: `/tmp/wt41-pay-arrears-${lang}-${width}.png`, fullPage: true });
      await page.getByRole("radio", { name: lang === "en" ? /All that remains/ : /كل المتبقي/ }).check();
      await page.locator("button[data-pay]").click();
      await page.waitForURL(/\/unifiedcheckout\//);
      expect(await page.locator("[data-amount]").getAttribute("data-amount")).toBe("400000");
      await page.locator('button[data-action="card"]').click();
      await page.waitForURL(/\/pay\/return\?payment=/);
      await page.locator('[data-payment-state="paid"]').waitFor();
      const href = await page.locator('a[href^="/pay/receipts/"]').first().getAttribute("href");
      const receipt = await context.newPage();
      const res = await receipt.goto(`${base}${href}`);
      expect(res?.status()).toBe(200);
      expect(await receipt.locator(`[data-year-line="${past}"]`).count()).toBe(1);
      expect(await receipt.locator(`[data-year-line="${current}"]`).count()).toBe(1);
      await receipt.screenshot({ path: `/tmp/wt41-receipt-arrears-${lang}-${width}.png`, fullPage: true });
      expect(errors).toEqual([]);

      const token = await adminToken();
      const years = await adminApi<{ fees: Array<{ academic_year_name: string; remaining: number }> }>(
        token,
        "GET",
        `/api/fees/${studentNo}/years`,
      );
      expect(years.fees.map((f) => [f.academic_year_name, f.remaining])).toEqual([
        [past, 0],
        [current, 0],
      ]);
      await context.close();
    });
});
