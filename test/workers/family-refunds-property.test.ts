/**
 * Property test of a family payment's refunds against the real database (docs/decisions/0045-family-payment-parts.md
 * "Refunds"): for random children (one or two accounts each, part-paid), random parts (some beyond what the child
 * owes: credit) and random sequences of refunds (some beyond what is left: refused), after every refund:
 * - per child, what its part gave back ≤ what it applied + its credit, split as worker/services/online-payments/
 *   refund-split.ts says;
 * - the ADJ rows on each child's accounts add up to what its part gave back from them; the parts' takings add up to
 *   the refunds recorded, which equal the order's refunded amount; a refused refund changes nothing;
 * - no account's paid amount goes below 0 or above its total, and it equals the sum of its payment rows;
 * - what moved (for the live events) is every account whose paid amount changed.
 */
import { eq, inArray, sql } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { feeRecords, onlinePaymentParts, onlinePayments, onlineRefundParts, payments } from "../../db/schema";
import { newToken } from "../../common/new-token";
import type { PaymobTransaction } from "../../worker/contracts/online-payments";
import { applyTransaction } from "../../worker/services/online-payments/ledger";
import { splitFamilyRefund } from "../../worker/services/online-payments/refund-split";
import { clockYear } from "../support/clock-years";
import { ensureYear, insertStudent, testDb } from "./fixtures";
import { uid } from "./helpers";

const later = clockYear(2);
beforeAll(async () => {
  await ensureYear(later);
});

const childArb = fc.record({
  // Per account (this year's, and maybe a later year's): total and paid share, piastres.
  accounts: fc.array(
    fc.record({ total: fc.integer({ min: 1, max: 300_000 }), paidShare: fc.double({ min: 0, max: 0.9, noNaN: true }) }),
    { minLength: 1, maxLength: 2 },
  ),
  // The part's amount as a share of what the child owes (above 1: the rest is credit).
  share: fc.double({ min: 0.05, max: 1.5, noNaN: true }),
});
const caseArb = fc.record({
  children: fc.array(childArb, { minLength: 1, maxLength: 3 }),
  // Each refund as a share of what is left to refund (above 1: refused).
  refunds: fc.array(fc.double({ min: 0.01, max: 1.2, noNaN: true }), { minLength: 1, maxLength: 4 }),
});

let txnSeq = Date.now() * 10;
/** A verified Paymob transaction of order `orderId`: the success, or (`refund`) a refund of `amount`. */
function transaction(orderId: string, amount: number, refund: boolean): PaymobTransaction {
  return {
    id: String(++txnSeq),
    amount_cents: amount,
    created_at: new Date().toISOString(),
    currency: "EGP",
    error_occured: false,
    has_parent_transaction: refund,
    integration_id: 1,
    is_3d_secure: false,
    is_auth: false,
    is_capture: false,
    is_refunded: false,
    is_standalone_payment: true,
    is_voided: false,
    order: { id: orderId },
    owner: 1,
    pending: false,
    source_data: { pan: null, sub_type: "Visa", type: "card" },
    success: true,
  };
}

const lc = () => ({ db: testDb(), requestId: uid("req"), now: new Date(), source: "callback" as const });

/** Creates the children and the paid family payment of `c`; returns the order, its parts and each child's accounts. */
async function paidOrder(c: typeof caseArb extends fc.Arbitrary<infer T> ? T : never) {
  const db = testDb();
  const kids: { studentId: number; accounts: number[]; amount: number }[] = [];
  for (const k of c.children) {
    const s = await insertStudent();
    const accounts: number[] = [];
    let owed = 0;
    for (const [i, a] of k.accounts.entries()) {
      const paid = Math.floor(a.total * a.paidShare);
      const year = i === 0 ? sql`(SELECT name FROM academic_years WHERE state = 'current')` : sql`${later}`;
      const [row] = await db
        .insert(feeRecords)
        .values({
          studentId: s.id,
          academicYearName: year,
          grade: "Prep-3",
          totalPiastres: a.total,
          paidPiastres: paid,
        })
        .returning();
      accounts.push(row!.id);
      owed += a.total - paid;
    }
    kids.push({ studentId: s.id, accounts, amount: Math.max(1, Math.round(owed * k.share)) });
  }
  const orderId = String(++txnSeq);
  const [op] = await db
    .insert(onlinePayments)
    .values({
      publicId: newToken(),
      feeRecordId: kids[0]!.accounts[0]!,
      amountPiastres: kids.reduce((a, k) => a + k.amount, 0),
      orderId,
      clientSecret: newToken(),
      idempotencyKey: uid("key"),
      requestHash: "x",
      receiptToken: newToken(),
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      guardianPhone: "+201000000000",
    })
    .returning();
  await db.insert(onlinePaymentParts).values(
    kids.map((k, i) => ({
      onlinePaymentId: op!.id,
      position: i + 1,
      studentId: k.studentId,
      amountPiastres: k.amount,
    })),
  );
  const paid = await applyTransaction(lc(), transaction(orderId, op!.amountPiastres, false));
  expect(paid.outcome).toBe("recorded");
  return { op: op!, kids };
}

/** Per account: paid, total and the sum of its payment rows (piastres). */
async function accountsNow(ids: number[]) {
  const rows = await testDb().select().from(feeRecords).where(inArray(feeRecords.id, ids));
  const sums = await testDb()
    .select({ id: payments.feeRecordId, s: sql<number>`sum(${payments.amountPiastres})` })
    .from(payments)
    .where(inArray(payments.feeRecordId, ids))
    .groupBy(payments.feeRecordId);
  return new Map(
    rows.map((r) => {
      const rowsSum = Number(sums.find((x) => x.id === r.id)?.s ?? 0);
      return [r.id, { paid: r.paidPiastres, total: r.totalPiastres, rowsSum }];
    }),
  );
}

/** Σ online ADJ rows on `ids` (piastres, ≤ 0). */
async function adjusted(ids: number[]) {
  const [{ s }] = await testDb()
    .select({ s: sql<number>`coalesce(sum(${payments.amountPiastres}), 0)` })
    .from(payments)
    .where(
      sql`${inArray(payments.feeRecordId, ids)} AND ${payments.kind} = 'adjustment' AND ${payments.source} = 'online'`,
    );
  return Number(s);
}

/** The parts of order `opId` in checkout order, with what refunds took from each so far. */
async function partsNow(opId: number) {
  const rows = await testDb()
    .select({
      applied: onlinePaymentParts.appliedPiastres,
      credit: onlinePaymentParts.creditPiastres,
      takenCredit: sql<number>`coalesce(sum(${onlineRefundParts.creditPiastres}), 0)`,
      takenApplied: sql<number>`coalesce(sum(${onlineRefundParts.appliedPiastres}), 0)`,
    })
    .from(onlinePaymentParts)
    .leftJoin(onlineRefundParts, eq(onlineRefundParts.partId, onlinePaymentParts.id))
    .where(eq(onlinePaymentParts.onlinePaymentId, opId))
    .groupBy(onlinePaymentParts.id)
    .orderBy(onlinePaymentParts.position);
  return rows.map((r) => ({
    applied: r.applied ?? 0,
    credit: r.credit,
    takenCredit: Number(r.takenCredit),
    takenApplied: Number(r.takenApplied),
  }));
}

describe("family refunds: properties", () => {
  it("split per child within what each part brought, add up, and never take an account below 0", async () => {
    await fc.assert(
      fc.asyncProperty(caseArb, async (c) => {
        const { op, kids } = await paidOrder(c);
        const all = kids.flatMap((k) => k.accounts);
        const adjustedAtStart = await Promise.all(kids.map((k) => adjusted(k.accounts)));
        const opening = await accountsNow(all);
        let refunded = 0;
        for (const share of c.refunds) {
          const left = op.amountPiastres - refunded;
          if (left === 0) break;
          const amount = Math.max(1, Math.round(left * share));
          const [before, partsBefore] = [await accountsNow(all), await partsNow(op.id)];
          const r = await applyTransaction(lc(), transaction(op.orderId, amount, true));
          const [after, partsAfter] = [await accountsNow(all), await partsNow(op.id)];
          if (amount > left) {
            expect(r.outcome).toBe("refused");
            expect(after).toEqual(before);
            expect(partsAfter).toEqual(partsBefore);
            continue;
          }
          expect(r.outcome).toBe("refunded");
          refunded += amount;
          // The split is the rule's, and each part stays within what it brought.
          const { takes, left: unheld } = splitFamilyRefund(partsBefore, amount);
          expect(unheld).toBe(0);
          partsAfter.forEach((p, i) => {
            expect(p.takenCredit - partsBefore[i]!.takenCredit, `part ${i} credit`).toBe(takes[i]!.credit);
            expect(p.takenApplied - partsBefore[i]!.takenApplied, `part ${i} applied`).toBe(takes[i]!.applied);
            expect(p.takenCredit).toBeLessThanOrEqual(p.credit);
            expect(p.takenApplied).toBeLessThanOrEqual(p.applied);
          });
          for (const [id, a] of after) {
            expect(a.paid).toBeGreaterThanOrEqual(0);
            expect(a.paid).toBeLessThanOrEqual(a.total);
            // The fixture's opening paid amount has no row: paid moves with the rows.
            expect(a.paid - a.rowsSum, "paid = rows").toBe(opening.get(id)!.paid - opening.get(id)!.rowsSum);
          }
          const changed = [...after].filter(([id, a]) => a.paid !== before.get(id)!.paid).map(([id]) => id);
          expect([...r.moved.feeRecordIds].sort()).toEqual(changed.sort());
        }
        // Totals: the parts' takings are the refunds; each child's ADJ rows are what its part gave back.
        const parts = await partsNow(op.id);
        expect(
          parts.reduce((a, p) => a + p.takenCredit + p.takenApplied, 0),
          "parts' takings",
        ).toBe(refunded);
        const [row] = await testDb().select().from(onlinePayments).where(eq(onlinePayments.id, op.id));
        expect(row!.refundedPiastres, "order refunded").toBe(refunded);
        for (const [i, k] of kids.entries())
          expect((await adjusted(k.accounts)) - adjustedAtStart[i]! + parts[i]!.takenApplied).toBe(0);
      }),
      { numRuns: 25 },
    );
  }, 180_000);
});
