/**
 * Printed documents (docs/product.md#printing) on the empty school (`SEED_DEMO=0`), with the states built through
 * the API: three students of KG-2 with results for S2 of a year of the file's own (ownYear(): a term nobody else
 * uses, whatever the clock's year), a fee record with two
 * payments. Each document is printed to PDF by Chromium (`page.pdf`), then read with poppler: the page count and
 * size (pdfinfo), the text layer of each page (pdftotext: the right name, ID and numbers on the right page) and a
 * PNG of the first page in Arabic and English (pdftoppm), kept under PRINT_PNG_DIR for a person to look at; and the
 * console buttons that open them (Results: Print report cards; Fees: Statement, Reprint with the remembered width).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { fontsSettled } from "../support/browser";
import { ownYear } from "./admin-api";
import { consoleContext } from "./admin-session";
import { fileBrowser } from "./file-browser";
import { server } from "./server";
import { chooseOption } from "./select";

const base = server.emptyBaseUrl;
const browser = fileBrowser();
const OUT = process.env.PRINT_PNG_DIR ?? join(tmpdir(), `print-e2e-${process.pid}`);
/** S2 of a year of this file's own (set once signed in). */
const TERM = { academic_year_name: "", semester: "S2" as const };
const GRADE = "KG-2";
const run = String(Date.now() % 1e9).padStart(9, "0");
const no = (k: number) => `2${run}${String(9000 + k).padStart(4, "0")}`;
/** Created in this order; printed sorted by name (Arabic collation): Ahmad, Basma, Ziad. */
const STUDENTS = [
  { no: no(1), name: "زياد كريم حسن" },
  { no: no(2), name: "أحمد سمير فؤاد" },
  { no: no(3), name: "بسمة محمود رضا" },
];
const SORTED = [STUDENTS[1]!, STUDENTS[2]!, STUDENTS[0]!];

let context: BrowserContext;
let token: string;

async function api<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Prints `path` to a PDF file and returns its path, with the pages' text and the page size from pdfinfo. */
async function printed(path: string, name: string): Promise<{ file: string; pages: string[]; size: string }> {
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
  return { file, pages, size: /Page size:\s+([^\n]+)/.exec(info)?.[1] ?? "" };
}

/** Writes the first page as PNG (60 dpi) and checks it is a real image. */
function firstPagePng(file: string): void {
  const prefix = file.replace(/\.pdf$/, "");
  execFileSync("pdftoppm", ["-png", "-r", "60", "-f", "1", "-l", "1", "-singlefile", file, prefix]);
  expect(statSync(`${prefix}.png`).size).toBeGreaterThan(5_000);
}

/**
 * The words of a text as bags of letters: the text layer gives Arabic ligatures (لا، and the font's pairs such as
 * شر) with their two letters swapped, so a word is compared by its letters, not their order. Bidi marks separate.
 */
function wordBags(text: string): Set<string> {
  // Tanwīn before an alif comes out as a separate "ا": joined back to its word.
  const clean = text
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, " ")
    .replace(/[\u064b-\u065f\u0670]/g, "")
    .replace(/\s+ا(?=\s|$)/g, "ا");
  return new Set(
    clean
      .split(/[\s:،,()·/]+/)
      .filter(Boolean)
      .map((w) => [...w].sort().join("")),
  );
}

/** Whether every word of `phrase` is on the page. */
function shows(pageText: string, phrase: string): boolean {
  const bags = wordBags(pageText);
  return [...wordBags(phrase)].every((w) => bags.has(w));
}

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: "admin", password: inject("e2eAdminPassword") }),
  });
  token = ((await login.json()) as { token: string }).token;
  TERM.academic_year_name = await ownYear(token, base);
  for (const [k, s] of STUDENTS.entries()) {
    await api("POST", "/api/students", {
      student_no: s.no,
      full_name: s.name,
      nationality: "مصري",
      religion: null,
      current_grade: GRADE,
      building_no: 1,
      gender: k % 2 ? "male" : "female",
      is_active: true,
    });
    await api("POST", "/api/admin/results", {
      student_id: s.no,
      ...TERM,
      subject_scores: [
        { subject_name: "Mathematics", score: 90 - k * 20, max_score: 100 },
        { subject_name: "Art", score: 35.5, max_score: 50 },
      ],
    });
  }
  context = await browser().newContext();
  await context.addCookies([{ name: "admin_session", value: token, url: `${base}/admin` }]);
}, 60_000);

afterAll(async () => {
  await api("PUT", "/api/admin/results/publications", { ...TERM, is_published: false }).catch(() => undefined);
});

describe("print pages", () => {
  it("send a signed-out browser to the sign-in page and answer no-store without framework scripts", async () => {
    const signedOut = await fetch(`${base}/admin/print/statements/${STUDENTS[0]!.no}`, { redirect: "manual" });
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toMatch(/\/admin\/login$/);
    const res = await fetch(`${base}/admin/print/report-cards/1?lang=en`, {
      headers: { Cookie: `admin_session=${token}` },
    });
    expect(res.headers.get("cache-control")).toBe("no-store");
    const html = await res.text();
    expect(html).not.toMatch(/<script[^>]+src=|modulepreload|__reactRouter/);
    expect(html.match(/<script/g)?.length ?? 0).toBeLessThanOrEqual(1);
  });
});

describe("report cards", () => {
  it("withhold an unpublished term, then print it with drafts: a cover and one page per student by name", async () => {
    const q = `grade=${GRADE}&academic_year_name=${TERM.academic_year_name}&semester=${TERM.semester}`;
    const withheld = await printed(`/admin/print/report-cards?${q}`, "batch-withheld-ar");
    expect(withheld.pages).toHaveLength(1);
    expect(shows(withheld.pages[0]!, "لا توجد شهادات")).toBe(true);

    const drafts = await printed(`/admin/print/report-cards?${q}&include_drafts=1`, "batch-drafts-ar");
    expect(drafts.size).toContain("(A4)");
    expect(drafts.pages).toHaveLength(1 + STUDENTS.length);
    expect(shows(drafts.pages[0]!, "٣ شهادات")).toBe(true);
    SORTED.forEach((s, i) => {
      const text = drafts.pages[i + 1]!;
      expect(text).toContain(s.no);
      expect(shows(text, s.name)).toBe(true);
      expect(shows(text, "مسودة")).toBe(true);
    });
    firstPagePng(drafts.file);
  });

  it("print a published term without draft marks, in Arabic and English digits", async () => {
    await api("PUT", "/api/admin/results/publications", { ...TERM, is_published: true });
    const q = `grade=${GRADE}&academic_year_name=${TERM.academic_year_name}&semester=${TERM.semester}`;
    const ar = await printed(`/admin/print/report-cards?${q}`, "batch-ar");
    expect(ar.pages).toHaveLength(4);
    // Ahmad (k = 1): Mathematics 70/100 + Art 35.5/50 = 105.5/150 = 70.33 % → B+.
    expect(ar.pages[1]).toContain("١٠٥٫٥");
    expect(ar.pages[1]).toContain("٧٠٫٣٣");
    expect(ar.pages[1]).not.toMatch(/مسودة|DRAFT/);
    const en = await printed(`/admin/print/report-cards?${q}&lang=en`, "batch-en");
    expect(en.pages).toHaveLength(4);
    expect(en.pages[0]).toContain("3 report cards");
    expect(en.pages[1]).toContain("Student Report Card");
    expect(en.pages[1]).toMatch(/Total\s+105\.5\s+150\s+70\.33%\s+B\+/);
    expect(en.pages[3]).toContain(STUDENTS[0]!.no);
    firstPagePng(ar.file);
    firstPagePng(en.file);
  });
});

/** The receipts recorded for the first student, oldest first (filled by the receipts tests' setup). */
const recorded: string[] = [];

describe("receipts and statements", () => {
  const receiptNos = recorded;

  beforeAll(async () => {
    const s = STUDENTS[0]!.no;
    await api("POST", "/api/fees", { student_id: s, grade: GRADE, total_amount: 5000, paid_amount: 0 });
    for (const [i, amount] of [1250, 500.5].entries()) {
      const { payment } = await api<{ payment: { receipt_no: string } }>(
        "POST",
        `/api/fees/${s}/add-payment`,
        { payment_amount: amount },
        { "Idempotency-Key": `print-${run}-${i}` },
      );
      receiptNos.push(payment.receipt_no);
    }
  });

  it("print a receipt on A5 with the amount in Arabic words and the balance after it; a reprint says copy", async () => {
    const [first] = receiptNos;
    const ar = await printed(`/admin/print/receipts/${first}`, "receipt-ar");
    expect(ar.pages).toHaveLength(1);
    expect(ar.size).toContain("(A5)");
    expect(ar.pages[0]).toContain(first);
    expect(ar.pages[0]).toContain(STUDENTS[0]!.no);
    expect(shows(ar.pages[0]!, "ألف ومئتان وخمسون جنيهًا")).toBe(true);
    expect(ar.pages[0]).toContain("١٬٢٥٠"); // the amount
    expect(ar.pages[0]).toContain("٣٬٧٥٠"); // left after this payment (not after the later one)
    expect(shows(ar.pages[0]!, "نسخة")).toBe(false);
    firstPagePng(ar.file);

    const copy = await printed(`/admin/print/receipts/${first}?copy=1&width=80mm&lang=en`, "receipt-copy-en");
    expect(copy.pages).toHaveLength(1);
    expect(copy.size).toMatch(/^227/); // 80 mm wide
    expect(copy.pages[0]).toContain("COPY");
    expect(copy.pages[0]).toContain("EGP 1,250");
    expect(copy.pages[0]).toContain("EGP 3,750");
    firstPagePng(copy.file);
  });

  it("print a statement with every receipt and the balance", async () => {
    const ar = await printed(`/admin/print/statements/${STUDENTS[0]!.no}`, "statement-ar");
    expect(ar.pages).toHaveLength(1);
    for (const r of receiptNos) expect(ar.pages[0]).toContain(r);
    expect(ar.pages[0]).toContain("٣٬٢٤٩٫٥"); // 5000 − 1250 − 500.50
    firstPagePng(ar.file);
    const en = await printed(`/admin/print/statements/${STUDENTS[0]!.no}?lang=en`, "statement-en");
    expect(en.pages[0]).toContain("EGP 3,249.50");
    firstPagePng(en.file);
  });

  it("answer an unknown receipt with its reason, in the document's language", async () => {
    const res = await fetch(`${base}/admin/print/receipts/RCP-1999-2000-000001?lang=en`, {
      headers: { Cookie: `admin_session=${token}` },
    });
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Receipt not found");
  });
});

describe("console buttons", () => {
  it("open the batch from the Results page, and the reprint and statement from the payments dialog", async () => {
    const ctx = await consoleContext(browser(), token, "en", { viewport: { width: 1280, height: 900 } });
    await ctx.addCookies([{ name: "admin_session", value: token, url: `${base}/admin` }]);
    const page = await ctx.newPage();
    await page.goto(`${base}/admin/dashboard/results`);
    await page.getByRole("button", { name: "Print report cards" }).click();
    const dialog = page.getByRole("dialog", { name: "Print report cards" });
    for (const [label, option] of [
      ["Academic Year", TERM.academic_year_name],
      ["Semester", "Semester 2"],
      ["Language of the report cards", "English"],
    ]) {
      await chooseOption(dialog.getByLabel(label!, { exact: true }), option!);
    }
    // What the admin chose stays: the newest published term (another file's, found once the dialog opened) does not
    // replace it when its answer comes late.
    await expect
      .poll(() => dialog.getByLabel("Academic Year", { exact: true }).textContent())
      .toBe(TERM.academic_year_name);
    await expect.poll(() => dialog.getByLabel("Semester", { exact: true }).textContent()).toBe("Semester 2");
    const [batch] = await Promise.all([ctx.waitForEvent("page"), dialog.getByRole("link", { name: "Print" }).click()]);
    await batch.waitForLoadState();
    expect(new URL(batch.url()).search).toBe(
      `?academic_year_name=${TERM.academic_year_name}&semester=${TERM.semester}&lang=en`,
    );
    await expect(batch.title()).resolves.toMatch(/^Report cards · \d+ report cards? \| /);

    await page.goto(`${base}/admin/dashboard/fees`);
    await page.getByLabel("Search", { exact: true }).fill(STUDENTS[0]!.no);
    const row = page.getByRole("row").filter({ hasText: STUDENTS[0]!.no });
    await row.getByRole("button", { name: /^More actions for / }).click();
    await expect(page.getByRole("menuitem", { name: "Statement" }).getAttribute("href")).resolves.toBe(
      `/admin/print/statements/${STUDENTS[0]!.no}`,
    );
    await page.getByRole("menuitem", { name: "Payments" }).click();
    const payments = page.getByRole("dialog", { name: "Payments" });
    const reprint = payments.getByRole("link", { name: `Reprint ${recorded[0]}` });
    await expect(reprint.getAttribute("href")).resolves.toBe(`/admin/print/receipts/${recorded[0]}?copy=1`);
    await chooseOption(payments.getByLabel("Receipt width", { exact: true }), "80 mm thermal");
    await expect(reprint.getAttribute("href")).resolves.toBe(`/admin/print/receipts/${recorded[0]}?copy=1&width=80mm`);
    await expect(page.evaluate(() => localStorage.getItem("printReceiptWidth"))).resolves.toBe("80mm");
    await ctx.close();
  });
});
