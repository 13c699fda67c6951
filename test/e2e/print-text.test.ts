/**
 * What a saved PDF gives back (docs/product.md#printing, docs/decisions/0031-print-font.md), on the empty school:
 * 40 students of Prep-1 whose names carry the letter pairs Cairo's text layer broke (لا، لأ، صط، سي، ...), each with
 * a published result for S1 of an upcoming year of its own (a term no other file uses), printed as one batch by Chromium (`page.pdf`).
 * - the text layer (pdftotext) holds every student's name and every fixed label of the report card verbatim;
 * - every font in the PDF is the self-hosted print font (pdffonts), IDs included: no system monospace;
 * - letter grades read "B+" in Arabic cards, never "+B" (grade column, total row, overall, scale line), and each
 *   letter of the scale sits next to its range as written ("A+ من ٩٠٪"); the year reads in order (e.g. "٢٠٢٧–٢٠٢٨"), not reversed;
 * - a receipt's amount in words reads "جنيهًا" whole;
 * - a receipt names its fee lines in the document's language;
 * - the public result card with all 14 subjects prints on one A4 page (pdfinfo), in Arabic and English.
 * PNGs of the first card in both languages are kept under PRINT_PNG_DIR for a person to look at.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { RESULT_SUBJECTS } from "@worker/lib/subjects";
import arPrint from "~/i18n/ar/print";
import { SUBJECT_NAMES } from "~/i18n/subjects";
import { fontsSettled } from "../support/browser";
import { fileBrowser } from "./file-browser";
import { server } from "./server";
import { clockYearStart } from "../support/clock-years";

const base = server.emptyBaseUrl;
const browser = fileBrowser();
const OUT = process.env.PRINT_PNG_DIR ?? join(tmpdir(), `print-text-${process.pid}`);
/**
 * A year of this file's own, created here: after the newest, and at least two after the current one, never the
 * rollover's next year (whose undo a result would refuse); the years between are created too (years come in order).
 */
async function upcomingYear(): Promise<string> {
  const list = await api<{ current: string; years: Array<{ name: string }> }>("GET", "/api/admin/academic-years");
  const first = (name: string) => Number(name.slice(0, 4));
  let newest = Math.max(...list.years.map((y) => first(y.name)));
  const target = Math.max(newest + 1, first(list.current) + 2);
  for (; newest < target; newest++)
    await api("POST", "/api/admin/academic-years", { name: `${newest + 1}-${newest + 2}` });
  return `${target}-${target + 1}`;
}

/** A term no other file uses: S1 of an upcoming year of this file's own (set once signed in). */
let TERM: { academic_year_name: string; semester: "S1" };
const GRADE = "Prep-1";
const run = String(Date.now() % 1e8).padStart(8, "0");
const FIRST = ["أحمد", "علاء", "بلال", "صلاح", "إسلام", "مصطفى", "عبد الرحمن", "يوسف", "خالد", "شريف"];
const FEMALE = ["هالة", "سلمى", "فاطمة", "ليلى", "نور الهدى", "آلاء", "إيمان", "رحاب", "تسنيم", "لمياء"];
const FAMILY = ["عبد الله", "الشربيني", "فؤاد", "المصري", "عبد الفتاح", "الأنصاري", "سليمان", "البلتاجي"];
const STUDENTS = Array.from({ length: 40 }, (_, i) => ({
  no: `3${run}${String(1000 + i).padStart(5, "0")}`,
  name: `${(i % 2 ? FEMALE : FIRST)[i % 10]} ${FIRST[(i * 7 + 3) % 10]} ${FAMILY[i % 8]}`,
}));
/** All 14 subjects; scores giving A+, A, B+, B, ... so every letter of the scale is printed. */
const SUBJECTS = RESULT_SUBJECTS.map((subject_name, k) => ({
  subject_name,
  score: 98 - k * 4,
  max_score: 100,
}));

let context: BrowserContext;
let token: string;

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** pdftotext's text without the embedding marks it adds around each run of one direction (U+202A-U+202C). */
const logical = (text: string) => text.replace(/[\u202a-\u202e]/g, "").replace(/\s+/g, " ");

/** Saves `page` as PDF: its path, the text of each page (pdftotext), the page count (pdfinfo) and fonts (pdffonts). */
async function savePdf(page: Page, name: string) {
  await fontsSettled(page);
  const file = join(OUT, `${name}.pdf`);
  await page.pdf({ path: file, preferCSSPageSize: true, printBackground: true });
  const count = Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [file]).toString())?.[1]);
  const pages = Array.from({ length: count }, (_, i) =>
    execFileSync("pdftotext", ["-f", String(i + 1), "-l", String(i + 1), file, "-"])
      .toString()
      .replace(/\s+/g, " "),
  );
  // pdffonts: two header lines, then one font a line; its name is the first column ("ABCDEF+Amiri-Bold").
  const fonts = execFileSync("pdffonts", [file])
    .toString()
    .split("\n")
    .slice(2)
    .filter(Boolean)
    .map((l) => l.split(/\s+/)[0]!.replace(/^[A-Z]{6}\+/, ""));
  return { file, pages, fonts };
}

async function printed(path: string, name: string) {
  const page = await context.newPage();
  const res = await page.goto(`${base}${path}`);
  expect(res?.status()).toBe(200);
  const pdf = await savePdf(page, name);
  await page.close();
  return pdf;
}

/** The first page as a PNG (90 dpi) beside the PDF, for a person to look at. */
function png(file: string, pageNo = 1): void {
  execFileSync("pdftoppm", [
    "-png",
    "-r",
    "90",
    "-f",
    String(pageNo),
    "-l",
    String(pageNo),
    "-singlefile",
    file,
    file.replace(/\.pdf$/, ""),
  ]);
}

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: "admin", password: inject("e2eAdminPassword") }),
  });
  token = ((await login.json()) as { token: string }).token;
  TERM = { academic_year_name: await upcomingYear(), semester: "S1" };
  for (const [k, s] of STUDENTS.entries()) {
    await api("POST", "/api/students", {
      student_no: s.no,
      full_name: s.name,
      nationality: "مصري",
      current_grade: GRADE,
      building_no: 1,
      gender: k % 2 ? "female" : "male",
      is_active: true,
    });
    await api("POST", "/api/admin/results", {
      student_id: s.no,
      ...TERM,
      subject_scores: k === 0 ? SUBJECTS : SUBJECTS.slice(k % 5, (k % 5) + 4),
    });
  }
  await api("PUT", "/api/admin/results/publications", { ...TERM, is_published: true });
  context = await browser().newContext();
  await context.addCookies([{ name: "admin_session", value: token, url: `${base}/admin` }]);
}, 120_000);

afterAll(async () => {
  await api("PUT", "/api/admin/results/publications", { ...TERM, is_published: false }).catch(() => undefined);
});

describe("a saved batch of report cards", () => {
  it("gives back every name and fixed label verbatim, in the print font only, with letter grades as written", async () => {
    const q = `grade=${GRADE}&academic_year_name=${TERM.academic_year_name}&semester=${TERM.semester}`;
    const ar = await printed(`/admin/print/report-cards?${q}`, "batch-ar");
    expect(ar.pages).toHaveLength(1 + STUDENTS.length);
    const text = ar.pages.join("\n");
    const missing = STUDENTS.filter((s) => !text.includes(s.name)).map((s) => s.name);
    expect(missing, `${STUDENTS.length - missing.length} of ${STUDENTS.length} names found`).toEqual([]);
    const t = arPrint.reportCard;
    const labels = [
      ...[t.title, t.student, t.grade, t.academicYear, t.subject, t.score, t.max, t.percentage, t.letter, t.total],
      ...[t.overall, t.remarks, t.classTeacher, t.principal, t.signature, t.scale],
      ...RESULT_SUBJECTS.map((s) => SUBJECT_NAMES.ar[s]),
      "الصف الأول الإعدادي",
      "الفصل الدراسي الأول",
    ];
    const card = ar.pages.find((p) => p.includes(STUDENTS[0]!.no))!;
    expect(labels.filter((l) => !card.includes(l))).toEqual([]);
    // One family: the print font, both weights, for every character (IDs were DejaVu Sans Mono).
    expect(new Set(ar.fonts.map((f) => f.replace(/-(Regular|Bold)$/, "")))).toEqual(new Set(["Amiri"]));
    // 98 % → A+ … B+: written as the scale writes them, never "+A" / "+B".
    expect(card).toMatch(/A\+/);
    expect(card).toMatch(/B\+/);
    expect(card).not.toMatch(/(^|[^A-F])\+[A-F]/);
    // Before, pdftotext read "سلم التقديرات A+ :من B+ ٪٩٠من …" and the year "٢٠٢٨–٢٠٢٧".
    const read = logical(card);
    // pdftotext puts the space beside a Latin run on its other side ("A+من"): the order is what is checked.
    const tight = read.replace(/ /g, "");
    for (const item of ["A+ من ٩٠٪؛", "A من ٨٠٪؛", "B+ من ٧٠٪؛", "D من ٤٠٪؛", "F أقل من ٤٠٪"])
      expect(tight).toContain(item.replace(/ /g, ""));
    expect(tight).toContain("التقديرالعامB+بنسبة٧٢٪");
    const [y1, y2] = TERM.academic_year_name.split("-").map((y) => y.replace(/\d/g, (d) => "٠١٢٣٤٥٦٧٨٩"[Number(d)]!));
    expect(read).toContain(`${y1}–${y2}`);
    expect(read).not.toContain(`${y2}–${y1}`);
    png(ar.file, 2);

    const en = await printed(`/admin/print/report-cards?${q}&lang=en`, "batch-en");
    expect(new Set(en.fonts.map((f) => f.replace(/-(Regular|Bold)$/, "")))).toEqual(new Set(["Amiri"]));
    const enText = en.pages.join("\n");
    expect(STUDENTS.filter((s) => !enText.includes(s.name))).toEqual([]);
    png(en.file, 2);
  });
});

describe("a receipt", () => {
  it("names its fee lines in the document's language", async () => {
    const s = STUDENTS[1]!.no;
    await api("POST", "/api/fees", { student_id: s, grade: GRADE, total_amount: 3000, paid_amount: 0 });
    await api("PUT", `/api/fees/${s}/schedule`, {
      instalments: [
        { line: "الرسوم الدراسية", line_en: "Tuition", due_date: `${clockYearStart(1)}-10-01`, amount: 2000 },
        { line: "الكتب", line_en: "Books", due_date: `${clockYearStart(1)}-10-01`, amount: 1000 },
      ],
    });
    const { payment } = await api<{ payment: { receipt_no: string } }>("POST", `/api/fees/${s}/add-payment`, {
      payment_amount: 3000,
    });
    const ar = await printed(`/admin/print/receipts/${payment.receipt_no}`, "receipt-lines-ar");
    expect(ar.pages[0]).toContain("الرسوم الدراسية");
    expect(ar.pages[0]).toContain("الكتب");
    expect(ar.pages[0]).not.toMatch(/Tuition|Books/);
    const en = await printed(`/admin/print/receipts/${payment.receipt_no}?lang=en`, "receipt-lines-en");
    expect(en.pages[0]).toMatch(/Tuition/);
    expect(en.pages[0]).toMatch(/Books/);
    png(ar.file);
    png(en.file);
  });

  it("gives back the amount in words whole, tanwīn included", async () => {
    const s = STUDENTS[3]!.no;
    await api("POST", "/api/fees", { student_id: s, grade: GRADE, total_amount: 1250, paid_amount: 0 });
    const { payment } = await api<{ payment: { receipt_no: string } }>("POST", `/api/fees/${s}/add-payment`, {
      payment_amount: 1250,
    });
    const ar = await printed(`/admin/print/receipts/${payment.receipt_no}`, "receipt-words-ar");
    // Before, pdftotext read "جنيًها" (the mark before the letter carrying it).
    expect(logical(ar.pages[0]!)).toContain("فقط ألف ومئتان وخمسون جنيهًا لا غير");
    expect(logical(ar.pages[0]!)).toContain(payment.receipt_no);
    png(ar.file);
  });
});

describe("the public result card", () => {
  it.each(["ar", "en"] as const)("with 14 subjects prints on one A4 page (%s)", async (lang) => {
    const ctx = await browser().newContext({ viewport: { width: 1366, height: 900 } });
    await ctx.addCookies([{ name: "lang", value: lang, url: base }]);
    const page = await ctx.newPage();
    await page.goto(`${base}/results`);
    await page.locator("#national-id").fill(STUDENTS[0]!.no);
    await page.getByRole("button", { name: lang === "ar" ? "بحث" : "Search" }).click();
    await page.locator("article[data-result-card]").first().waitFor();
    await page.emulateMedia({ media: "print" });
    const pdf = await savePdf(page, `public-card-${lang}`);
    await ctx.close();
    expect(pdf.pages).toHaveLength(1);
    png(pdf.file);
  });
});
