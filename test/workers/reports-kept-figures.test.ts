/**
 * The Reports page's kept figures never drift from the rows they sum (docs/product.md#reports,
 * docs/decisions/0044-reports-kept-figures.md). After every step of random sequences of desk payments, fee edits
 * (adjustments up and down), online payments by card, wallet or kiosk and their refunds, results created, edited
 * (marks, absent, term) and deleted, and raw writes the Worker never makes (a receipt moved in time, an account
 * moved to another year, a result deleted with its marks by the cascade), each kept table equals its sum over the
 * source rows of the whole database. Each comparison is one statement, so other files writing meanwhile cannot make
 * it differ; an online receipt names the method Paymob reported.
 */
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../worker/lib/fee-schedule";
import { schoolDateParts } from "../../worker/lib/school-day";
import { ensureYear, insertStudent, testDb } from "./fixtures";
import { api, loginAdmin, uid } from "./helpers";
import { deliver, family, standinTransaction, startPayment } from "./online-fixtures";

let token: string;
beforeAll(async () => {
  token = await loginAdmin();
});

const SOURCE = sql.raw(`CASE WHEN p.source = 'desk' THEN 'desk' ELSE coalesce(p.method, 'online') END`);
const PCT = (s: string) =>
  sql.raw(`CASE WHEN ${s}.absent = 1 THEN -1 ELSE (${s}.score_hundredths * 100) / ${s}.max_score_hundredths END`);

/** Kept receipts per year, hour, kind and source that differ from the payments' sums (none when kept right). */
const receiptDrift = () =>
  testDb().all(sql`SELECT y, h, kind, source, sum(a) AS a, sum(c) AS c FROM (
      SELECT academic_year_name AS y, hour AS h, kind, source, amount_piastres AS a, receipts AS c
      FROM report_receipt_hours
      UNION ALL
      SELECT f.academic_year_name, substr(p.paid_at, 1, 13), p.kind, ${SOURCE}, -p.amount_piastres, -1
      FROM payments p JOIN fee_records f ON f.id = p.fee_record_id)
    GROUP BY 1, 2, 3, 4 HAVING sum(a) <> 0 OR sum(c) <> 0 LIMIT 5`);

/** Kept marks per year, term, subject and percent that differ from the marks (none when kept right). */
const markDrift = () =>
  testDb().all(sql`SELECT y, sem, subject, pct, sum(n) AS n FROM (
      SELECT academic_year_name AS y, semester AS sem, subject_name AS subject, percent AS pct, marks AS n
      FROM report_mark_percents
      UNION ALL
      SELECT r.academic_year_name, r.semester, s.subject_name, ${PCT("s")}, -1
      FROM result_subject_scores s JOIN results r ON r.id = s.result_id)
    GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 LIMIT 5`);

/** Results whose kept present/absent marks or lowest percent differ from their marks (none when kept right). */
const resultDrift = () =>
  testDb().all(sql`SELECT r.id, r.present_marks, r.absent_marks, r.lowest_percent, s.p, s.a, s.lo
    FROM results r LEFT JOIN (
      SELECT result_id, sum(absent = 0) AS p, sum(absent = 1) AS a,
        min(CASE WHEN absent = 0 THEN (score_hundredths * 100) / max_score_hundredths END) AS lo
      FROM result_subject_scores GROUP BY 1) s ON s.result_id = r.id
    WHERE r.present_marks <> coalesce(s.p, 0) OR r.absent_marks <> coalesce(s.a, 0) OR r.lowest_percent IS NOT s.lo
    LIMIT 5`);

async function expectNoDrift(step: unknown) {
  const [r, m, x] = await Promise.all([receiptDrift(), markDrift(), resultDrift()]);
  expect({ step, receipts: r, marks: m, results: x }).toEqual({ step, receipts: [], marks: [], results: [] });
}

const share = fc.double({ min: 0.05, max: 1, noNaN: true });
const mark = fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: null, freq: 5 });
const stepArb = fc.oneof(
  fc.record({ kind: fc.constant("pay" as const), share, day: fc.integer({ min: 0, max: 360 }) }),
  fc.record({ kind: fc.constant("adjust" as const), share: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ kind: fc.constant("online" as const), method: fc.constantFrom("card", "wallet", "kiosk") }),
  fc.record({ kind: fc.constant("refund" as const), share }),
  fc.record({
    kind: fc.constant("result" as const),
    semester: fc.constantFrom("S1" as const, "S2" as const),
    marks: fc.array(mark, { minLength: 1, maxLength: 3 }),
  }),
  fc.record({ kind: fc.constant("deleteResult" as const), raw: fc.boolean() }),
  fc.record({ kind: fc.constant("moveReceipt" as const), hours: fc.integer({ min: -2000, max: 2000 }) }),
  fc.record({ kind: fc.constant("moveAccount" as const) }),
);

/** One run's own data: a student with an account in year `year` (or `other` once moved), and its results. */
interface World {
  year: string;
  other: string;
  start: string;
  studentNo: string;
  feeId: number;
  total: number;
  results: number[];
  orders: { orderId: string; paidCents: number }[];
}

const SUBJECTS = ["Mathematics", "Science", "English"];

async function result(w: World, semester: "S1" | "S2", marks: (number | null)[]) {
  const subject_scores = marks.map((m, i) =>
    m === null
      ? { subject_name: SUBJECTS[i], absent: true }
      : { subject_name: SUBJECTS[i], score: m / 100, max_score: 100 },
  );
  const id = w.results.find(() => true);
  // Edit the run's result when it has one (its term may change), else create one.
  const res = id
    ? await api(`/api/admin/results/${id}`, {
        method: "PUT",
        token,
        body: { student_id: w.studentNo, academic_year_name: w.year, semester, subject_scores },
      })
    : await api("/api/admin/results", {
        method: "POST",
        token,
        body: { student_id: w.studentNo, academic_year_name: w.year, semester, subject_scores },
      });
  expect([200, 201], res.text).toContain(res.status);
  if (!id) w.results.push(res.json.data.id as number);
}

/** An online payment of a fresh family's next instalment (current year), paid by `method` at the stand-in. */
async function online(w: World, method: "card" | "wallet" | "kiosk") {
  const f = await family(token);
  const p = await startPayment(f.studentNo, "next");
  // The stand-in's control takes the method (Paymob's source_data.type: card, wallet, aggregator).
  const tx = await standinTransaction(p.order_id, { method } as Parameters<typeof standinTransaction>[1]);
  expect((await deliver(tx.obj, tx.hmac)).json.outcome).toBe("recorded");
  const rows = await testDb().all<{ method: string | null }>(
    sql`SELECT method FROM payments WHERE fee_record_id = ${f.feeId} AND kind = 'payment'`,
  );
  expect(rows.map((r) => r.method)).toEqual([method]);
  w.orders.push({ orderId: p.order_id, paidCents: Math.round(p.amount * 100) });
}

type Step = typeof stepArb extends fc.Arbitrary<infer T> ? T : never;

async function step(w: World, s: Step) {
  const db = testDb();
  const [fee] = await db.all<{ total: number; paid: number; y: string }>(
    sql`SELECT total_piastres AS total, paid_piastres AS paid, academic_year_name AS y FROM fee_records WHERE id = ${w.feeId}`,
  );
  const y = fee!.y;
  const now = `${addDays(w.start, s.kind === "pay" ? s.day : 100)}T09:00:00Z`;
  const headers = { "X-Test-Now": now, "Idempotency-Key": uid("kf") };
  if (s.kind === "pay") {
    const egp = Math.floor(((fee!.total - fee!.paid) * s.share) / 100);
    if (egp < 1) return;
    const res = await api(`/api/fees/${w.studentNo}/add-payment`, {
      method: "POST",
      token,
      body: { payment_amount: egp, academic_year_name: y },
      headers,
    });
    expect(res.status, res.text).toBe(201);
  } else if (s.kind === "adjust") {
    const res = await api(`/api/fees/${w.studentNo}?academic_year=${y}`, {
      method: "PUT",
      token,
      body: { total_amount: fee!.total / 100, paid_amount: Math.floor((fee!.total * s.share) / 100) },
      headers,
    });
    expect(res.status, res.text).toBe(200);
  } else if (s.kind === "online") await online(w, s.method);
  else if (s.kind === "refund") {
    const order = w.orders.pop();
    if (!order) return;
    const cents = Math.max(100, Math.floor(order.paidCents * s.share));
    const refund = await standinTransaction(order.orderId, { amount_cents: cents }, "refund");
    expect((await deliver(refund.obj, refund.hmac)).json.outcome).toBe("refunded");
  } else if (s.kind === "result") await result(w, s.semester, s.marks);
  else if (s.kind === "deleteResult") {
    const id = w.results.pop();
    if (!id) return;
    if (s.raw) await db.run(sql`DELETE FROM results WHERE id = ${id}`);
    else expect((await api(`/api/admin/results/${id}`, { method: "DELETE", token })).status).toBe(200);
  } else if (s.kind === "moveReceipt")
    await db.run(sql`UPDATE payments SET paid_at = strftime('%Y-%m-%dT%H:%M:%fZ', paid_at, ${`${s.hours} hours`})
      WHERE id = (SELECT max(id) FROM payments WHERE fee_record_id = ${w.feeId})`);
  else
    await db.run(sql`UPDATE fee_records SET academic_year_name = ${y === w.year ? w.other : w.year}
      WHERE id = ${w.feeId}`);
}

let run = 0;

describe("reports: kept figures", () => {
  it("stay equal to the receipts and marks they sum after random payments, adjustments, refunds and result edits", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 3, maxLength: 8 }), async (steps) => {
        // Years of this run only, one pair per run, closed and long before the clock's: a closed year after the
        // current one would stop every later year from becoming current (other files make years current).
        const first = schoolDateParts(new Date()).year - 60 - 2 * ++run;
        const year = `${first}-${first + 1}`;
        const other = `${first + 1}-${first + 2}`;
        await ensureYear(year, "closed");
        await ensureYear(other, "closed");
        const s = await insertStudent({ currentGrade: "Prep-3" });
        const total = 1_200_000;
        const [f] = await testDb().all<{ id: number }>(sql`INSERT INTO fee_records (student_id, academic_year_name,
            grade, total_piastres, paid_piastres) VALUES (${s.id}, ${year}, 'Prep-3', ${total}, 0) RETURNING id`);
        const w: World = {
          year,
          other,
          start: `${first}-09-01`,
          studentNo: s.studentNo,
          feeId: f!.id,
          total,
          results: [],
          orders: [],
        };
        for (const st of steps) {
          await step(w, st);
          await expectNoDrift(st);
        }
      }),
      {
        numRuns: 16,
        // Every kind of write at least once, whatever the random draw: the cascade, a term moved, a refund.
        examples: [
          [
            [
              { kind: "result", semester: "S1", marks: [4550, null, 10_000] },
              { kind: "result", semester: "S2", marks: [0, 2000] },
              { kind: "deleteResult", raw: true },
            ],
          ],
          [
            [
              { kind: "result", semester: "S1", marks: [7000] },
              { kind: "deleteResult", raw: false },
              { kind: "pay", share: 0.5, day: 10 },
              { kind: "adjust", share: 0.2 },
              { kind: "moveReceipt", hours: -30 },
              { kind: "moveAccount" },
              { kind: "pay", share: 0.3, day: 200 },
            ],
          ],
          [
            [
              { kind: "online", method: "kiosk" },
              { kind: "refund", share: 0.4 },
              { kind: "online", method: "wallet" },
            ],
          ],
        ],
      },
    );
  }, 240_000);
});
