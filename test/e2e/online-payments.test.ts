/**
 * A family pays online (docs/product.md#online-payments) through the local Paymob stand-in that `npm start` runs
 * (docs/decisions/0036-paymob-local-stand-in.md): lookup → instalments (overdue in red) → Pay → the stand-in's
 * checkout → its signed callback to the Worker and the redirect back → the result page, polling, says paid → the
 * printable receipt by its token. In Arabic at 360 px (no horizontal overflow), and a declined payment in English at
 * 1366 px; a kiosk reference left waiting: its amount and deadline, and /pay offering to open it again before a new
 * payment. Each test makes its own student on the demo server, so no other test's figures move.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { watchErrors } from "../support/browser";
import { uniqueStudentNo } from "../support/selection-world";
import { adminApi } from "./admin-api";
import { adminToken, consolePage } from "./admin-session";
import { fileBrowser } from "./file-browser";
import { server } from "./server";

const base = server.baseUrl;
const browser = fileBrowser();
const arabicIndic = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A student with 3,000 EGP in three instalments, the first 20 days overdue; nothing paid. */
async function family(name: string): Promise<string> {
  const token = await adminToken();
  const studentNo = uniqueStudentNo();
  await adminApi(token, "POST", "/api/students", {
    student_no: studentNo,
    full_name: name,
    nationality: "مصري",
    current_grade: "Prep-1",
    building_no: 1,
  });
  await adminApi(token, "POST", "/api/fees", {
    student_id: studentNo,
    grade: "Prep-1",
    total_amount: 3000,
    paid_amount: 0,
  });
  await adminApi(token, "PUT", `/api/fees/${studentNo}/schedule`, {
    instalments: [
      { line: "المصروفات", line_en: "Tuition", due_date: day(-20), amount: 1000 },
      { line: "المصروفات", line_en: "Tuition", due_date: day(30), amount: 1000 },
      { line: "المصروفات", line_en: "Tuition", due_date: day(90), amount: 1000 },
    ],
  });
  return studentNo;
}

async function openPay(lang: "ar" | "en", width: number): Promise<{ page: Page; errors: string[] }> {
  const context = await browser().newContext({ viewport: { width, height: 800 } });
  if (lang === "en") await context.addCookies([{ name: "lang", value: "en", url: base }]);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${base}/pay`);
  await page.locator("form[data-hydrated]:has(#pay-national-id)").waitFor();
  return { page, errors };
}

const noOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe("/pay", () => {
  it("Arabic at 360 px: lookup, overdue in red, pay the next instalment at the checkout, paid, the receipt", async () => {
    const name = "أسرة الدفع الإلكتروني";
    const studentNo = await family(name);
    const { page, errors } = await openPay("ar", 360);
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    await page.locator("#pay-national-id").click();
    await page.keyboard.type(arabicIndic(studentNo));
    expect(await page.locator("#pay-national-id").inputValue()).toBe(studentNo);
    await page.getByRole("button", { name: "عرض المصروفات" }).click();
    await page.getByRole("heading", { name }).waitFor();
    const overdue = page.locator('[data-instalments="cards"] li:has([data-status="overdue"])');
    expect(await overdue.count()).toBe(1);
    expect(await overdue.evaluate((li) => getComputedStyle(li).backgroundColor)).not.toBe("rgba(0, 0, 0, 0)");
    expect(await page.getByRole("radio", { name: /القسط القادم/ }).isChecked()).toBe(true);
    expect(await noOverflow(page)).toBe(true);

    await page.locator("button[data-pay]").click();
    await page.waitForURL(/\/unifiedcheckout\//);
    expect(await page.locator("[data-amount]").getAttribute("data-amount")).toBe("100000");
    await page.locator('button[data-action="card"]').click();
    await page.waitForURL(/\/pay\/return\?payment=/);
    expect(new URL(page.url()).origin, "back on the site's own address").toBe(base);
    await page.locator('[data-payment-state="paid"]').waitFor();
    await page.getByRole("heading", { name: "تم الدفع بنجاح" }).waitFor();
    const receiptNo = await page.locator("bdi").filter({ hasText: /^RCP-/ }).textContent();
    expect(receiptNo).toMatch(/^RCP-\d{4}-\d{4}-\d{6}$/);
    expect(await noOverflow(page)).toBe(true);

    const href = await page.getByRole("link", { name: "عرض الإيصال وطباعته" }).getAttribute("href");
    expect(href).toMatch(/^\/pay\/receipts\/[A-Za-z0-9_-]{40,}$/);
    const receipt = await page.context().newPage();
    const res = await receipt.goto(`${base}${href}`);
    expect(res?.status()).toBe(200);
    expect(res?.headers()["cache-control"]).toBe("no-store");
    expect(await receipt.locator(`[data-receipt="${receiptNo}"]`).count()).toBe(1);
    expect(await receipt.locator("[data-online-receipt]").textContent()).toContain("باي موب");
    expect(errors).toEqual([]);

    const token = await adminToken();
    const fee = await adminApi<{ payments: Array<{ receipt_no: string; amount: number }> }>(
      token,
      "GET",
      `/api/fees/${studentNo}/payments`,
    );
    expect(fee.payments).toEqual([expect.objectContaining({ receipt_no: receiptNo, amount: 1000 })]);
    await page.context().close();
  });

  it("English at 1366 px: another amount, declined at the checkout: nothing paid, try again", async () => {
    const studentNo = await family("Online Decline Family");
    const { page, errors } = await openPay("en", 1366);
    await page.locator("#pay-national-id").fill(studentNo);
    await page.getByRole("button", { name: "Show fees" }).click();
    await page.locator('[data-instalments="table"]').waitFor();
    await page.getByRole("radio", { name: /Another amount/ }).check();
    await page.locator("#pay-other").fill("5000");
    await page.locator("button[data-pay]").click();
    await page.getByRole("alert").filter({ hasText: "at least 1 EGP" }).waitFor();
    await page.locator("#pay-other").fill("250.50");
    await page.getByRole("button", { name: /Pay EGP\s?250\.50/ }).click();
    await page.waitForURL(/\/unifiedcheckout\//);
    await page.locator('button[data-action="decline"]').click();
    await page.locator('[data-payment-state="failed"]').waitFor();
    await page.getByRole("heading", { name: "The payment did not go through" }).waitFor();
    await page.getByRole("link", { name: "Pay again" }).waitFor();
    expect(errors).toEqual([]);
    const token = await adminToken();
    const fee = await adminApi<{ payments: unknown[] }>(token, "GET", `/api/fees/${studentNo}/payments`);
    expect(fee.payments).toEqual([]);
    await page.context().close();
  });

  it("Arabic at 360 px: a kiosk reference waits; its amount and deadline, and /pay opens it again before a new payment", async () => {
    const studentNo = await family("أسرة منفذ الدفع");
    const { page, errors } = await openPay("ar", 360);
    const lookUp = async () => {
      await page.locator("#pay-national-id").fill(studentNo);
      await page.getByRole("button", { name: "عرض المصروفات" }).click();
      await page.locator("button[data-pay]").waitFor();
    };
    await lookUp();
    expect(await page.locator("[data-pending-payments]").count()).toBe(0);
    await page.locator("button[data-pay]").click();
    await page.waitForURL(/\/unifiedcheckout\//);
    await page.locator('button[data-action="kiosk"]').click();
    await page.locator('[data-payment-state="pending"]').waitFor();
    const ref = new URL(page.url()).searchParams.get("data.bill_reference");
    expect(ref).toMatch(/^\d+$/);
    await page.getByText(ref!).waitFor();
    expect(await page.locator('[data-pending-fact="amount"]').textContent()).toContain("١٬٠٠٠");
    expect(await page.locator('[data-pending-fact="deadline"]').textContent()).toMatch(/[٠-٩]+ [^\s]+.*[٠-٩]+:[٠-٩]+/);
    expect(await noOverflow(page)).toBe(true);

    await page.goto(`${base}/pay`);
    await page.locator("form[data-hydrated]:has(#pay-national-id)").waitFor();
    await lookUp();
    const waiting = page.locator("[data-pending-payments]");
    await waiting.getByText(ref!).waitFor();
    expect(await waiting.textContent()).toContain("١٬٠٠٠");
    await page.locator("button[data-pay]").click();
    const confirm = page.locator("[data-pending-confirm]");
    await confirm.waitFor();
    expect(new URL(page.url()).pathname).toBe("/pay");
    expect(await noOverflow(page)).toBe(true);
    await confirm.getByRole("link", { name: "افتح هذا الدفع" }).click();
    await page.waitForURL(/\/pay\/return\?payment=[A-Za-z0-9_-]+$/);
    await page.locator('[data-payment-state="pending"]').waitFor();
    await page.getByText(ref!).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("the console's Fees page: a kiosk payment left pending, Check now asks Paymob and reports it still pending", async () => {
    const studentNo = await family("Kiosk Family");
    const { page } = await openPay("en", 1366);
    await page.locator("#pay-national-id").fill(studentNo);
    await page.getByRole("button", { name: "Show fees" }).click();
    await page.locator("button[data-pay]").click();
    await page.waitForURL(/\/unifiedcheckout\//);
    await page.locator('button[data-action="kiosk"]').click();
    await page.locator('[data-payment-state="pending"]').waitFor();
    await page.getByText(/kiosk .* reference/).waitFor();
    await page.context().close();

    const admin = await consolePage(browser(), await adminToken(), "en");
    await admin.goto(`${base}/admin/dashboard/fees`);
    const card = admin.locator("[data-online-payments]");
    await card.getByText(/Pending: \d+/).waitFor();
    await card.getByRole("button", { name: "Check now" }).click();
    await admin.getByText(/Asked Paymob about \d+ payments?: .* still pending/).waitFor();
    await admin.context().close();
  });
});
