/**
 * Every payment's public receipt link (docs/product.md#payments-and-receipts, #online-payments,
 * #guardians-and-messages): each kind of payment row gets an unguessable receipt token; `/pay/receipts/{token}`
 * prints a desk payment's and an online payment's receipt without a session (no-store, noindex) and refuses an
 * unknown token 404; the payment_received message links to it, for an online payment planned once however often
 * Paymob replays its callback, and also when reconciliation (the Cron Trigger, "Check now") finds the payment.
 */
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { feeRecords, messages, payments } from "../../db/schema";
import type { Env } from "../../worker/env";
import { runReconciliation } from "../../worker/online-payments-runtime";
import { workerContext } from "../../web/context";
import { loader as receiptLoader } from "../../web/routes/public/pay-receipt";
import { testDb } from "./fixtures";
import { mobile, studentBody } from "./guardian-fixtures";
import { api, BASE, loginAdmin } from "./helpers";
import { deliver, family, pub, standinTransaction, startPayment } from "./online-fixtures";

let token: string;
beforeAll(async () => {
  token = await loginAdmin();
});

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const rowsOf = (feeId: number) => testDb().select().from(payments).where(eq(payments.feeRecordId, feeId));

/** Runs the public receipt page's loader as React Router would, with no session. */
async function receiptPage(receiptToken: string, lang = "") {
  const context = new RouterContextProvider();
  const ctx = { waitUntil: () => {}, passThroughOnException: () => {} } as unknown as ExecutionContext;
  context.set(workerContext, { env: env as never, ctx, nonce: "bm9uY2U=" });
  const request = new Request(`${BASE}/pay/receipts/${receiptToken}${lang}`);
  const res = await receiptLoader({ request, context, params: { token: receiptToken } } as never);
  return { res, html: await res.text() };
}

/** A student with one reachable guardian and a fee record of 1000 EGP (nothing paid). */
async function guardedStudent() {
  const created = await api("/api/students", {
    method: "POST",
    token,
    body: studentBody({
      guardians: [{ full_name: "Mother", relation: "mother", phone: mobile(), whatsapp_consent: true }],
    }),
  });
  expect(created.status, created.text).toBe(201);
  const s = created.json.student as { id: number; student_no: string };
  const fee = await api("/api/fees", {
    method: "POST",
    token,
    body: { student_id: s.student_no, grade: "Prep-3", total_amount: 1000, paid_amount: 0 },
  });
  expect(fee.status, fee.text).toBe(201);
  return { studentId: s.id, studentNo: s.student_no, feeId: fee.json.fee.id as number };
}

const paymentMessagesOf = (studentId: number) =>
  testDb()
    .select()
    .from(messages)
    .where(and(eq(messages.studentId, studentId), eq(messages.kind, "payment_received")));

describe("receipt tokens", () => {
  it("every payment row gets its own: a fee's first payment, a desk payment, an adjustment, online, a refund", async () => {
    const s = await guardedStudent();
    const desk = await api(`/api/fees/${s.studentNo}/add-payment`, {
      method: "POST",
      token,
      body: { payment_amount: 100 },
      headers: { "Idempotency-Key": `tok-${s.studentId}` },
    });
    expect(desk.status, desk.text).toBe(201);
    const edit = await api(`/api/fees/${s.studentNo}`, {
      method: "PUT",
      token,
      body: { total_amount: 1000, paid_amount: 150 },
    });
    expect(edit.status, edit.text).toBe(200);
    const first = await api("/api/fees", {
      method: "POST",
      token,
      body: {
        student_id: (await guardedStudentNoFee()).student_no,
        grade: "Prep-3",
        total_amount: 500,
        paid_amount: 50,
      },
    });
    expect(first.status, first.text).toBe(201);

    const f = await family(token);
    const p = await startPayment(f.studentNo, "next");
    const paid = await standinTransaction(p.order_id);
    expect((await deliver(paid.obj, paid.hmac)).json.outcome).toBe("recorded");
    const refund = await standinTransaction(p.order_id, { amount_cents: 10_000 }, "refund");
    expect((await deliver(refund.obj, refund.hmac)).json.outcome).toBe("refunded");

    const rows = [...(await rowsOf(s.feeId)), ...(await rowsOf(first.json.fee.id)), ...(await rowsOf(f.feeId))];
    expect(rows.map((r) => `${r.kind}/${r.source}`).sort()).toEqual([
      "adjustment/desk",
      "adjustment/online",
      "payment/desk",
      "payment/desk",
      "payment/online",
    ]);
    for (const r of rows) expect(r.receiptToken, r.receiptNo).toMatch(TOKEN);
    expect(new Set(rows.map((r) => r.receiptToken)).size).toBe(rows.length);
  });
});

/** A student without a fee record (for a fee created with a first payment). */
async function guardedStudentNoFee() {
  const created = await api("/api/students", { method: "POST", token, body: studentBody() });
  expect(created.status, created.text).toBe(201);
  return created.json.student as { student_no: string };
}

describe("the public receipt /pay/receipts/{token}", () => {
  it("prints a desk payment's receipt without a session: no-store, noindex, received at the desk", async () => {
    const s = await guardedStudent();
    const desk = await api(`/api/fees/${s.studentNo}/add-payment`, {
      method: "POST",
      token,
      body: { payment_amount: 250 },
      headers: { "Idempotency-Key": `pub-${s.studentId}` },
    });
    expect(desk.status, desk.text).toBe(201);
    const [row] = await rowsOf(s.feeId);
    const { res, html } = await receiptPage(row!.receiptToken!, "?lang=en");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.headers.get("X-Robots-Tag")).toBe("noindex");
    expect(html).toContain(`data-receipt="${desk.json.payment.receipt_no}"`);
    expect(html).toContain('data-source="desk"');
    expect(html).not.toContain("data-online-receipt");
  });

  it("prints an online payment's receipt (the link the return page gives), received online, with Paymob's order", async () => {
    const f = await family(token);
    const p = await startPayment(f.studentNo, "next");
    const paid = await standinTransaction(p.order_id);
    await deliver(paid.obj, paid.hmac);
    const status = await pub(`/api/public/payments/${p.payment_id}`);
    const [row] = await rowsOf(f.feeId);
    expect(status.json.receipt_url).toBe(`/pay/receipts/${row!.receiptToken}`);
    const { res, html } = await receiptPage(row!.receiptToken!);
    expect(res.status).toBe(200);
    expect(html).toContain(`data-receipt="${row!.receiptNo}"`);
    expect(html).toContain('data-source="online"');
    expect(html).toContain("data-online-receipt");
    expect(html).toContain(p.order_id);
  });

  it("refuses an unknown or malformed token with a 404 RECEIPT_NOT_FOUND page", async () => {
    for (const unknown of ["A".repeat(43), "not a token", "x"]) {
      const { res, html } = await receiptPage(encodeURIComponent(unknown));
      expect(res.status, unknown).toBe(404);
      expect(res.headers.get("Cache-Control")).toBe("no-store");
      expect(res.headers.get("X-Robots-Tag")).toBe("noindex");
      expect(html).toContain('data-refusal="RECEIPT_NOT_FOUND"');
      expect(html, "no print toolbar on a refusal").not.toMatch(/class="toolbar"|data-print=/);
    }
  });
});

describe("the payment_received message links to the public receipt", () => {
  it("a desk payment's", async () => {
    const s = await guardedStudent();
    const desk = await api(`/api/fees/${s.studentNo}/add-payment`, {
      method: "POST",
      token,
      body: { payment_amount: 100 },
      headers: { "Idempotency-Key": `link-${s.studentId}` },
    });
    expect(desk.status, desk.text).toBe(201);
    const [row] = await rowsOf(s.feeId);
    const [message] = await vi.waitFor(async () => {
      const found = await paymentMessagesOf(s.studentId);
      expect(found).toHaveLength(1);
      return found;
    });
    expect(message!.body).toContain(`${BASE}/pay/receipts/${row!.receiptToken}`);
  });

  it("an online payment's, planned once when its callback comes and is replayed 3 times (also at once)", async () => {
    const s = await guardedStudent();
    const p = await startPayment(s.studentNo, 100);
    const { obj, hmac } = await standinTransaction(p.order_id);
    expect((await deliver(obj, hmac)).json.outcome).toBe("recorded");
    const [message] = await vi.waitFor(async () => {
      const found = await paymentMessagesOf(s.studentId);
      expect(found).toHaveLength(1);
      return found;
    });
    const replays = await Promise.all([deliver(obj, hmac), deliver(obj, hmac), deliver(obj, hmac)]);
    expect(replays.map((r) => r.json.outcome)).toEqual(["replayed", "replayed", "replayed"]);
    const [row] = await rowsOf(s.feeId);
    expect(message).toMatchObject({ kind: "payment_received", channel: "whatsapp" });
    expect(message!.body).toContain(row!.receiptNo);
    expect(message!.body).toContain(`${BASE}/pay/receipts/${row!.receiptToken}`);
    // A replay plans nothing (not even a refused duplicate): still the one message.
    expect(await paymentMessagesOf(s.studentId)).toHaveLength(1);
  });

  it("an online payment found by the reconciliation Cron Trigger: planned once the run's writes are done", async () => {
    const s = await guardedStudent();
    const now = new Date();
    const started = await pub("/api/public/payments", {
      method: "POST",
      body: { national_id: s.studentNo, amount: 100 },
      headers: {
        "Idempotency-Key": `cron-${s.studentId}`,
        "X-Test-Now": new Date(now.getTime() - 31 * 60_000).toISOString(),
      },
    });
    expect(started.status, started.text).toBe(201);
    await standinTransaction(started.json.order_id);
    expect((await runReconciliation(env as unknown as Env, now))?.paid).toBeGreaterThanOrEqual(1);
    const found = await paymentMessagesOf(s.studentId);
    expect(found).toHaveLength(1);
    const [row] = await rowsOf(s.feeId);
    expect(found[0]!.body).toContain(`/pay/receipts/${row!.receiptToken}`);
  });

  it("an online payment found by Check now (its callback never came)", async () => {
    const s = await guardedStudent();
    const p = await startPayment(s.studentNo, 100);
    await standinTransaction(p.order_id);
    const check = await api("/api/admin/online-payments/check", { method: "POST", token });
    expect(check.status, check.text).toBe(200);
    const [message] = await vi.waitFor(async () => {
      const found = await paymentMessagesOf(s.studentId);
      expect(found).toHaveLength(1);
      return found;
    });
    const [fee] = await testDb().select().from(feeRecords).where(eq(feeRecords.id, s.feeId));
    expect(fee!.paidPiastres).toBe(10_000);
    const [row] = await rowsOf(s.feeId);
    expect(message!.body).toContain(`/pay/receipts/${row!.receiptToken}`);
  });
});
