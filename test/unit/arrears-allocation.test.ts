/**
 * A payment spread over a student's fee accounts of several years (docs/product.md#fees, docs/money.md,
 * docs/decisions/0041-one-receipt-across-years.md), checked on random accounts against the ledger's own SQL
 * (worker/services/ledger/across-years.ts) in a local libSQL database migrated like production: money is conserved
 * (the lines add up to the payment, each account's paid amount grows by its line), the oldest year is filled first
 * (a later year gets money only once every earlier one is full), no account is ever paid above what it owes, the
 * instalments of each account hold its oldest-first fill and each line's allocations add up to the line. A payment
 * above what all the accounts owe writes nothing.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient, type Client } from "@libsql/client";
import { asc, eq, inArray, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { academicYears, feeInstalments, feeRecords, paymentAllocations, payments, students } from "../../db/schema";
import { applyMigrations } from "../../scripts/lib/migrate";
import { fillOldestFirst } from "../../worker/lib/fee-schedule";
import type { Db } from "../../worker/db";
import { SYSTEM_ACTORS } from "../../worker/services/ledger/actors";
import { refillStatement } from "../../worker/services/ledger/allocation";
import { newReceiptGroup, spreadOldestFirst, spreadStatements } from "../../worker/services/ledger/across-years";

const FIRST_YEAR = 2200;
const YEARS = 4;

let dir: string;
let client: Client;
let db: Db;
let studentSeq = 0;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "arrears-"));
  const url = `file:${join(dir, "db")}`;
  await applyMigrations(url);
  client = createClient({ url });
  db = drizzle(client) as unknown as Db;
  await db.insert(academicYears).values(
    Array.from({ length: YEARS }, (_, i) => {
      const [y1, y2] = [FIRST_YEAR + i, FIRST_YEAR + i + 1];
      return {
        name: `${y1}-${y2}`,
        startDate: `${y1}-09-01`,
        endDate: `${y2}-08-31`,
        term1Start: `${y1}-09-01`,
        term1End: `${y2}-01-31`,
        term2Start: `${y2}-02-01`,
        term2End: `${y2}-06-30`,
        state: "closed" as const,
      };
    }),
  );
}, 60_000);

afterAll(() => {
  client?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** An account: its instalments (piastres; none: a total without a schedule) and the share of it already paid. */
const accountArb = fc.record({
  instalments: fc.array(fc.integer({ min: 0, max: 60_000 }), { minLength: 0, maxLength: 3 }),
  plainTotal: fc.integer({ min: 0, max: 90_000 }),
  paidShare: fc.double({ min: 0, max: 1, noNaN: true }),
});
const caseArb = fc.record({
  accounts: fc.array(accountArb, { minLength: 1, maxLength: YEARS }),
  /** The payment as a share of what all accounts owe (above 1: more than is owed). */
  share: fc.double({ min: 0, max: 1.2, noNaN: true }),
});

/** One generated case. */
type Case = typeof caseArb extends fc.Arbitrary<infer T> ? T : never;

/** Creates a student with the accounts of `c` (years in order) and returns their ids and what each owes. */
async function makeAccounts(c: Case) {
  const [s] = await db
    .insert(students)
    .values({
      studentNo: `ARR${++studentSeq}`,
      fullName: "Arrears",
      nationality: "Egyptian",
      currentGrade: "Prep-1",
      buildingNo: 1,
      gender: "male",
    })
    .returning({ id: students.id });
  const made: Array<{ id: number; total: number; paid: number; amounts: number[] }> = [];
  for (const [i, a] of c.accounts.entries()) {
    const total = a.instalments.length ? a.instalments.reduce((x, y) => x + y, 0) : a.plainTotal;
    const paid = Math.floor(total * a.paidShare);
    const [row] = await db
      .insert(feeRecords)
      .values({
        studentId: s!.id,
        academicYearName: `${FIRST_YEAR + i}-${FIRST_YEAR + i + 1}`,
        grade: "Prep-1",
        totalPiastres: total,
        paidPiastres: paid,
      })
      .returning({ id: feeRecords.id });
    if (a.instalments.length)
      await db.insert(feeInstalments).values(
        a.instalments.map((amount, k) => ({
          feeRecordId: row!.id,
          seq: k + 1,
          line: "Tuition",
          no: k + 1,
          dueDate: `${FIRST_YEAR + i}-${String(9 + k).padStart(2, "0")}-15`,
          amountPiastres: amount,
        })),
      );
    await refillStatement(db, row!.id);
    made.push({ id: row!.id, total, paid, amounts: a.instalments });
  }
  return made;
}

describe("a payment across years", () => {
  it("is conserved, fills the oldest year first, never pays an account above what it owes", async () => {
    await fc.assert(
      fc.asyncProperty(caseArb, async (c) => {
        const accounts = await makeAccounts(c);
        const owed = accounts.map((a) => a.total - a.paid);
        const allOwed = owed.reduce((x, y) => x + y, 0);
        const amount = Math.max(1, Math.floor(allOwed * c.share));
        const group = newReceiptGroup();
        const statements = spreadStatements(db, {
          accounts: accounts.map((a) => a.id),
          amount,
          group,
          at: new Date().toISOString(),
          actor: SYSTEM_ACTORS.online,
          requestId: "property",
          source: "desk",
          audit: (id) => ({ action: "add_payment", entity: "fee_record", entityId: id }),
        });
        const ids = accounts.map((a) => a.id);
        const outcome = await db.batch([statements[0]!, ...statements.slice(1)]).then(
          () => "written" as const,
          (err: unknown) => err,
        );
        const after = await db
          .select()
          .from(feeRecords)
          .where(inArray(feeRecords.id, ids))
          .orderBy(asc(feeRecords.academicYearName));
        const rows = await db.select().from(payments).where(eq(payments.receiptGroup, group));
        if (amount > allOwed) {
          // Refused as a whole: nothing written, no account changed.
          expect(outcome).not.toBe("written");
          expect(String((outcome as Error).message ?? outcome) + String((outcome as Error).cause ?? "")).toMatch(
            /fee_paid_chk/,
          );
          expect(rows).toEqual([]);
          expect(after.map((f) => f.paidPiastres)).toEqual(accounts.map((a) => a.paid));
          return;
        }
        expect(outcome).toBe("written");
        const expected = spreadOldestFirst(amount, owed);
        expect(expected.left).toBe(0);
        const lineOf = new Map(rows.map((r) => [r.feeRecordId, r]));
        // Conserved: the lines add up to the payment, each account grew by its line.
        expect(rows.reduce((x, r) => x + r.amountPiastres, 0)).toBe(amount);
        after.forEach((f, i) => {
          const line = lineOf.get(f.id)?.amountPiastres ?? 0;
          expect(line).toBe(expected.lines[i]);
          expect(f.paidPiastres).toBe(accounts[i]!.paid + line);
          // Never above what the account owes.
          expect(f.paidPiastres).toBeLessThanOrEqual(f.totalPiastres);
          // Oldest first: a later year got money only when this one is full.
          if (f.paidPiastres < f.totalPiastres)
            for (const later of after.slice(i + 1)) expect(lineOf.get(later.id)).toBeUndefined();
        });
        // No line of 0; each line's allocations add up to it; instalments hold the oldest-first fill.
        for (const r of rows) expect(r.amountPiastres).toBeGreaterThan(0);
        for (const [i, a] of accounts.entries()) {
          if (!a.amounts.length) continue;
          const inst = await db
            .select()
            .from(feeInstalments)
            .where(eq(feeInstalments.feeRecordId, a.id))
            .orderBy(asc(feeInstalments.seq));
          expect(inst.map((x) => x.paidPiastres)).toEqual(fillOldestFirst(a.amounts, after[i]!.paidPiastres));
          const line = lineOf.get(a.id);
          if (!line) continue;
          const [{ s }] = await db
            .select({ s: sql<number>`coalesce(sum(${paymentAllocations.amountPiastres}), 0)` })
            .from(paymentAllocations)
            .where(eq(paymentAllocations.paymentId, line.id));
          expect(Number(s)).toBe(line.amountPiastres);
        }
      }),
      { numRuns: 80 },
    );
  }, 120_000);

  it("the plain split: oldest first, conserved, capped per account", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(fc.integer({ min: 0, max: 300_000 }), { maxLength: 6 }),
        (amount, owed) => {
          const { lines, left } = spreadOldestFirst(amount, owed);
          expect(lines.reduce((x, y) => x + y, 0) + left).toBe(amount);
          lines.forEach((l, i) => {
            expect(l).toBeGreaterThanOrEqual(0);
            expect(l).toBeLessThanOrEqual(owed[i]!);
            if (l > 0) expect(lines.slice(0, i)).toEqual(owed.slice(0, i));
          });
          if (left > 0) expect(lines).toEqual(owed);
        },
      ),
    );
  });
});
