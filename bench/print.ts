/**
 * Benchmark 6, printing (docs/product.md#printing): a batch of 300 report cards. Setup inserts 300 generated
 * students of Primary-4 with an 8-subject result each for S1 of next year (by the clock; a term the demo data does
 * not use) and publishes the term. Then `/admin/print/report-cards?grade=Primary-4&academic_year_name=…&semester=S1` with
 * the admin's session cookie:
 * - server: time to the whole HTML (and to its first byte), median of 5 after one warm-up request;
 * - Chromium: navigation start → `load` and `document.fonts.ready` (the first page can be printed: the document,
 *   the logo and the Cairo fonts are in), median of 3 cold loads in fresh contexts; then `page.pdf()` of the whole
 *   document, its page count (1 cover + 300) for correctness, and the time it took.
 * Errors: any status other than 200, or a page count other than 301.
 */
import { performance } from "node:perf_hooks";
import { results, resultSubjectScores, students } from "../db/schema";
import { FAMILY_NAMES, FEMALE_FIRST_NAMES, MALE_FIRST_NAMES } from "../scripts/seed/data/names";
import { FULL_CHROMIUM, launchBrowser } from "../test/support/browser";
import { uniqueStudentNo } from "../test/support/selection-world";
import { median } from "./lib/load";
import { fig, type BenchResult } from "./lib/report";
import { adminToken, type BenchServer } from "./lib/server";
import { clockYear } from "../test/support/clock-years";

const CARDS = 300;
const TERM = { academic_year_name: clockYear(1), semester: "S1" } as const;
const GRADE = "Primary-4";
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
const PATH = `/admin/print/report-cards?grade=${GRADE}&academic_year_name=${TERM.academic_year_name}&semester=${TERM.semester}`;
const pick = <T>(list: readonly T[], i: number) => list[i % list.length]!;

/** 300 students with one result each (8 subjects, marks with halves), inserted in batches of 100. */
async function generate(server: BenchServer): Promise<void> {
  for (let i = 0; i < CARDS; i += 100) {
    const rows = Array.from({ length: 100 }, (_, j) => {
      const k = i + j;
      const female = k % 2 === 1;
      const name = `${pick(female ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES, k * 7)} ${pick(MALE_FIRST_NAMES, k * 13 + 5)} ${pick(FAMILY_NAMES, k * 31 + 3)}`;
      return {
        studentNo: uniqueStudentNo(),
        fullName: name,
        nationality: "Egyptian",
        religion: "Muslim",
        currentGrade: GRADE,
        buildingNo: 1,
        gender: (female ? "female" : "male") as "male" | "female",
      };
    });
    const inserted = await server.db.insert(students).values(rows).returning({ id: students.id });
    const made = await server.db
      .insert(results)
      .values(
        inserted.map((s) => ({
          studentId: s.id,
          academicYearName: TERM.academic_year_name,
          semester: TERM.semester,
          grade: GRADE,
        })),
      )
      .returning({ id: results.id });
    await server.db.insert(resultSubjectScores).values(
      made.flatMap((r, j) =>
        SUBJECTS.map((subject, position) => ({
          resultId: r.id,
          position,
          subjectName: subject,
          scoreHundredths: (((i + j) * 37 + position * 11) % 8_900) + 1_000 + (position % 2) * 50,
          maxScoreHundredths: 10_000,
        })),
      ),
    );
  }
}

/** One request of the batch: time to the first byte and to the whole body (ms), and the body's size. */
async function timedGet(
  url: string,
  token: string,
): Promise<{ status: number; ttfb: number; total: number; bytes: number }> {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { Cookie: `admin_session=${token}` } });
  const ttfb = performance.now() - t0;
  const body = await res.arrayBuffer();
  return { status: res.status, ttfb, total: performance.now() - t0, bytes: body.byteLength };
}

export async function print(server: BenchServer): Promise<BenchResult> {
  const started = Date.now();
  const errors: string[] = [];
  const token = await adminToken(server.url);
  await generate(server);
  const pub = await fetch(`${server.url}/api/admin/results/publications`, {
    method: "PUT",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ ...TERM, is_published: true }),
  });
  if (!pub.ok) throw new Error(`publishing answered ${pub.status}`);

  const url = `${server.url}${PATH}`;
  const first = await timedGet(url, token);
  const runs = [];
  for (let i = 0; i < 5; i++) runs.push(await timedGet(url, token));
  for (const r of [first, ...runs]) if (r.status !== 200) errors.push(`the batch answered ${r.status}`);

  const browser = await launchBrowser(FULL_CHROMIUM);
  const loads: number[] = [];
  let pdfMs: number | null = null;
  let pages = 0;
  try {
    for (let i = 0; i < 3; i++) {
      const context = await browser.newContext();
      await context.addCookies([{ name: "admin_session", value: token, url: `${server.url}/admin` }]);
      const page = await context.newPage();
      const res = await page.goto(url, { waitUntil: "load" });
      if (res?.status() !== 200) errors.push(`Chromium got ${res?.status()}`);
      await page.evaluate(() => document.fonts.ready);
      loads.push(await page.evaluate(() => performance.now()));
      if (i === 2) {
        const t0 = performance.now();
        const pdf = await page.pdf({ preferCSSPageSize: true });
        pdfMs = performance.now() - t0;
        pages = (pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g) ?? []).length;
        if (pages !== CARDS + 1) errors.push(`the PDF has ${pages} pages, not ${CARDS + 1}`);
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }

  return {
    name: "6 Printing",
    figures: [
      fig(`${CARDS} report cards: whole HTML on the server, median of 5`, median(runs.map((r) => r.total)), "ms", {
        op: "<=",
        value: 2_000,
      }),
      fig("first request (cold isolate) whole HTML", first.total, "ms"),
      fig("time to first byte, median", median(runs.map((r) => r.ttfb)), "ms"),
      fig("HTML size", runs[0]!.bytes / 1024, "KB"),
      fig("first page printable in Chromium (load + fonts), median of 3 cold loads", median(loads), "ms", {
        op: "<=",
        value: 5_000,
      }),
      fig(`whole PDF (${pages} pages) printed by Chromium`, pdfMs, "ms"),
    ],
    errors,
    details: { serverRuns: runs, firstRequest: first, chromiumLoadsMs: loads, pdfPages: pages },
    seconds: (Date.now() - started) / 1000,
  };
}
