/**
 * Academic years as data (db/migrations 0023-0025; docs/product.md#academic-years-and-rollover, ADR on the year
 * model): a database at migration 0022 holding fee records, instalments, payments with their receipts and
 * allocations, discounts, receipt counters and results of several years, migrated to the end, keeps every account's
 * figures (total, paid, discount, instalments, receipts, allocations) and each record becomes the account of the year
 * of its receipts (else its plan's, its schedule's, the current year). Years are relative to the clock.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Client, createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../../scripts/lib/local-env";
import { startSqld, type Sqld } from "../../scripts/lib/sqld";
import { academicYearOf, defaultDueDates } from "../../worker/lib/fee-schedule";

const dir = mkdtempSync(join(tmpdir(), "school-years-migration-"));
const servers: Sqld[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  rmSync(dir, { recursive: true, force: true });
});

/** A copy of db/migrations whose journal stops before the migration tagged `stopBefore`. */
function migrationsUpTo(stopBefore: string): string {
  const out = join(dir, "migrations-old");
  cpSync(join(ROOT, "db/migrations"), out, { recursive: true });
  const journalPath = join(out, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: Array<{ tag: string }> };
  const end = journal.entries.findIndex((e) => e.tag.startsWith(stopBefore));
  expect(end).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, end);
  writeFileSync(journalPath, JSON.stringify(journal));
  return out;
}

const first = Number(academicYearOf(new Date()).slice(0, 4));
const yearOf = (k: number) => `${first + k}-${first + k + 1}`;
const [OLD, LAST, NOW] = [yearOf(-2), yearOf(-1), yearOf(0)];
const receiptNo = (year: string, seq: number) => `RCP-${year}-${String(seq).padStart(6, "0")}`;

/** One account as 0022 stores it: total, instalments (amount, paid), payments (amount) and where they came from. */
interface Account {
  id: number;
  student: number;
  total: number;
  plan?: { id: number; year: string };
  instalments: Array<[number, number]>;
  /** Each payment: its year and amount; allocations go to the instalments oldest first. */
  payments: Array<[string, number]>;
  discount?: number;
  expectYear: string;
}

const ACCOUNTS: Account[] = [
  // Paid over two years ago, by two receipts, on a plan of that year.
  {
    id: 11,
    student: 1,
    total: 800_000,
    plan: { id: 1, year: OLD },
    instalments: [
      [400_000, 400_000],
      [400_000, 400_000],
    ],
    payments: [
      [OLD, 500_000],
      [OLD, 300_000],
    ],
    expectYear: OLD,
  },
  // Last year: a discount, part paid (arrears), its receipts that year.
  {
    id: 12,
    student: 2,
    total: 900_000,
    discount: 100_000,
    plan: { id: 2, year: LAST },
    instalments: [
      [450_000, 450_000],
      [450_000, 50_000],
    ],
    payments: [
      [LAST, 300_000],
      [LAST, 200_000],
    ],
    expectYear: LAST,
  },
  // No receipt: the plan's year.
  {
    id: 13,
    student: 3,
    total: 600_000,
    plan: { id: 2, year: LAST },
    instalments: [
      [300_000, 0],
      [300_000, 0],
    ],
    payments: [],
    expectYear: LAST,
  },
  // No receipt, no plan: the year its schedule starts in.
  { id: 14, student: 4, total: 500_000, instalments: [[500_000, 0]], payments: [], expectYear: NOW },
  // Nothing but a total: the current year.
  { id: 15, student: 5, total: 250_000, instalments: [], payments: [], expectYear: NOW },
];

/** Writes the accounts as a 0022 database holds them. */
async function fill(c: Client) {
  const stmts: Array<{ sql: string; args: Array<string | number | null> }> = [];
  const counters = new Map<string, number>();
  for (const a of ACCOUNTS) {
    stmts.push({
      sql: `INSERT INTO students (id, student_no, full_name, nationality, current_grade, building_no, gender)
        VALUES (?, ?, 'طالب', 'Egyptian', 'Prep-2', 4, 'male')`,
      args: [a.student, `3000101010${String(a.student).padStart(4, "0")}`],
    });
  }
  stmts.push(
    { sql: `INSERT INTO fee_plans (id, academic_year_name, grade) VALUES (1, ?, 'Prep-1')`, args: [OLD] },
    { sql: `INSERT INTO fee_plans (id, academic_year_name, grade) VALUES (2, ?, 'Prep-2')`, args: [LAST] },
  );
  let paymentId = 100;
  for (const a of ACCOUNTS) {
    const paid = a.payments.reduce((s, [, x]) => s + x, 0);
    stmts.push({
      sql: `INSERT INTO fee_records (id, student_id, grade, total_piastres, paid_piastres, plan_id, discount_piastres,
        discount_reason) VALUES (?, ?, 'Prep-2', ?, ?, ?, ?, ?)`,
      args: [a.id, a.student, a.total, paid, a.plan?.id ?? null, a.discount ?? 0, a.discount ? "أخوة" : null],
    });
    const dueYear = a.plan?.year ?? NOW;
    const dates = defaultDueDates(dueYear, 2);
    for (const [i, [amount, ipaid]] of a.instalments.entries())
      stmts.push({
        sql: `INSERT INTO fee_instalments (fee_record_id, seq, line, no, due_date, amount_piastres, paid_piastres)
          VALUES (?, ?, 'مصروفات دراسية', ?, ?, ?, ?)`,
        args: [a.id, i + 1, i + 1, dates[i]!, amount, ipaid],
      });
    let balance = a.total;
    let inst = 0;
    let instLeft = a.instalments[0]?.[0] ?? 0;
    for (const [year, amount] of a.payments) {
      const seq = (counters.get(year) ?? 0) + 1;
      counters.set(year, seq);
      balance -= amount;
      paymentId++;
      stmts.push({
        sql: `INSERT INTO payments (id, fee_record_id, receipt_no, academic_year, sequence, amount_piastres, paid_at,
          balance_after_piastres) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        args: [
          paymentId,
          a.id,
          receiptNo(year, seq),
          year,
          seq,
          amount,
          `${year.slice(0, 4)}-10-0${seq}T08:00:00.000Z`,
          balance,
        ],
      });
      let left = amount;
      while (left > 0 && inst < a.instalments.length) {
        const part = Math.min(left, instLeft);
        stmts.push({
          sql: `INSERT INTO payment_allocations (payment_id, line, instalment_no, amount_piastres)
            VALUES (?, 'مصروفات دراسية', ?, ?)`,
          args: [paymentId, inst + 1, part],
        });
        left -= part;
        instLeft -= part;
        if (instLeft === 0) instLeft = a.instalments[++inst]?.[0] ?? 0;
      }
    }
  }
  for (const [year, last] of counters)
    stmts.push({
      sql: "INSERT INTO receipt_counters (academic_year, last_sequence) VALUES (?, ?)",
      args: [year, last],
    });
  stmts.push(
    {
      sql: `INSERT INTO results (student_id, academic_year_name, semester, grade) VALUES (1, ?, 'S2', 'Prep-1')`,
      args: [OLD],
    },
    {
      sql: `INSERT INTO results (student_id, academic_year_name, semester, grade) VALUES (2, ?, 'S1', 'Prep-2')`,
      args: [LAST],
    },
    {
      sql: `INSERT INTO result_publications (academic_year_name, semester, is_published, published_at)
        VALUES (?, 'S1', 1, ?)`,
      args: [LAST, `${first}-02-01T08:00:00Z`],
    },
  );
  await c.batch(stmts, "write");
}

/** Every account's figures, by record id: what a statement and a receipt read. */
async function figures(c: Client) {
  const rows = await c.execute(`SELECT f.id, f.student_id, f.total_piastres, f.paid_piastres, f.discount_piastres,
      (SELECT json_group_array(json_array(seq, due_date, amount_piastres, paid_piastres)) FROM
        (SELECT * FROM fee_instalments WHERE fee_record_id = f.id ORDER BY seq)) AS instalments,
      (SELECT json_group_array(json_array(receipt_no, academic_year, amount_piastres, balance_after_piastres)) FROM
        (SELECT * FROM payments WHERE fee_record_id = f.id ORDER BY id)) AS receipts,
      (SELECT coalesce(sum(a.amount_piastres), 0) FROM payment_allocations a JOIN payments p ON p.id = a.payment_id
        WHERE p.fee_record_id = f.id) AS allocated
    FROM fee_records f ORDER BY f.id`);
  return rows.rows.map((r) => ({ ...r }));
}

describe("academic years: migration", () => {
  it("keeps every account's figures and gives each record the year of its receipts", async () => {
    const sqld = await startSqld(join(dir, "db"));
    servers.push(sqld);
    const client = createClient({ url: sqld.url });
    try {
      await migrate<Record<string, never>>(drizzle(client), { migrationsFolder: migrationsUpTo("0023_") });
      await fill(client);
      const before = await figures(client);
      const counters = (await client.execute("SELECT * FROM receipt_counters ORDER BY academic_year")).rows;

      await migrate<Record<string, never>>(drizzle(client), { migrationsFolder: join(ROOT, "db/migrations") });
      expect(await figures(client)).toEqual(before);
      expect((await client.execute("SELECT * FROM receipt_counters ORDER BY academic_year")).rows).toEqual(counters);

      const years = await client.execute("SELECT id, academic_year_name FROM fee_records ORDER BY id");
      expect(years.rows.map((r) => [r.id, r.academic_year_name])).toEqual(ACCOUNTS.map((a) => [a.id, a.expectYear]));
      // Each paid record is on its receipts' year.
      const stray =
        await client.execute(`SELECT count(*) AS n FROM payments p JOIN fee_records f ON f.id = p.fee_record_id
        WHERE p.academic_year <> f.academic_year_name`);
      expect(stray.rows[0]?.n).toBe(0);
      const states = await client.execute("SELECT name, state FROM academic_years ORDER BY name");
      expect(states.rows.map((r) => [r.name, r.state])).toEqual([
        [OLD, "closed"],
        [LAST, "closed"],
        [NOW, "current"],
      ]);
      const enrolled = await client.execute("SELECT count(*) AS n FROM enrolments");
      expect(Number(enrolled.rows[0]?.n)).toBeGreaterThanOrEqual(ACCOUNTS.length);
      const sum = (k: string) => before.reduce((s, r) => s + Number(r[k]), 0);
      console.log(
        JSON.stringify({
          accounts: before.length,
          total_piastres: sum("total_piastres"),
          paid_piastres: sum("paid_piastres"),
          allocated_piastres: sum("allocated"),
          receipts: before.reduce((s, r) => s + JSON.parse(String(r.receipts)).length, 0),
          instalments: before.reduce((s, r) => s + JSON.parse(String(r.instalments)).length, 0),
          years: states.rows.map((r) => `${r.name}:${r.state}`),
        }),
      );
    } finally {
      client.close();
    }
  });
});
