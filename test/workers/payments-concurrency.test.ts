/**
 * Payments under concurrency (docs/product.md#payments-and-receipts; docs/decisions/0002-libsql-batches-and-money.md):
 * the rules that protect money hold when many requests race, because they are enforced in the database write, not by
 * a read-then-write.
 */
import { env } from "cloudflare:workers";
import { and, asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, feeRecords, payments } from "../../db/schema";
import { getDb } from "../../worker/db";
import type { Env } from "../../worker/env";
import { api, loginAdmin, uid } from "./helpers";

let token: string;
beforeAll(async () => {
  token = await loginAdmin();
});

const db = () => getDb(env as unknown as Env);
const nid = () => `3${Array.from(crypto.getRandomValues(new Uint8Array(13)), (b) => b % 10).join("")}`;

/** A fresh student with a fee record of `total` EGP, nothing paid. */
async function feeRecord(total: number) {
  const studentNo = nid();
  const s = await api("/api/students", {
    method: "POST",
    token,
    body: {
      student_no: studentNo,
      full_name: `Race ${uid()}`,
      nationality: "Egyptian",
      current_grade: "Prep-1",
      building_no: 1,
    },
  });
  expect(s.status).toBe(201);
  const f = await api("/api/fees", {
    method: "POST",
    token,
    body: { student_id: studentNo, grade: "Prep-1", total_amount: total, paid_amount: 0 },
  });
  expect(f.status).toBe(201);
  return { studentNo, feeId: f.json.fee.id as number };
}

async function state(feeId: number) {
  const [fee] = await db().select().from(feeRecords).where(eq(feeRecords.id, feeId));
  const rows = await db().select().from(payments).where(eq(payments.feeRecordId, feeId));
  const [{ sum }] = await db()
    .select({ sum: sql<number>`coalesce(sum(${payments.amountPiastres}), 0)` })
    .from(payments)
    .where(eq(payments.feeRecordId, feeId));
  return { paid: fee!.paidPiastres, total: fee!.totalPiastres, rows, sum: Number(sum) };
}

const pay = (studentNo: string, amount: number, key?: string) =>
  api(`/api/fees/${studentNo}/add-payment`, {
    method: "POST",
    token,
    body: { payment_amount: amount },
    headers: key ? { "Idempotency-Key": key } : {},
  });

describe("payments under concurrency", () => {
  it("50 simultaneous requests with one Idempotency-Key record exactly one payment", async () => {
    const { studentNo, feeId } = await feeRecord(1000);
    const key = crypto.randomUUID();
    const responses = await Promise.all(Array.from({ length: 50 }, () => pay(studentNo, 100, key)));

    for (const r of responses) expect([200, 201], JSON.stringify(r.json)).toContain(r.status);
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
    const receipts = new Set(responses.map((r) => r.json.payment.receipt_no));
    expect(receipts.size).toBe(1);
    expect([...receipts][0]).toMatch(/^RCP-\d{4}-\d{4}-\d{6}$/);

    const after = await state(feeId);
    expect(after.rows).toHaveLength(1);
    expect(after.rows[0]!.idempotencyKey).toBe(key);
    expect(after.paid).toBe(10000); // increased once: 100 EGP
    expect(after.sum).toBe(after.paid);
  });

  it("50 simultaneous different payments never overpay: exactly what fits is accepted", async () => {
    const { studentNo, feeId } = await feeRecord(1000);
    const responses = await Promise.all(Array.from({ length: 50 }, () => pay(studentNo, 30)));
    expect(
      responses.filter((r) => r.status !== 201 && r.status !== 400).map((r) => `${r.status} ${r.json?.message}`),
    ).toEqual([]);
    const ok = responses.filter((r) => r.status === 201);
    const refused = responses.filter((r) => r.status === 400);
    expect(ok).toHaveLength(33); // 33 × 30 = 990 ≤ 1000 < 34 × 30
    expect(refused).toHaveLength(17);
    for (const r of refused)
      expect(r.json).toMatchObject({
        reason: "PAYMENT_EXCEEDS_REMAINING",
        message: "Payment exceeds the remaining amount",
      });
    expect(new Set(ok.map((r) => r.json.payment.receipt_no)).size).toBe(33);

    const after = await state(feeId);
    expect(after).toMatchObject({ paid: 99000, total: 100000, sum: 99000 });
    expect(after.rows).toHaveLength(33);
  });

  it("payments racing fee edits keep paid = sum(payment rows)", async () => {
    const { studentNo, feeId } = await feeRecord(100000);
    const edits = [5000, 12000, 8000, 20000, 0, 15000];
    await Promise.all([
      ...Array.from({ length: 20 }, (_, i) => pay(studentNo, 10 + i)),
      ...edits.map((paid) =>
        api(`/api/fees/${studentNo}`, { method: "PUT", token, body: { total_amount: 100000, paid_amount: paid } }),
      ),
    ]);
    const after = await state(feeId);
    expect(after.sum).toBe(after.paid);
    expect(after.paid).toBeLessThanOrEqual(after.total);
    expect(new Set(after.rows.map((r) => r.receiptNo)).size).toBe(after.rows.length);
  });

  it("18 parallel payments: every audit row's before equals the previous row's after", async () => {
    const { studentNo, feeId } = await feeRecord(10_000);
    const responses = await Promise.all(
      Array.from({ length: 18 }, (_, i) => pay(studentNo, 10 + i, crypto.randomUUID())),
    );
    for (const r of responses) expect(r.status, JSON.stringify(r.json)).toBe(201);
    const rows = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, "fee_record"),
          eq(auditLog.entityId, String(feeId)),
          eq(auditLog.action, "add_payment"),
        ),
      )
      .orderBy(asc(auditLog.id));
    expect(rows).toHaveLength(18);
    const snaps = rows.map((r) => ({ before: JSON.parse(r.before!), after: JSON.parse(r.after!) }));
    expect(new Set(snaps.map((s) => s.before.paid_piastres)).size, "distinct befores").toBe(18);
    expect(snaps[0]!.before.paid_piastres).toBe(0);
    for (let i = 1; i < snaps.length; i++)
      expect(snaps[i]!.before.paid_piastres, `row ${i}`).toBe(snaps[i - 1]!.after.paid_piastres);
    for (const s of snaps) expect(s.after.paid_piastres - s.before.paid_piastres).toBe(s.after.amount_piastres);
    expect(snaps.at(-1)!.after.paid_piastres).toBe((await state(feeId)).paid);
  });
});
