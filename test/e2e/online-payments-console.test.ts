/**
 * The console's Online payments page and the source of payments (docs/product.md#online-payments): families pay
 * through the local Paymob stand-in (docs/decisions/0036-paymob-local-stand-in.md), set up through the public API
 * and the stand-in's test controls, whose signed callback records the money as Paymob's would. In Arabic at 360 px
 * (figures, search by number in Arabic-Indic digits, the status filter, the CSV, no horizontal overflow) and in
 * English at 1366 px (search by name, a filter nothing matches, the receipt link, Check now, a family's payment for
 * two children found by the second child's name and listing both with their parts, in the CSV too, then the Fees
 * page's Payments dialog and receipt saying "Online" beside the desk's payment; a refund beyond the payment shown as
 * not recorded, counted and filtered). Each test makes its own students
 * on the demo server; any console error fails it.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { watchErrors } from "../support/browser";
import { uniqueStudentNo } from "../support/selection-world";
import { adminApi } from "./admin-api";
import { adminToken, consolePage } from "./admin-session";
import { fileBrowser } from "./file-browser";
import { server } from "./server";
import { chooseOption } from "./select";

const base = server.baseUrl;
const browser = fileBrowser();
const PAGE = `${base}/admin/dashboard/fees/online`;
const arabicIndic = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));

/** A student of Prep-1 named `name` (with `guardians`) with 3,000 EGP of fees, nothing paid. */
async function student(token: string, name: string, guardians: object[] = []): Promise<string> {
  const studentNo = uniqueStudentNo();
  await adminApi(token, "POST", "/api/students", {
    student_no: studentNo,
    full_name: name,
    nationality: "مصري",
    current_grade: "Prep-1",
    building_no: 1,
    ...(guardians.length ? { guardians } : {}),
  });
  await adminApi(token, "POST", "/api/fees", {
    student_id: studentNo,
    grade: "Prep-1",
    total_amount: 3000,
    paid_amount: 0,
  });
  return studentNo;
}

/**
 * A family starts paying `amount` EGP online (the public API, as the Pay fees page does); `outcome` makes the
 * stand-in's transaction and sends its signed callback to the Worker before answering, so the payment is recorded.
 */
async function payOnline(studentNo: string, amount: number, outcome?: "success" | "declined") {
  const res = await fetch(`${base}/api/public/payments`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Idempotency-Key": randomUUID() },
    body: JSON.stringify({ national_id: studentNo, amount }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const p = (await res.json()) as { payment_id: string; order_id: string; checkout_url: string };
  if (outcome) {
    const standin = new URL(p.checkout_url).origin;
    const t = await fetch(`${standin}/_standin/orders/${p.order_id}/transactions`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ outcome }),
    });
    expect(t.status).toBe(201);
    expect(((await t.json()) as { callback_status: number }).callback_status).toBe(200);
  }
  return p;
}

/** The newest sign-in code the local message provider received for `phone` (local form) since `after`. */
async function codeFromProvider(phone: string, after: number): Promise<string> {
  const to = `20${phone.slice(1)}`;
  for (let i = 0; i < 60; i++) {
    const list = (await (await fetch(`${server.messageStandinUrl}/_standin/messages`)).json()) as {
      to: string;
      params: string[];
      text: string | null;
      template: string | null;
      receivedAt: string;
    }[];
    const last = list
      .filter((m) => m.to.replace(/^\+/, "") === to && Date.parse(m.receivedAt) >= after)
      .filter((m) => m.template === "school_sign_in_code" || /\b\d{6}\b/.test(m.text ?? ""))
      .at(-1);
    const code = last?.template === "school_sign_in_code" ? last.params[0] : /\b\d{6}\b/.exec(last?.text ?? "")?.[0];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no code reached the provider for ${phone}`);
}

/**
 * Two children of one number (`names`) paid for in one checkout through the family's API (as /family does: sign in
 * with the code, 1,000 and 500 EGP), recorded by the stand-in's signed callback. Returns the children's numbers.
 */
async function familyPaysOnline(token: string, names: [string, string]) {
  const phone = `010${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
  const guardian = { full_name: "منى حسن", relation: "mother", phone, whatsapp_consent: true };
  const nos = [await student(token, names[0], [guardian]), await student(token, names[1], [guardian])];
  const json = { "Content-Type": "application/json", Origin: base };
  const after = Date.now();
  expect(
    (await fetch(`${base}/api/family/code`, { method: "POST", headers: json, body: JSON.stringify({ phone }) })).status,
  ).toBe(200);
  const code = await codeFromProvider(phone, after);
  const session = await fetch(`${base}/api/family/session`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ phone, code }),
  });
  expect(session.status).toBe(200);
  const cookie = /family_session=[^;]+/.exec(session.headers.get("Set-Cookie") ?? "")![0];
  const figures = (await (await fetch(`${base}/api/family/pay`, { headers: { Cookie: cookie } })).json()) as {
    children: { id: number; full_name: string }[];
  };
  const ids = names.map((n) => figures.children.find((c) => c.full_name === n)!.id);
  const res = await fetch(`${base}/api/family/payments`, {
    method: "POST",
    headers: { ...json, Cookie: cookie, "Idempotency-Key": randomUUID() },
    body: JSON.stringify({
      children: [
        { id: ids[0], amount: 1000 },
        { id: ids[1], amount: 500 },
      ],
    }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const { checkout_url } = (await res.json()) as { checkout_url: string };
  const { payments } = await adminApi<{ payments: { order_id: string }[] }>(
    token,
    "GET",
    `/api/admin/online-payments?q=${nos[1]}`,
  );
  const t = await fetch(`${new URL(checkout_url).origin}/_standin/orders/${payments[0]!.order_id}/transactions`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ outcome: "success" }),
  });
  expect(((await t.json()) as { callback_status: number }).callback_status).toBe(200);
  return nos;
}

const receiptOf = async (token: string, studentNo: string) => {
  const { payments } = await adminApi<{ payments: Array<{ receipt_no: string; source: string }> }>(
    token,
    "GET",
    `/api/fees/${studentNo}/payments`,
  );
  return payments.find((p) => p.source === "online")!.receipt_no;
};

const noOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** Waits until the table has the answer to the last request (the old rows stay meanwhile). */
const settled = (page: Page) => page.waitForFunction(() => !document.querySelector("table[aria-busy]"));

/** The body rows of the table (the header row excluded). */
const bodyRows = (page: Page) => page.locator("table tbody tr:has(th[scope=row])");

/** Saves the CSV through Export CSV; its file name and lines (BOM checked and dropped). */
async function exportCsv(page: Page, button: string) {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: button }).click(),
  ]);
  const bytes = readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return { name: download.suggestedFilename(), lines: bytes.subarray(3).toString("utf8").split("\r\n") };
}

describe("the Online payments page", () => {
  it("Arabic at 360 px: figures, search by number in Arabic digits, the paid filter, the CSV", async () => {
    const token = await adminToken();
    const paidName = "سلمى الدفع الإلكتروني";
    const paidNo = await student(token, paidName);
    const pendingNo = await student(token, "ياسين الانتظار");
    await payOnline(paidNo, 1000, "success");
    await payOnline(paidNo, 40);
    await payOnline(pendingNo, 250);

    const page = await consolePage(browser(), token, "ar", 360);
    const errors = watchErrors(page);
    await page.goto(PAGE);
    await page.getByRole("heading", { level: 1, name: "المدفوعات الإلكترونية" }).waitFor();
    const pending = page.locator('[data-figure="online-pending"] p').first();
    await expect.poll(() => pending.textContent()).toMatch(/^[٠-٩٬]+$/);
    await page.locator('[data-figure="online-paid-today"]').getByText(/ج\.م/).waitFor();
    await page.getByRole("button", { name: "تحقّق الآن" }).waitFor();

    await page.getByLabel("بحث", { exact: true }).fill(arabicIndic(paidNo));
    await settled(page);
    await expect.poll(() => bodyRows(page).count()).toBe(2);
    expect(await bodyRows(page).filter({ hasText: paidName }).count()).toBe(2);
    expect(await noOverflow(page), "the filter bar with Clear filters fits 360 px").toBe(true);
    await chooseOption(page.locator("#online-status"), "مدفوعة");
    await page.waitForURL(/status=paid/);
    await settled(page);
    await expect.poll(() => bodyRows(page).count()).toBe(1);
    const row = bodyRows(page).first();
    await row.locator('[data-status="paid"]').waitFor();
    expect(await row.textContent()).toContain("١٬٠٠٠");
    const receiptNo = await receiptOf(token, paidNo);
    const link = row.getByRole("link", { name: `فتح الإيصال ${receiptNo}` });
    expect(await link.getAttribute("href")).toBe(`/admin/print/receipts/${receiptNo}`);
    expect(await noOverflow(page)).toBe(true);

    const csv = await exportCsv(page, "تصدير CSV");
    expect(csv.name).toMatch(/^online_payments_paid_\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv.lines).toHaveLength(2);
    expect(csv.lines[0]).toBe(
      '"Date (Cairo)","Student Name","Student ID","Amount (EGP)","Status","Receipt No","Paymob Order ID","Credit to Refund (EGP)","Refunded (EGP)","Refund Not Recorded (EGP)","Paid At (Cairo)","Children"',
    );
    expect(csv.lines[1]).toContain(`"${paidName}","\t${paidNo}","1000","مدفوعة","${receiptNo}"`);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("English at 1366 px: search by name, nothing matching, Check now; the Payments dialog and receipt say Online", async () => {
    const token = await adminToken();
    const name = `Online Console Family ${randomUUID().slice(0, 8)}`;
    const studentNo = await student(token, name);
    await adminApi(token, "POST", `/api/fees/${studentNo}/add-payment`, { payment_amount: 500 });
    const online = await payOnline(studentNo, 750, "success");
    await payOnline(studentNo, 60, "declined");
    // Paymob refunds more than the payment brought in: refused, and kept for the office to see.
    const refused = await fetch(`${new URL(online.checkout_url).origin}/_standin/orders/${online.order_id}/refund`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ amount_cents: 80_000 }),
    });
    expect(((await refused.json()) as { callback_status: number }).callback_status).toBe(200);

    const page = await consolePage(browser(), token, "en", 1366);
    const errors = watchErrors(page);
    await page.goto(PAGE);
    await page.getByRole("heading", { level: 1, name: "Online Payments" }).waitFor();
    const navLink = page.getByRole("link", { name: "Online Payments", exact: true });
    expect(await navLink.getAttribute("aria-current")).toBe("page");
    await page.getByLabel("Search", { exact: true }).fill(name.toLowerCase());
    await settled(page);
    await expect.poll(() => bodyRows(page).count()).toBe(2);
    await bodyRows(page).filter({ hasText: "Declined" }).waitFor();
    const paid = bodyRows(page).filter({ hasText: "Paid" });
    expect(await paid.textContent()).toMatch(/EGP\s?750/);
    const headers = await page.locator("table thead th").allTextContents();
    expect(headers.map((h) => h.trim())).toEqual(
      expect.arrayContaining(["Student", "Date", "Amount", "Status", "Receipt", "Paymob order", "Credit to refund"]),
    );

    // The refund not recorded: under the paid row's status with its amount and why, counted, and its own filter.
    const unrecorded = paid.locator('[data-unrecorded-refund="beyond_payment"]');
    expect(await unrecorded.textContent()).toMatch(/Refund not recorded: EGP\s?800.*more than the payment brought in/);
    expect(await page.locator('[data-figure="online-unrecorded"] p').first().textContent()).toMatch(/^[1-9][\d,]*$/);
    await chooseOption(page.locator("#online-refund"), "Refund not recorded");
    await page.waitForURL(/refund=unrecorded/);
    await settled(page);
    await expect.poll(() => bodyRows(page).count()).toBe(1);
    await page.getByRole("button", { name: "Clear filters" }).first().click();
    await page.waitForURL((u) => !u.search.includes("refund="));
    await page.getByLabel("Search", { exact: true }).fill(name.toLowerCase());
    await settled(page);
    await expect.poll(() => bodyRows(page).count()).toBe(2);

    // The office settles it by hand: a note is required, then it leaves the row and the figure falls by one.
    const figure = page.locator('[data-figure="online-unrecorded"] p').first();
    const openBefore = await figure.textContent();
    await paid.getByRole("button", { name: /Settle the refund of EGP\s?800/ }).click();
    const settle = page.getByRole("alertdialog", { name: "Settle a refund not recorded" });
    await settle.waitFor();
    await settle.getByRole("button", { name: "Mark settled" }).click();
    await settle.getByText("Write how it was settled").waitFor();
    await settle.getByLabel("How it was settled").fill("Paymob refunded 50 EGP too much: written off by the bursar");
    await settle.getByRole("button", { name: "Mark settled" }).click();
    await page.getByText("The refund is marked settled").waitFor();
    await settle.waitFor({ state: "hidden" });
    await expect.poll(() => paid.locator("[data-unrecorded-refund]").count()).toBe(0);
    await expect.poll(() => figure.textContent()).toBe(String(Number(openBefore) - 1));

    await chooseOption(page.locator("#online-status"), "Expired");
    await page.getByText("No online payments match these filters").waitFor();
    await page.getByRole("button", { name: "Clear filters" }).first().click();
    await page.waitForURL((u) => !u.search.includes("status="));
    await expect.poll(() => page.getByLabel("Search", { exact: true }).inputValue()).toBe("");

    await page.getByRole("button", { name: "Check now" }).click();
    await page.getByText(/Asked Paymob about \d+/).waitFor();

    // A family's payment for two children: found by the second child's name, every child with its number and part.
    const kids: [string, string] = [
      `Console Older ${randomUUID().slice(0, 8)}`,
      `Console Younger ${randomUUID().slice(0, 8)}`,
    ];
    const kidNos = await familyPaysOnline(token, kids);
    await page.getByLabel("Search", { exact: true }).fill(kids[1].toLowerCase());
    await settled(page);
    await expect.poll(() => bodyRows(page).count()).toBe(1);
    const familyRow = bodyRows(page).first();
    await familyRow.getByText("Family payment · 2 children").waitFor();
    for (const [i, no] of kidNos.entries()) {
      const kid = familyRow.locator(`[data-child="${no}"]`);
      expect(await kid.textContent()).toContain(kids[i]!);
      expect(await kid.textContent()).toMatch(i === 0 ? /EGP\s?1,000/ : /EGP\s?500/);
    }
    const familyCsv = await exportCsv(page, "Export CSV");
    expect(familyCsv.lines[1]).toContain(`"${kids[0]} (${kidNos[0]}): 1000; ${kids[1]} (${kidNos[1]}): 500"`);
    expect(errors).toEqual([]);

    // The Fees page: the record's Payments dialog names each payment's source, and so does its receipt.
    const receiptNo = await receiptOf(token, studentNo);
    await page.goto(`${base}/admin/dashboard/fees`);
    await page.getByRole("heading", { name: "Fees Management" }).waitFor();
    await page.getByLabel("Search", { exact: true }).fill(studentNo);
    const feeRow = page.getByRole("row").filter({ hasText: studentNo });
    await feeRow.getByText("Partially paid").waitFor();
    await feeRow.getByRole("button", { name: /More actions/ }).click();
    await page.getByRole("menuitem", { name: "Payments" }).click();
    const dialog = page.getByRole("dialog", { name: "Payments" });
    const onlineRow = dialog.getByRole("row").filter({ has: page.getByRole("rowheader", { name: receiptNo }) });
    await onlineRow.locator('[data-source="online"]').getByText("Online").waitFor();
    expect(await dialog.locator('[data-source="desk"]').textContent()).toBe("Desk");
    await dialog.getByRole("button", { name: `Receipt ${receiptNo}` }).click();
    const receipt = page.getByRole("dialog", { name: "Payment receipt" });
    await receipt.getByText("مصدر الدفعة").waitFor();
    expect(await receipt.locator("[data-print-receipt]").textContent()).toMatch(/SourceOnline.*إلكتروني/);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
