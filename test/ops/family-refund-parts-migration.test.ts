/**
 * Family refunds recorded before the per-child split (db/migrations 0039; docs/decisions/0049-online-refunds-across-
 * years-and-unrecorded.md "Refunds recorded before the split"): a database holding a two-child payment with two old
 * refunds (no `online_refund_parts` rows), one refund already split, and a /pay payment's refund, migrated to the
 * end, gives each old refund the rows of what it did: its credit from the parts' credit in checkout order, what it
 * applied to the child whose account it came off; the split refund and the /pay one are left alone. Afterwards each
 * part's open credit adds up to the payment's open credit, which is what a later refund and the child's receipt read.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../../scripts/lib/local-env";
import { startSqld, type Sqld } from "../../scripts/lib/sqld";
import { clockYear } from "../support/clock-years";

const dir = mkdtempSync(join(tmpdir(), "school-family-refund-parts-migration-"));
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

/** The rows a two-child payment and its refunds left before the split (piastres; year `y`). */
function oldRows(y: string): string[] {
  const [y1, y2] = y.split("-");
  const op = (id: number, fee: number, amount: number, credit: number, refunded: number) =>
    `INSERT INTO online_payments (id, public_id, fee_record_id, amount_piastres, status, order_id, client_secret,
      idempotency_key, request_hash, receipt_token, expires_at, credit_piastres, refunded_piastres)
     VALUES (${id}, 'pub-${id}', ${fee}, ${amount}, 'paid', '90${id}', 's', 'key-${id}', 'h', 'tok-${id}',
      '${y1}-10-01T09:00:00.000Z', ${credit}, ${refunded})`;
  const txn = (id: number, order: number, kind: string, amount: number, applied: number, credit: number) =>
    `INSERT INTO paymob_transactions (id, transaction_id, kind, online_payment_id, amount_piastres, applied_piastres,
      credit_piastres, source)
     VALUES (${id}, 'T${id}', '${kind}', ${order}, ${amount}, ${applied}, ${credit}, 'callback')`;
  return [
    `INSERT INTO academic_years (name, start_date, end_date, term1_start, term1_end, term2_start, term2_end, state)
     VALUES ('${y}', '${y1}-09-01', '${y2}-08-31', '${y1}-09-01', '${y2}-01-31', '${y2}-02-01', '${y2}-06-30',
      'upcoming')`,
    `INSERT INTO students (id, student_no, full_name, nationality, current_grade, building_no, gender)
     VALUES (1, '30001010100011', 'أ', 'Egyptian', 'Prep-3', 5, 'male'), (2, '30001010100012', 'ب', 'Egyptian',
      'Prep-1', 5, 'male'), (3, '30001010100013', 'ج', 'Egyptian', 'Prep-1', 5, 'male')`,
    // The first child's account is the order's: the old refunds took what they applied off it.
    `INSERT INTO fee_records (id, student_id, academic_year_name, grade, total_piastres, paid_piastres)
     VALUES (1, 1, '${y}', 'Prep-3', 500000, 100000), (2, 2, '${y}', 'Prep-1', 500000, 40000),
      (3, 3, '${y}', 'Prep-1', 500000, 0)`,
    op(1, 1, 400_000, 0, 260_000),
    `INSERT INTO online_payment_parts (id, online_payment_id, position, student_id, amount_piastres, applied_piastres,
      credit_piastres) VALUES (1, 1, 0, 1, 300000, 200000, 100000), (2, 1, 1, 2, 100000, 50000, 50000)`,
    txn(1, 1, "payment", 400_000, 250_000, 150_000),
    // Old refund 1: 1200 EGP, all of it credit. Old refund 2: 1300 EGP, the last 300 of credit and 1000 applied.
    txn(2, 1, "refund", 120_000, 0, -120_000),
    txn(3, 1, "refund", 130_000, -100_000, -30_000),
    // A refund recorded after the split (its row written by its own batch): 100 EGP off the second child.
    txn(4, 1, "refund", 10_000, -10_000, 0),
    `INSERT INTO online_refund_parts (refund_id, part_id, credit_piastres, applied_piastres) VALUES (4, 2, 0, 10000)`,
    // A /pay payment (no parts) and its refund: not a family's, nothing to split.
    op(2, 3, 50_000, 0, 50_000),
    txn(5, 2, "payment", 50_000, 50_000, 0),
    txn(6, 2, "refund", 50_000, -50_000, 0),
  ];
}

describe("family refunds recorded before the per-child split: migration", () => {
  it("gives each old refund its parts' rows; split refunds and /pay refunds are left alone", async () => {
    const sqld = await startSqld(join(dir, "db"));
    servers.push(sqld);
    const client = createClient({ url: sqld.url });
    try {
      await migrate<Record<string, never>>(drizzle(client), { migrationsFolder: migrationsUpTo("0039_") });
      await client.batch(oldRows(clockYear(2)));

      await migrate<Record<string, never>>(drizzle(client), { migrationsFolder: join(ROOT, "db/migrations") });
      const rows = await client.execute(`SELECT refund_id, part_id, credit_piastres, applied_piastres, payment_id
        FROM online_refund_parts ORDER BY refund_id, part_id`);
      expect(
        rows.rows.map((r) => [r.refund_id, r.part_id, r.credit_piastres, r.applied_piastres, r.payment_id]),
      ).toEqual([
        // Refund 1's credit: the first child's 1000, then 200 of the second's.
        [2, 1, 100_000, 0, null],
        [2, 2, 20_000, 0, null],
        // Refund 2: the first child's account gave the 1000 back; the second child's last 300 of credit.
        [3, 1, 0, 100_000, null],
        [3, 2, 30_000, 0, null],
        // Split when it was recorded: unchanged.
        [4, 2, 0, 10_000, null],
      ]);
      // Every refund's rows add up to the refund; the parts' open credit is the payment's (what a later refund reads).
      const sums = await client.execute(`SELECT t.id, t.amount_piastres AS amount,
          (SELECT sum(credit_piastres + applied_piastres) FROM online_refund_parts WHERE refund_id = t.id) AS shares
        FROM paymob_transactions t WHERE t.kind = 'refund' AND t.online_payment_id = 1`);
      for (const s of sums.rows) expect(s.shares).toBe(s.amount);
      const open = await client.execute(`SELECT sum(x.credit_piastres - coalesce((SELECT sum(r.credit_piastres)
          FROM online_refund_parts r WHERE r.part_id = x.id), 0)) AS open FROM online_payment_parts x
        WHERE x.online_payment_id = 1`);
      expect(open.rows[0]!.open).toBe(0);
      const payRefund = await client.execute("SELECT count(*) AS n FROM online_refund_parts WHERE refund_id = 6");
      expect(payRefund.rows[0]!.n).toBe(0);
    } finally {
      client.close();
    }
  });
});
