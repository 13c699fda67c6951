/**
 * Benchmark 6, bulk import (docs/product.md#bulk-import): 5,000 new students written to an .xlsx, then
 * (a) in Node: reading the file with the console's own modules (readSheet + buildRows), the dry run and the commit over
 * HTTP, end to end; (b) the same 5,000 students' results × 8 subjects (a wide sheet), dry run and commit, and their fee
 * records with an opening payment each (the fee services' own per-record statements); (c) in
 * Chromium, the Students page's Import dialog given a second 5,000-student file: time from choosing the file to the
 * preview, and the longest main-thread task meanwhile (PerformanceObserver "longtask"; the parse runs in a Web Worker).
 * Errors: a dry run or commit that is not 200, a row that is not a create, records missing afterwards.
 */
import { sql } from "drizzle-orm";
import { utils, write } from "@e965/xlsx";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { students } from "../db/schema";
import { uniqueStudentNo } from "../test/support/selection-world";
import { FULL_CHROMIUM, launchBrowser } from "../test/support/browser";
import { readSheet } from "../web/features/import/admin/spreadsheet";
import { autoMapping, buildRows, tableFromCells } from "../web/features/import/admin/sheet-rows";
import { templateColumns, templateHeader } from "../web/features/import/admin/columns";
import type { BenchServer } from "./lib/server";
import { adminToken } from "./lib/server";
import { fig, type BenchResult } from "./lib/report";
import { clockYear } from "../test/support/clock-years";

const N = 5_000;
const SUBJECTS = [
  "Mathematics",
  "English",
  "Science",
  "History",
  "Geography",
  "Computer Science",
  "Art",
  "Physical Education",
];
const GRADES = ["Prep-1", "Prep-2", "Prep-3", "Primary-6"];

function studentsFile(file: string, prefix: string): string[] {
  const nos = Array.from({ length: N }, () => uniqueStudentNo());
  const rows = [
    templateColumns("students").map(templateHeader),
    ...nos.map((no, i) => [
      no,
      `${prefix} طالب ${i}`,
      "مصري",
      i % 3 ? "Muslim" : "Christian",
      GRADES[i % GRADES.length],
      (i % 6) + 1,
      i % 2 ? "أنثى" : "ذكر",
      "نشط",
    ]),
  ];
  const book = utils.book_new();
  utils.book_append_sheet(book, utils.aoa_to_sheet(rows), "Sheet1");
  writeFileSync(file, write(book, { type: "buffer", bookType: "xlsx" }));
  return nos;
}

const ms = (t0: number) => Math.round(performance.now() - t0);

export async function importBench(server: BenchServer): Promise<BenchResult> {
  const started = Date.now();
  const errors: string[] = [];
  const dir = mkdtempSync(join(tmpdir(), "bench-import-"));
  const token = await adminToken(server.url);
  const post = async (kind: string, body: unknown, key?: string) => {
    const t0 = performance.now();
    const res = await fetch(`${server.url}/api/admin/import/${kind}${key ? "" : "?dry_run=1"}`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${token}`,
        "Content-Type": "application/json",
        ...(key ? { "Idempotency-Key": key } : {}),
      },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { summary?: { create: number; errors: number } };
    if (res.status !== 200)
      errors.push(`${kind} ${key ? "commit" : "dry run"}: HTTP ${res.status} ${JSON.stringify(json).slice(0, 200)}`);
    else if (json.summary?.create !== N)
      errors.push(`${kind} ${key ? "commit" : "dry run"}: ${JSON.stringify(json.summary)}`);
    return ms(t0);
  };

  // (a) students: parse in Node with the console's modules, dry run, commit.
  const file = join(dir, "students.xlsx");
  const nos = studentsFile(file, "A");
  const t0 = performance.now();
  const read = readSheet(new Uint8Array(readFileSync(file)), "students.xlsx");
  const table = tableFromCells(read.cells);
  const built = buildRows("students", table, autoMapping("students", table.headers));
  const parseMs = ms(t0);
  const dryMs = await post("students", { rows: built.rows });
  const commitMs = await post("students", { rows: built.rows }, `bench-${Date.now()}`);
  const [count] = await server.db
    .select({ n: sql<number>`count(*)` })
    .from(students)
    .where(
      sql`${students.studentNo} IN (${sql.join(
        nos.slice(0, 500).map((n) => sql`${n}`),
        sql`, `,
      )})`,
    );
  if (Number(count?.n) !== 500) errors.push(`students missing after the commit: ${count?.n} of the first 500`);

  // (b) results: the same students × 8 subjects.
  const resultRows = nos.map((no, i) => ({
    student_id: no,
    subject_scores: SUBJECTS.map((s, j) => ({
      subject_name: s,
      score: String(((i + j) % 90) + 10 + (j % 2 ? 0.5 : 0)),
    })),
  }));
  const options = { academic_year_name: clockYear(-1), semester: "S1" };
  const resultsBodyBytes = JSON.stringify({ rows: resultRows, options }).length;
  const resultsDryMs = await post("results", { rows: resultRows, options });
  const resultsCommitMs = await post("results", { rows: resultRows, options }, `bench-r-${Date.now()}`);

  // Fee records for the same students, each with an opening payment: the fee services' per-record statements.
  const feeRows = nos.map((no, i) => ({
    student_id: no,
    grade: GRADES[i % GRADES.length],
    total_amount: 12_000,
    paid_amount: 1_000,
  }));
  const feesDryMs = await post("fees", { rows: feeRows });
  const feesCommitMs = await post("fees", { rows: feeRows }, `bench-f-${Date.now()}`);

  // (c) the dialog in Chromium: a second file of 5,000 new students.
  const file2 = join(dir, "students-2.xlsx");
  studentsFile(file2, "B");
  const browser = await launchBrowser(FULL_CHROMIUM);
  let browserMs: number | null = null;
  let longestTask: number | null = null;
  try {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    await context.addInitScript((tk) => {
      localStorage.setItem("adminToken", tk);
      localStorage.setItem("adminTokenExpiresAt", String(Date.now() + 3_600_000));
    }, token);
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/dashboard/students`);
    await page.getByTestId("import-students").click();
    const dialog = page.getByRole("dialog");
    await dialog.locator("input[type=file]").waitFor();
    await page.evaluate(() => {
      const w = window as unknown as { __longest: number };
      w.__longest = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__longest = Math.max(w.__longest, e.duration);
      }).observe({ type: "longtask" });
    });
    const t = performance.now();
    await dialog.locator("input[type=file]").setInputFiles(file2);
    await dialog.getByTestId("import-summary").waitFor({ timeout: 120_000 });
    browserMs = ms(t);
    longestTask = Math.round(await page.evaluate(() => (window as unknown as { __longest: number }).__longest));
  } finally {
    await browser.close();
  }

  return {
    name: "import",
    figures: [
      fig("5,000 students: read .xlsx (Node)", parseMs, "ms"),
      fig("5,000 students: dry run", dryMs, "ms", { op: "<=", value: 3_000 }),
      fig("5,000 students: commit", commitMs, "ms"),
      fig("5,000 students: read + dry run + commit", parseMs + dryMs + commitMs, "ms", { op: "<=", value: 10_000 }),
      fig("5,000 results × 8: dry run", resultsDryMs, "ms", { op: "<=", value: 3_000 }),
      fig("5,000 results × 8: dry run + commit", resultsDryMs + resultsCommitMs, "ms", { op: "<=", value: 10_000 }),
      fig("5,000 fee records with a first payment: dry run", feesDryMs, "ms", { op: "<=", value: 3_000 }),
      fig("5,000 fee records with a first payment: dry run + commit", feesDryMs + feesCommitMs, "ms", {
        op: "<=",
        value: 10_000,
      }),
      fig("dialog: file chosen → preview (5,000 rows)", browserMs, "ms"),
      fig("dialog: longest main-thread task meanwhile", longestTask, "ms", { op: "<=", value: 200 }),
    ],
    errors,
    details: { rows: N, subjects: SUBJECTS.length, resultsBodyBytes },
    seconds: (Date.now() - started) / 1000,
  };
}
