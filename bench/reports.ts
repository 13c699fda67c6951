/**
 * Benchmark `reports` (docs/product.md#reports): every Reports chart's query on a school group of 20,000 students with
 * three years of accounts, instalments, payments, results and messages (the demo's plus generated rows, written with
 * INSERT … SELECT over recursive CTEs straight to sqld). Each chart's service (its one aggregate statement and the
 * shaping) runs RUNS times from Node against sqld: p50 and p99 per chart, target p99 ≤ 300 ms; then the API answer
 * of each chart over HTTP through the built Worker (p99, no target: it adds the year's lookup and the Worker); then
 * the Reports page in Chromium at 4× CPU throttling, cold, at 1366 and 360 px: "usable" as bench/lib/reports-page.ts
 * defines it, target ≤ 2 s for the slowest of PAGE_RUNS loads. The generated rows go through the kept figures'
 * triggers like any write (docs/decisions/0044-reports-kept-figures.md).
 * Errors: an answer that is not 200, a chart whose figures do not cover the generated rows, a page never usable.
 */
import { createClient } from "@libsql/client";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import * as schema from "../db/schema";
import type { Db } from "../worker/db";
import { GRADES } from "../worker/lib/school-grades";
import { schoolDate } from "../worker/lib/fee-schedule";
import { collectionReport } from "../worker/services/reports/collection";
import { messagesReport } from "../worker/services/reports/messages";
import { overdueReport } from "../worker/services/reports/overdue";
import { marksDistribution, passRates } from "../worker/services/reports/results";
import { sourcesReport } from "../worker/services/reports/sources";
import { previousYearName, reportYear } from "../worker/services/reports/year";
import { fig, type BenchResult } from "./lib/report";
import { reportsUsable, type UsableLoad } from "./lib/reports-page";
import { adminToken, type BenchServer } from "./lib/server";
import { FULL_CHROMIUM, launchBrowser } from "../test/support/browser";

const TARGET = 20_000;
const RUNS = 40;
const HTTP_RUNS = 15;
/** Cold loads of the Reports page per width at 4× CPU throttling (target: usable ≤ 2 s, the slowest of them). */
const PAGE_RUNS = 5;
const PAGE_TARGET_MS = 2000;
const SUBJECTS = ["Mathematics", "Science", "English", "Arabic", "History", "Geography"];

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};
const nums = (n: number) => sql.raw(`WITH RECURSIVE k(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM k WHERE n < ${n})`);

/** The year `name` as a closed row in the default dates, unless it exists. */
async function ensureYear(db: Db, name: string) {
  const [a, b] = name.split("-");
  await db.run(sql`INSERT OR IGNORE INTO academic_years (name, start_date, end_date, term1_start, term1_end,
    term2_start, term2_end, state, closed_at) VALUES (${name}, ${`${a}-09-01`}, ${`${b}-08-31`}, ${`${a}-09-01`},
    ${`${b}-01-31`}, ${`${b}-02-01`}, ${`${b}-06-30`}, 'closed', ${new Date().toISOString()})`);
}

/** Students up to TARGET, and for each generated one in each year: an account, 3 instalments, 4 payments, 2 results
 * of 6 subjects, 3 messages. Returns the rows added per table. */
export async function grow(db: Db, years: string[]): Promise<Record<string, number>> {
  const [have] = await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM students`);
  const add = Math.max(0, TARGET - Number(have!.n));
  await db.run(sql`${nums(add)} INSERT INTO students (student_no, full_name, nationality, current_grade, building_no,
    gender) SELECT 'RP' || printf('%08d', n), 'طالب تقارير ' || n, 'مصري',
    json_extract(${sql.raw(`'[${GRADES.map((g) => `"${g}"`).join(",")}]'`)}, '$[' || (n % ${sql.raw(String(GRADES.length))}) || ']'),
    (n % 6) + 1, CASE WHEN n % 2 THEN 'female' ELSE 'male' END FROM k`);
  for (const y of years) {
    const start = `${y.slice(0, 4)}-09-01`;
    await db.run(sql`INSERT OR IGNORE INTO fee_records (student_id, academic_year_name, grade, total_piastres,
      paid_piastres) SELECT id, ${y}, current_grade, 1500000, 0 FROM students WHERE student_no GLOB 'RP*'`);
    const fees = sql`SELECT f.id AS id, f.student_id AS sid FROM fee_records f JOIN students s ON s.id = f.student_id
      WHERE f.academic_year_name = ${y} AND s.student_no GLOB 'RP*'`;
    await db.run(sql`${nums(3)} INSERT OR IGNORE INTO fee_instalments (fee_record_id, seq, line, no, due_date,
      amount_piastres, paid_piastres) SELECT f.id, k.n, 'مصروفات', k.n, date(${start}, '+' || (15 + (k.n - 1) * 90) || ' days'),
      500000, CASE WHEN k.n = 1 THEN 500000 WHEN k.n = 2 THEN (f.id % 5) * 100000 ELSE 0 END FROM (${fees}) f, k`);
    for (const kn of [1, 2, 3, 4])
      await db.run(sql`WITH k(n) AS (SELECT ${sql.raw(String(kn))}) INSERT INTO payments (fee_record_id, receipt_no, academic_year, sequence,
      amount_piastres, kind, paid_at, source, method, receipt_token)
      SELECT f.id, 'RCP-BENCH-' || ${y} || '-' || (f.id * 10 + k.n), 'BENCH-' || ${y}, f.id * 10 + k.n,
        100000 + (f.id % 7) * 10000, 'payment',
        strftime('%Y-%m-%dT%H:%M:%fZ', ${start}, '+' || ((k.n - 1) * 75 + f.id % 60) || ' days', '+' || (6 + f.id % 10) || ' hours'),
        CASE WHEN f.id % 4 = 0 THEN 'online' ELSE 'desk' END,
        CASE WHEN f.id % 4 = 0 THEN json_extract('["card","wallet","kiosk"]', '$[' || (f.id / 4 % 3) || ']') END,
        hex(randomblob(16))
      FROM (${fees}) f, k`);
    for (const sem of ["S1", "S2"])
      await db.run(sql`INSERT OR IGNORE INTO results (student_id, academic_year_name, semester, grade)
        SELECT id, ${y}, ${sem}, current_grade FROM students WHERE student_no GLOB 'RP*'`);
    // A quarter of the year's results a statement: each mark also moves the kept figures (its triggers).
    for (let kn = 1; kn <= SUBJECTS.length; kn++)
      for (let part = 0; part < 4; part++)
        await db.run(sql`WITH k(n) AS (SELECT ${sql.raw(String(kn))}) INSERT INTO result_subject_scores (result_id, position, subject_name,
      score_hundredths, max_score_hundredths, absent)
      SELECT r.id, k.n, json_extract(${JSON.stringify(SUBJECTS)}, '$[' || (k.n - 1) || ']'),
        CASE WHEN (r.id + k.n) % 53 = 0 THEN NULL ELSE ((r.id * 37 + k.n * 101) % 71 + 30) * 100 END, 10000,
        CASE WHEN (r.id + k.n) % 53 = 0 THEN 1 ELSE 0 END
      FROM results r JOIN students s ON s.id = r.student_id, k
      WHERE r.academic_year_name = ${y} AND s.student_no GLOB 'RP*' AND r.id % 4 = ${sql.raw(String(part))}`);
    for (const kn of [1, 2, 3])
      await db.run(sql`WITH k(n) AS (SELECT ${sql.raw(String(kn))}) INSERT OR IGNORE INTO messages (msg_key, kind, student_id, channel, to_phone, language,
      template, body, status, day)
      SELECT 'bench:' || ${y} || ':' || f.sid || ':' || k.n, 'instalment_due', f.sid,
        CASE WHEN f.id % 3 = 0 THEN 'sms' ELSE 'whatsapp' END, '+201000000000', 'ar', 't', 'b',
        json_extract('["queued","sent","delivered","read","failed"]', '$[' || ((f.id + k.n) % 5) || ']'),
        date(${start}, '+' || ((k.n - 1) * 100 + f.id % 90) || ' days')
      FROM (${fees}) f, k`);
  }
  const count = async (table: string) =>
    Number((await db.all<{ n: number }>(sql.raw(`SELECT count(*) AS n FROM ${table}`)))[0]!.n);
  const out: Record<string, number> = { added_students: add };
  for (const t of [
    "students",
    "fee_records",
    "fee_instalments",
    "payments",
    "results",
    "result_subject_scores",
    "messages",
  ])
    out[t] = await count(t);
  return out;
}

export async function reportsBench(server: BenchServer): Promise<BenchResult> {
  const started = Date.now();
  const errors: string[] = [];
  const client = createClient({ url: server.libsqlUrl });
  const db = drizzle(client, { schema }) as unknown as Db;
  const y = await reportYear(db, undefined);
  const years = [previousYearName(y.previous), y.previous, y.name];
  for (const name of years) await ensureYear(db, name);
  const t0 = performance.now();
  const rows = await grow(db, years);
  const growMs = Math.round(performance.now() - t0);
  const today = schoolDate(new Date());
  const charts: Record<string, () => Promise<unknown>> = {
    collection: () => collectionReport(db, y, today),
    overdue: () => overdueReport(db, y, today),
    sources: () => sourcesReport(db, y),
    "results: marks": () => marksDistribution(db, y, 50),
    "results: pass rates": () => passRates(db, y, 50),
    messages: () => messagesReport(db, y),
  };
  const figures = [];
  const times: Record<string, { p50: number; p99: number }> = {};
  for (const [name, run] of Object.entries(charts)) {
    await run();
    const ts: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const a = performance.now();
      await run();
      ts.push(performance.now() - a);
    }
    times[name] = { p50: Math.round(pct(ts, 50)), p99: Math.round(pct(ts, 99)) };
    figures.push(fig(`${name}: p50`, times[name].p50, "ms"));
    figures.push(fig(`${name}: p99`, times[name].p99, "ms", { op: "<=", value: 300 }));
  }
  const marks = (await marksDistribution(db, y, 50)) as { present: number; absent: number }[];
  const scored = marks.reduce((n, s) => n + s.present + s.absent, 0);
  if (scored < TARGET * 2 * SUBJECTS.length * 0.9) errors.push(`marks: ${scored} scores charted`);
  client.close();

  const token = await adminToken(server.url);
  for (const path of ["collection", "overdue", "sources", "results", "messages"]) {
    const ts: number[] = [];
    for (let i = 0; i < HTTP_RUNS; i++) {
      const a = performance.now();
      const res = await fetch(`${server.url}/api/admin/reports/${path}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      await res.text();
      ts.push(performance.now() - a);
      if (res.status !== 200) errors.push(`GET /api/admin/reports/${path}: HTTP ${res.status}`);
    }
    figures.push(fig(`HTTP /api/admin/reports/${path}: p99`, Math.round(pct(ts, 99)), "ms"));
  }
  const page = await pageLoads(server.url, token, figures, errors);
  return {
    name: "reports",
    figures: [fig("generating the data", growMs, "ms"), ...figures],
    errors,
    details: { rows, years, times, page },
    seconds: (Date.now() - started) / 1000,
  };
}

/** The Reports page's usable time at 4× CPU (bench/lib/reports-page.ts): PAGE_RUNS cold loads at 1366 and 360 px. */
async function pageLoads(url: string, token: string, figures: BenchResult["figures"], errors: string[]) {
  const browser = await launchBrowser(FULL_CHROMIUM);
  const out: Record<string, UsableLoad[]> = {};
  try {
    for (const width of [1366, 360]) {
      const loads: UsableLoad[] = [];
      for (let i = 0; i < PAGE_RUNS; i++) {
        try {
          loads.push(await reportsUsable(browser, url, token, width));
        } catch (err) {
          errors.push(`Reports page at ${width} px: ${(err as Error).message.split("\n")[0]}`);
        }
      }
      out[width] = loads;
      if (!loads.length) continue;
      const usable = loads.map((l) => l.usableMs);
      figures.push(fig(`page ${width} px, 4× CPU: usable median`, pct(usable, 50), "ms"));
      figures.push(
        fig(`page ${width} px, 4× CPU: usable slowest`, Math.max(...usable), "ms", { op: "<=", value: PAGE_TARGET_MS }),
      );
      figures.push(
        fig(
          `page ${width} px, 4× CPU: hydrated median`,
          pct(
            loads.map((l) => l.hydratedMs),
            50,
          ),
          "ms",
        ),
      );
    }
  } finally {
    await browser.close();
  }
  return out;
}
