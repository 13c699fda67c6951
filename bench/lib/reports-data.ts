/**
 * The data set of benchmark `reports` (bench/reports.ts): the demo school grown to TARGET students, each generated
 * one with, in each year, an account, 3 instalments, 4 receipts, 2 results of 6 subjects and 3 messages, written
 * with INSERT … SELECT over recursive CTEs straight to sqld. The rows go through the kept figures' triggers like any
 * write (docs/decisions/0044-reports-kept-figures.md).
 *
 * Every statement writes one slice of at most SLICE accounts (or results): one statement over all 20,000 accounts
 * held sqld's write lock for 3.5 s at a load of 4, longer under more, and sqld 0.24 rolls back, or jams behind, a
 * write that holds the lock for 5 s while another waits (docs/decisions/0050-sqld-write-lock-budget.md). The
 * supervisor's probe waits behind each of them; back to back, they once got a healthy sqld killed mid-load.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../worker/db";
import { GRADES } from "../../worker/lib/school-grades";

export const TARGET = 20_000;
export const SUBJECTS = ["Mathematics", "Science", "English", "Arabic", "History", "Geography"];
/** Accounts (or results) per statement: at most 0.65 s of sqld's write lock on this 2-core machine at a load of 4-6. */
export const SLICE = 1_000;
/** The longest a generating statement may hold the write lock: a fifth of sqld's 5 s lock-stealing timeout. */
export const WRITE_BUDGET_MS = 1_000;

const nums = (n: number) => sql.raw(`WITH RECURSIVE k(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM k WHERE n < ${n})`);
const k = (n: number) => sql.raw(`WITH k(n) AS (SELECT ${n})`);

/** The year `name` as a closed row in the default dates, unless it exists. */
export async function ensureYear(db: Db, name: string) {
  const [a, b] = name.split("-");
  await db.run(sql`INSERT OR IGNORE INTO academic_years (name, start_date, end_date, term1_start, term1_end,
    term2_start, term2_end, state, closed_at) VALUES (${name}, ${`${a}-09-01`}, ${`${b}-08-31`}, ${`${a}-09-01`},
    ${`${b}-01-31`}, ${`${b}-02-01`}, ${`${b}-06-30`}, 'closed', ${new Date().toISOString()})`);
}

/** What generating the data cost: rows per table, and the longest statement (ms, as the client waited for it). */
export interface Grown {
  rows: Record<string, number>;
  statements: number;
  longestWriteMs: number;
  longestWrite: string;
}

/** Students up to TARGET and their years (above), SLICE accounts or results a statement. */
export async function grow(db: Db, years: string[]): Promise<Grown> {
  const out: Grown = { rows: {}, statements: 0, longestWriteMs: 0, longestWrite: "" };
  const run = async (what: string, query: SQL) => {
    const a = performance.now();
    await db.run(query);
    const ms = Math.round(performance.now() - a);
    out.statements++;
    if (ms > out.longestWriteMs) Object.assign(out, { longestWriteMs: ms, longestWrite: what });
  };
  /** Runs `slice(lo, hi)` over [min, max] of `ids` (a query answering min and max) in steps of SLICE. */
  const sliced = async (ids: SQL, slice: (lo: number, hi: number) => Promise<void>) => {
    const [r] = await db.all<{ lo: number | null; hi: number | null }>(ids);
    if (r?.lo == null || r.hi == null) return;
    for (let lo = Number(r.lo); lo <= Number(r.hi); lo += SLICE) await slice(lo, lo + SLICE - 1);
  };
  const [have] = await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM students`);
  const add = Math.max(0, TARGET - Number(have!.n));
  const grades = sql.raw(`'[${GRADES.map((g) => `"${g}"`).join(",")}]'`);
  for (let from = 1; from <= add; from += SLICE)
    await run(
      "students",
      sql`${nums(Math.min(add, from + SLICE - 1))} INSERT INTO students (student_no, full_name, nationality,
      current_grade, building_no, gender) SELECT 'RP' || printf('%08d', n), 'طالب تقارير ' || n, 'مصري',
      json_extract(${grades}, '$[' || (n % ${sql.raw(String(GRADES.length))}) || ']'), (n % 6) + 1,
      CASE WHEN n % 2 THEN 'female' ELSE 'male' END FROM k WHERE n >= ${from}`,
    );
  const generated = sql`SELECT min(id) AS lo, max(id) AS hi FROM students WHERE student_no GLOB 'RP*'`;
  for (const y of years) {
    const start = `${y.slice(0, 4)}-09-01`;
    await sliced(generated, (lo, hi) =>
      run(
        "accounts",
        sql`INSERT OR IGNORE INTO fee_records (student_id, academic_year_name, grade, total_piastres, paid_piastres)
        SELECT id, ${y}, current_grade, 1500000, 0 FROM students
        WHERE student_no GLOB 'RP*' AND id BETWEEN ${lo} AND ${hi}`,
      ),
    );
    const fees = (lo: number, hi: number) => sql`SELECT f.id AS id, f.student_id AS sid FROM fee_records f
      JOIN students s ON s.id = f.student_id
      WHERE f.academic_year_name = ${y} AND s.student_no GLOB 'RP*' AND f.id BETWEEN ${lo} AND ${hi}`;
    const feeIds = sql`SELECT min(f.id) AS lo, max(f.id) AS hi FROM fee_records f JOIN students s
      ON s.id = f.student_id WHERE f.academic_year_name = ${y} AND s.student_no GLOB 'RP*'`;
    await sliced(feeIds, async (lo, hi) => {
      await run("instalments", instalments(start, fees(lo, hi)));
      for (const n of [1, 2, 3, 4]) await run(`receipts (${n} of 4)`, receipts(y, start, n, fees(lo, hi)));
      for (const n of [1, 2, 3]) await run(`messages (${n} of 3)`, messages(y, start, n, fees(lo, hi)));
    });
    for (const sem of ["S1", "S2"])
      await sliced(generated, (lo, hi) =>
        run(
          "results",
          sql`INSERT OR IGNORE INTO results (student_id, academic_year_name, semester, grade)
          SELECT id, ${y}, ${sem}, current_grade FROM students
          WHERE student_no GLOB 'RP*' AND id BETWEEN ${lo} AND ${hi}`,
        ),
      );
    const resultIds = sql`SELECT min(r.id) AS lo, max(r.id) AS hi FROM results r JOIN students s
      ON s.id = r.student_id WHERE r.academic_year_name = ${y} AND s.student_no GLOB 'RP*'`;
    // Each mark also moves the kept figures (its triggers).
    await sliced(resultIds, async (lo, hi) => {
      for (let n = 1; n <= SUBJECTS.length; n++) await run(`marks (subject ${n})`, marks(y, n, lo, hi));
    });
  }
  for (const t of ["students", "fee_records", "fee_instalments", "payments", "results", "result_subject_scores"])
    out.rows[t] = await count(db, t);
  out.rows.messages = await count(db, "messages");
  out.rows.added_students = add;
  return out;
}

const count = async (db: Db, table: string) =>
  Number((await db.all<{ n: number }>(sql.raw(`SELECT count(*) AS n FROM ${table}`)))[0]!.n);

/** Three instalments of an account: the first paid, the second partly, the third not. */
const instalments = (start: string, fees: SQL) => sql`${nums(3)} INSERT OR IGNORE INTO fee_instalments
  (fee_record_id, seq, line, no, due_date, amount_piastres, paid_piastres)
  SELECT f.id, k.n, 'مصروفات', k.n, date(${start}, '+' || (15 + (k.n - 1) * 90) || ' days'), 500000,
    CASE WHEN k.n = 1 THEN 500000 WHEN k.n = 2 THEN (f.id % 5) * 100000 ELSE 0 END FROM (${fees}) f, k`;

/** The n-th receipt of each account: every 4th online (by card, wallet or kiosk), the rest at the desk. */
const receipts = (y: string, start: string, n: number, fees: SQL) => sql`${k(n)} INSERT INTO payments
  (fee_record_id, receipt_no, academic_year, sequence, amount_piastres, kind, paid_at, source, method, receipt_token)
  SELECT f.id, 'RCP-BENCH-' || ${y} || '-' || (f.id * 10 + k.n), 'BENCH-' || ${y}, f.id * 10 + k.n,
    100000 + (f.id % 7) * 10000, 'payment',
    strftime('%Y-%m-%dT%H:%M:%fZ', ${start}, '+' || ((k.n - 1) * 75 + f.id % 60) || ' days',
      '+' || (6 + f.id % 10) || ' hours'),
    CASE WHEN f.id % 4 = 0 THEN 'online' ELSE 'desk' END,
    CASE WHEN f.id % 4 = 0 THEN json_extract('["card","wallet","kiosk"]', '$[' || (f.id / 4 % 3) || ']') END,
    hex(randomblob(16))
  FROM (${fees}) f, k`;

/** The n-th message to each account's student, in one of five statuses. */
const messages = (y: string, start: string, n: number, fees: SQL) => sql`${k(n)} INSERT OR IGNORE INTO messages
  (msg_key, kind, student_id, channel, to_phone, language, template, body, status, day)
  SELECT 'bench:' || ${y} || ':' || f.sid || ':' || k.n, 'instalment_due', f.sid,
    CASE WHEN f.id % 3 = 0 THEN 'sms' ELSE 'whatsapp' END, '+201000000000', 'ar', 't', 'b',
    json_extract('["queued","sent","delivered","read","failed"]', '$[' || ((f.id + k.n) % 5) || ']'),
    date(${start}, '+' || ((k.n - 1) * 100 + f.id % 90) || ' days')
  FROM (${fees}) f, k`;

/** Subject n's mark on each generated result with an id in [lo, hi] (every 53rd absent). */
const marks = (y: string, n: number, lo: number, hi: number) => sql`${k(n)} INSERT INTO result_subject_scores
  (result_id, position, subject_name, score_hundredths, max_score_hundredths, absent)
  SELECT r.id, k.n, json_extract(${JSON.stringify(SUBJECTS)}, '$[' || (k.n - 1) || ']'),
    CASE WHEN (r.id + k.n) % 53 = 0 THEN NULL ELSE ((r.id * 37 + k.n * 101) % 71 + 30) * 100 END, 10000,
    CASE WHEN (r.id + k.n) % 53 = 0 THEN 1 ELSE 0 END
  FROM results r JOIN students s ON s.id = r.student_id, k
  WHERE r.academic_year_name = ${y} AND s.student_no GLOB 'RP*' AND r.id BETWEEN ${lo} AND ${hi}`;
