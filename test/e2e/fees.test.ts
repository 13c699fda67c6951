/**
 * Fees Management in Chromium against the built Worker with the demo data (docs/product.md#fees,
 * #payments-and-receipts): find a partially paid student with the search box, record the rest of the balance with
 * Add Payment → Full-Paid → Save Payment → confirm, and see the status, the remaining amount and the receipt number.
 * The first attempt loses the server's answer: the row reverts, and the retry reuses the Idempotency-Key so the
 * payment is recorded once.
 * The student is picked through the API and is never one of the public-page samples (other tests rely on those).
 */
import type { InferRequestType } from "hono/client";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { apiClient, type ApiClient, ok } from "./admin-api";
import { adminToken, consolePage, signIn } from "./admin-session";
import { sampleNos, server } from "./server";
import { fileBrowser } from "./file-browser";
import { chooseOption } from "./select";

const base = server.baseUrl;
const samples = sampleNos;
const browser = fileBrowser();
let token: string;

let api: ApiClient["api"];

beforeAll(async () => {
  token = await adminToken();
  api = apiClient(token).api;
});

const listFees = (query: InferRequestType<typeof api.fees.$get>["query"]) => ok(api.fees.$get({ query }));
const payments = async (id: string) =>
  (await ok(api.fees[":student_no"].payments.$get({ param: { student_no: id }, query: {} }))).payments;

/** Waits until the table has the answer to the last request (server paging keeps the old rows meanwhile). */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector("table[aria-busy]"));
}

/** Signs in and shows the Fees page filtered to a partially paid student of `grade` (≥ 10 EGP left, not a sample). */
async function openPartiallyPaid(grade: string) {
  const { fees } = await listFees({ status: "partially_paid", grade });
  const fee = fees.find((f) => !samples.includes(f.student_no) && f.remaining >= 10);
  expect(fee, `a partially paid ${grade} student in the demo data`).toBeTruthy();
  const id = fee!.student_no;
  const page = await (await browser().newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signIn(page);
  await page.goto(`${base}/admin/dashboard/fees`);
  await page.getByLabel("Search", { exact: true }).fill(id);
  const row = page.getByRole("row").filter({ hasText: id });
  await row.getByText("Partially paid").waitFor();
  await settled(page);
  return { id, page, row };
}

describe("fees management", () => {
  it("pages, sorts and filters on the server (15 rows by default, 7-page window)", async () => {
    const page = await (await browser().newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await signIn(page);
    await page.goto(`${base}/admin/dashboard/fees`);
    await page.getByRole("heading", { name: "Fees Management" }).waitFor();
    const { pagination } = await listFees({ page: "1", limit: "15" });
    const fmt = (n: number) => new Intl.NumberFormat("en-EG").format(n);
    await page.getByText(`Showing 1–15 of ${fmt(pagination!.total)}`).waitFor();
    await expect(page.locator("tbody tr").count()).resolves.toBe(15);
    const ids = () => page.locator("tbody tr td:nth-child(2)").allTextContents();
    const first = await ids();
    const nav = page.getByRole("navigation", { name: "Pagination" });
    await expect(nav.getByRole("button", { name: /^Page \d+$/ }).count()).resolves.toBe(
      Math.min(7, Math.ceil(pagination!.total / 15)),
    );
    await nav.getByRole("button", { name: "Page 2" }).click();
    await page.getByText(/^Showing 16–30 of /).waitFor();
    await settled(page);
    const second = await ids();
    expect(second).toHaveLength(15);
    expect(second.filter((id) => first.includes(id))).toEqual([]);

    // Sorting by Remaining (descending first for amounts) returns to page 1 and matches the API's order.
    await page.getByRole("button", { name: "Remaining Amount", exact: true }).click();
    await page.getByText(/^Showing 1–15 of /).waitFor();
    await settled(page);
    const th = page.getByRole("columnheader", { name: "Remaining Amount" });
    const order = (await th.getAttribute("aria-sort")) === "descending" ? "desc" : "asc";
    const sorted = await listFees({ page: "1", limit: "15", sortBy: "remaining", sortOrder: order });
    expect(await ids()).toEqual(sorted.fees.map((f) => f.student_no));

    // A status filter counts on the server.
    const paid = await listFees({ status: "paid", page: "1", limit: "15" });
    await chooseOption(page.getByLabel("Status", { exact: true }), "Paid");
    await page.getByText(new RegExp(`^${fmt(paid.pagination!.total)} fee records?$`)).waitFor();
    await settled(page);
    await expect(page.getByRole("row").filter({ hasText: "Partially paid" }).count()).resolves.toBe(0);
    await page.context().close();
  });

  it("records a payment on a partially paid student and shows the new status, remaining amount and receipt", async () => {
    const { fees } = await listFees({ status: "partially_paid", grade: "Prep-2" });
    const fee = fees.find((f) => !samples.includes(f.student_no) && f.remaining > 0);
    expect(fee, "a partially paid Prep-2 student in the demo data").toBeTruthy();
    const { student_no: id, remaining } = fee!;

    const page = await (await browser().newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await signIn(page);
    await page.goto(`${base}/admin/dashboard/fees`);
    await page.getByRole("heading", { name: "Fees Management" }).waitFor();
    await page.getByLabel("Search", { exact: true }).fill(id);
    const row = page.getByRole("row").filter({ hasText: id });
    await row.getByText("Partially paid").waitFor();
    // The search runs on the server: the previous page stays on screen until its answer is in.
    await settled(page);
    await expect(page.getByRole("row").filter({ hasText: "EGP" }).count()).resolves.toBe(1);

    // An empty amount is refused with its reason's text.
    await row.getByRole("button", { name: "Add Payment" }).click();
    await row.getByRole("button", { name: "Save Payment" }).click();
    await row.getByRole("alert").filter({ hasText: "Please enter a valid payment amount" }).waitFor();

    await row.getByRole("button", { name: "Full-Paid" }).click();
    await expect(row.getByRole("textbox").inputValue()).resolves.toBe(
      Number.isInteger(remaining) ? String(remaining) : remaining.toFixed(2),
    );

    // First attempt: the server records the payment but the answer is lost. The row reverts with the documented
    // network text, and the entry stays open with its Idempotency-Key, so the retry cannot pay twice.
    const before = (await payments(id)).length;
    const keys: string[] = [];
    await page.route("**/add-payment", async (route) => {
      keys.push(route.request().headers()["idempotency-key"] ?? "");
      await route.fetch();
      await route.abort("connectionreset");
    });
    const savePayment = async () => {
      await row.getByRole("button", { name: "Save Payment" }).click();
      const confirm = page.getByRole("alertdialog");
      await confirm.getByText("Are you sure you want to add this payment?").waitFor();
      await confirm.getByRole("button", { name: "Confirm" }).click();
    };
    await savePayment();
    await page.getByText("An error occurred while adding the payment").waitFor();
    await expect(row.getByRole("textbox").inputValue()).resolves.not.toBe("");
    await page.unroute("**/add-payment");

    page.on("request", (r) => r.url().endsWith("/add-payment") && keys.push(r.headers()["idempotency-key"] ?? ""));
    await savePayment();
    await row.getByText("Paid", { exact: true }).waitFor();
    // Cells after the name (a row header): Student ID, Grade, Total, Paid, Remaining, Status, Actions.
    await expect(row.locator("td").nth(4).textContent()).resolves.toMatch(/^EGP\s0$/);
    await expect(row.getByRole("button", { name: "Add Payment" }).isDisabled()).resolves.toBe(true);

    const recorded = await payments(id);
    expect(recorded.length).toBe(before + 1);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    const last = recorded.at(-1)!;
    expect(last.amount).toBe(remaining);
    expect(last.receipt_no).toMatch(/^RCP-\d{4}-\d{4}-\d{6}$/);
    await page.getByText(`Payment recorded: receipt ${last.receipt_no}`).waitFor();

    // The record's payments list the new receipt number, and its receipt opens for printing.
    await row.getByRole("button", { name: /More actions/ }).click();
    await page.getByRole("menuitem", { name: "Payments" }).click();
    const dialog = page.getByRole("dialog", { name: "Payments" });
    await dialog.getByRole("rowheader", { name: last.receipt_no }).waitFor();
    await dialog.getByRole("button", { name: `Receipt ${last.receipt_no}` }).click();
    const receipt = page.getByRole("dialog", { name: "Payment receipt" });
    await receipt.getByText("إيصال استلام نقدية").waitFor();
    await expect(receipt.locator("[data-print-receipt]").textContent()).resolves.toContain(last.receipt_no);
    await page.context().close();

    const after = await listFees({ search: id });
    expect(after.fees[0]).toMatchObject({ status: "paid", remaining: 0 });
  });

  it("speaks Arabic by reason: the form's own checks, the server's refusal of a second record, the payment entry", async () => {
    const { fees } = await listFees({ status: "partially_paid", grade: "Prep-2" });
    const fee = fees.find((f) => !samples.includes(f.student_no) && f.remaining > 0);
    expect(fee, "a partially paid Prep-2 student in the demo data").toBeTruthy();
    const page = await consolePage(browser(), token, "ar");
    await page.goto(`${base}/admin/dashboard/fees`);
    await page.getByRole("heading", { name: "إدارة المصروفات" }).waitFor();

    // The shared schema's reasons (REQUIRED with its field), in Arabic.
    await page.getByRole("button", { name: "إضافة سجل مصروفات" }).click();
    const dialog = page.getByRole("dialog", { name: "إضافة سجل مصروفات" });
    await dialog.getByRole("button", { name: "حفظ" }).click();
    await dialog.getByText("رقم الطالب مطلوب").waitFor();
    await dialog.getByText("إجمالي المصروفات مطلوب").waitFor();

    // The server refuses a second record for the student: FEE_EXISTS, shown in Arabic (nothing is written).
    await dialog.getByLabel("رقم الطالب").fill(fee!.student_no);
    await dialog.getByText(fee!.full_name).waitFor();
    await dialog.getByLabel("إجمالي المصروفات").fill("١٠٠٠");
    const answer = page.waitForResponse((r) => r.url().endsWith("/api/fees") && r.request().method() === "POST");
    await dialog.getByRole("button", { name: "حفظ" }).click();
    expect(await (await answer).json()).toMatchObject({ code: "CONFLICT", reason: "FEE_EXISTS" });
    await page.getByText("لهذا الطالب سجل مصروفات بالفعل").waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });

    // The payment entry: an amount that is not one is refused with PAYMENT_AMOUNT_INVALID's Arabic.
    await page.getByLabel("بحث", { exact: true }).fill(fee!.student_no);
    const row = page.getByRole("row").filter({ hasText: fee!.student_no });
    await row.getByText("مدفوع جزئيًا").waitFor();
    await settled(page);
    await row.getByRole("button", { name: "إضافة دفعة" }).click();
    await row.getByRole("textbox").fill("abc");
    await row.getByRole("button", { name: "حفظ الدفعة" }).click();
    await row.getByRole("alert").filter({ hasText: "يُرجى إدخال مبلغ دفعة صحيح" }).waitFor();
    expect((await listFees({ search: fee!.student_no })).fees[0]).toMatchObject({
      paid_amount: fee!.paid_amount,
    });
    await page.context().close();
  });

  it("503 after the commit: the key is kept, another amount re-reads the record first, so nothing is charged twice", async () => {
    const { id, page, row } = await openPartiallyPaid("Prep-1");
    const count = async () => (await payments(id)).length;
    const before = await count();
    const keys: string[] = [];
    page.on("request", (r) => r.url().endsWith("/add-payment") && keys.push(r.headers()["idempotency-key"] ?? ""));
    const save = async (amount: string, confirmed = true) => {
      await row.getByRole("textbox").fill(amount);
      await row.getByRole("button", { name: "Save Payment" }).click();
      if (!confirmed) return;
      const confirm = page.getByRole("alertdialog");
      await confirm.getByText("Are you sure you want to add this payment?").waitFor();
      await confirm.getByRole("button", { name: "Confirm" }).click();
    };

    // The payment is committed, then the answer is a 503 (the database link dropped after the commit).
    await page.route("**/add-payment", async (route) => {
      await route.fetch();
      await route.fulfill({
        status: 503,
        json: {
          success: false,
          code: "SERVICE_UNAVAILABLE",
          message: "The service is temporarily unavailable. Please try again shortly.",
          error: "x",
        },
      });
    });
    await row.getByRole("button", { name: "Add Payment" }).click();
    await save("1");
    await page.getByText("The server did not confirm this payment.", { exact: false }).waitFor();
    await page.unroute("**/add-payment");
    expect(await count()).toBe(before + 1);
    expect(await page.evaluate(() => localStorage.getItem("unsettledPayments"))).toContain(keys[0]!);

    // The cashier types another amount: the record is re-read by the kept key first, and no new payment is offered.
    await save("2", false);
    await page.getByText(/The server had recorded the payment: receipt RCP-/).waitFor();
    expect(await page.getByRole("alertdialog").count()).toBe(0);
    expect(await count()).toBe(before + 1);
    expect(await page.evaluate(() => localStorage.getItem("unsettledPayments"))).toBeNull();

    // A payment started afterwards is a new one, with a new key.
    await row.getByRole("button", { name: "Add Payment" }).click();
    await save("2");
    await page.getByText(/^Payment recorded: receipt RCP-/).waitFor();
    expect(await count()).toBe(before + 2);
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
    await page.context().close();
  });

  it("no answer and nothing recorded: a changed amount still goes with the kept key", async () => {
    const { id, page, row } = await openPartiallyPaid("Prep-3");
    const keys: string[] = [];
    await page.route("**/add-payment", async (route) => {
      keys.push(route.request().headers()["idempotency-key"] ?? "");
      await route.abort("connectionreset"); // never reaches the server
    });
    await row.getByRole("button", { name: "Add Payment" }).click();
    await row.getByRole("textbox").fill("1");
    await row.getByRole("button", { name: "Save Payment" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Confirm" }).click();
    await page.getByText("An error occurred while adding the payment").waitFor();
    await page.unroute("**/add-payment");
    page.on("request", (r) => r.url().endsWith("/add-payment") && keys.push(r.headers()["idempotency-key"] ?? ""));
    await row.getByRole("textbox").fill("3");
    await row.getByRole("button", { name: "Save Payment" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Confirm" }).click();
    await page.getByText(/^Payment recorded: receipt RCP-/).waitFor();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    const recorded = await payments(id);
    expect(recorded.at(-1)!.amount).toBe(3);
    await page.context().close();
  });
});
