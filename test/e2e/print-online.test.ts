/**
 * An online payment on paper (docs/product.md#online-payments, #printing), on the empty school: a family starts
 * paying everything online (3,000 EGP in three instalments), the desk takes 500 EGP meanwhile, then Paymob's
 * success arrives through the local stand-in, so 2,500 EGP is applied and 500 EGP is credit. Printed by Chromium
 * (`page.pdf`) and read with poppler: the family's receipt `/pay/receipts/{token}` fits ONE A5 page in Arabic and
 * English with Paymob's order and the received / applied / credit lines on it; the console's receipt says the same;
 * the statement owes the credit back. PNGs of the first pages are kept under PRINT_PNG_DIR for a person to look at.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { fontsSettled } from "../support/browser";
import { fileBrowser } from "./file-browser";
import { server } from "./server";

const base = server.emptyBaseUrl;
const browser = fileBrowser();
const OUT = process.env.PRINT_PNG_DIR ?? join(tmpdir(), `print-online-${process.pid}`);
const studentNo = `4${String(Date.now() % 1e13).padStart(13, "0")}`;
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

let context: BrowserContext;
let token: string;
let receiptNo: string;
let receiptUrl: string;
let orderId: string;

async function api<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(path.startsWith("http") ? path : `${base}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Prints `path` to a PDF: its pages' text and page size (pdfinfo, pdftotext), and a PNG of page 1 (pdftoppm). */
async function printed(path: string, name: string): Promise<{ pages: string[]; size: string }> {
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (e) => problems.push(e.message));
  page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
  const res = await page.goto(`${base}${path}`);
  expect(res?.status()).toBe(200);
  await fontsSettled(page);
  const file = join(OUT, `${name}.pdf`);
  await page.pdf({ path: file, preferCSSPageSize: true, printBackground: true });
  await page.close();
  expect(problems).toEqual([]);
  const info = execFileSync("pdfinfo", [file]).toString();
  const count = Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
  const pages = Array.from({ length: count }, (_, i) =>
    execFileSync("pdftotext", ["-f", String(i + 1), "-l", String(i + 1), file, "-"]).toString(),
  );
  execFileSync("pdftoppm", ["-png", "-r", "60", "-f", "1", "-l", "1", "-singlefile", file, file.replace(/\.pdf$/, "")]);
  return { pages, size: /Page size:\s+([^\n]+)/.exec(info)?.[1] ?? "" };
}

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: "admin", password: inject("e2eAdminPassword") }),
  });
  token = ((await login.json()) as { token: string }).token;
  await api("POST", "/api/students", {
    student_no: studentNo,
    full_name: "مريم عبد الرحمن الشربيني",
    nationality: "مصري",
    current_grade: "Prep-2",
    building_no: 1,
  });
  await api("POST", "/api/fees", { student_id: studentNo, grade: "Prep-2", total_amount: 3000, paid_amount: 0 });
  await api("PUT", `/api/fees/${studentNo}/schedule`, {
    instalments: [
      { line: "المصروفات الدراسية", line_en: "Tuition", due_date: day(-20), amount: 1000 },
      { line: "المصروفات الدراسية", line_en: "Tuition", due_date: day(40), amount: 1000 },
      { line: "الحافلة المدرسية", line_en: "School bus", due_date: day(60), amount: 1000 },
    ],
  });
  const pay = await api<{ payment_id: string; order_id: string; checkout_url: string }>(
    "POST",
    "/api/public/payments",
    { national_id: studentNo, amount: "all" },
    { "Idempotency-Key": `print-online-${studentNo}` },
  );
  orderId = pay.order_id;
  await api(
    "POST",
    `/api/fees/${studentNo}/add-payment`,
    { payment_amount: 500 },
    { "Idempotency-Key": `desk-${studentNo}` },
  );
  // The stand-in's success, with its signed callback to the Worker (the checkout's address names the stand-in).
  await api("POST", `${new URL(pay.checkout_url).origin}/_standin/orders/${orderId}/transactions`, {});
  const status = await api<{ status: string; receipt_no: string; receipt_url: string; credit: number }>(
    "GET",
    `/api/public/payments/${pay.payment_id}`,
  );
  expect(status).toMatchObject({ status: "paid", credit: 500 });
  [receiptNo, receiptUrl] = [status.receipt_no, status.receipt_url];
  context = await browser().newContext();
  await context.addCookies([{ name: "admin_session", value: token, url: `${base}/admin` }]);
}, 60_000);

afterAll(async () => {
  await context?.close();
});

/** The English receipt's lines of an online payment beyond what was owed (the text layer gives labels, then values). */
const CREDIT_LINES = ["Amount received", "EGP 3,000", "Applied to fees", "EGP 2,500", "Credit to refund", "EGP 500"];

describe("an online payment that brought in more than was owed", () => {
  it("the family's receipt prints on one A5 page with the order and what was received, applied and owed back", async () => {
    const ar = await printed(receiptUrl, "online-receipt-ar");
    expect(ar.size).toContain("(A5)");
    expect(ar.pages).toHaveLength(1);
    expect(ar.pages[0]).toContain(receiptNo);
    expect(ar.pages[0]).toContain(orderId);
    for (const figure of ["٣٬٠٠٠", "٢٬٥٠٠", "٥٠٠"]) expect(ar.pages[0]).toContain(figure);

    const en = await printed(`${receiptUrl}?lang=en`, "online-receipt-en");
    expect(en.pages).toHaveLength(1);
    expect(en.pages[0]).toContain(orderId);
    for (const line of [...CREDIT_LINES, "School bus"]) expect(en.pages[0]).toContain(line);
  });

  it("the console's receipt says the same, and the statement owes the credit back", async () => {
    const receipt = await printed(`/admin/print/receipts/${receiptNo}?lang=en`, "online-console-receipt-en");
    expect(receipt.pages).toHaveLength(1);
    for (const line of CREDIT_LINES) expect(receipt.pages[0]).toContain(line);
    const statement = await printed(`/admin/print/statements/${studentNo}?lang=en`, "online-statement-en");
    expect(statement.pages).toHaveLength(1);
    for (const line of ["Credit to refund", "EGP 500"]) expect(statement.pages[0]).toContain(line);
    expect(statement.pages[0]).toContain(orderId);
    expect(statement.pages[0]).toContain("To refund");
  });
});
