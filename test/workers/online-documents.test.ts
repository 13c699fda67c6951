/**
 * What an online payment looks like afterwards (docs/product.md#online-payments, #payments-and-receipts, #printing):
 * - a success that arrives after the desk took the money: the console's receipt, the family's receipt and the fee
 *   statement all say what was received, what was applied and the credit owed back, and where it came from; the
 *   statement lists the credit until Paymob's refund is recorded, then says refunded; all of it credit (no receipt)
 *   is still on the statement;
 * - a pending payment: the family's figures list it (amount, deadline, its public id only) and its status carries
 *   the deadline, until it is paid, declined or expired;
 * - the intention: the first guardian's mobile in E.164, the documented placeholder e-mail, and a return address
 *   whose query Paymob extends with "&".
 */
import { env } from "cloudflare:workers";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { workerContext } from "../../web/context";
import { loader as receiptLoader } from "../../web/routes/admin/print/receipt";
import { loader as statementLoader } from "../../web/routes/admin/print/statement";
import { loader as publicReceiptLoader } from "../../web/routes/public/pay-receipt";
import { PAYMOB_PLACEHOLDER_EMAIL } from "../../worker/services/paymob/client";
import { mobile } from "./guardian-fixtures";
import { api, BASE, loginAdmin, uid } from "./helpers";
import { deliver, family, ledger, pub, standinOrder, standinTransaction, startPayment } from "./online-fixtures";

let token: string;
beforeAll(async () => {
  token = await loginAdmin();
});

const ctx = { waitUntil: () => {}, passThroughOnException: () => {} } as unknown as ExecutionContext;

/** Runs a page loader as React Router would (with the console's session cookie when `session`); the HTML. */
async function page(loader: (args: never) => Promise<Response>, path: string, params: object, session = true) {
  const context = new RouterContextProvider();
  context.set(workerContext, { env: env as never, ctx, nonce: "bm9uY2U=" });
  const headers: Record<string, string> = session ? { Cookie: `admin_session=${token}` } : {};
  const res = await loader({ request: new Request(`${BASE}${path}`, { headers }), context, params } as never);
  expect(res.status, path).toBe(200);
  return res.text();
}

/** The text of the first element carrying `data-{name}` (tags dropped, spaces folded), or null. */
function field(html: string, name: string): string | null {
  const m = new RegExp(`<(\\w+)[^>]*\\sdata-${name}(?:="[^"]*")?(?=[\\s>])[^>]*>([\\s\\S]*?)</\\1>`).exec(html);
  return m
    ? m[2]!
        .replace(/<[^>]+>/g, " ")
        .replace(/[\s\u00a0]+/g, " ")
        .trim()
    : null;
}

/** The text of the statement's credit row of Paymob order `orderId`. */
const creditRow = (html: string, orderId: string) => field(html, `credit-order="${orderId}"`);

const deskPays = async (studentNo: string, amount: number) => {
  const res = await api(`/api/fees/${studentNo}/add-payment`, {
    method: "POST",
    token,
    body: { payment_amount: amount },
    headers: { "Idempotency-Key": uid("desk") },
  });
  expect(res.status, res.text).toBe(201);
};

describe("an online payment beyond what was owed, on paper", () => {
  it("the console's and the family's receipts, the statement: received, applied, credit, then refunded", async () => {
    const f = await family(token);
    const p = await startPayment(f.studentNo, "all");
    await deskPays(f.studentNo, 1000);
    const paid = await standinTransaction(p.order_id);
    expect((await deliver(paid.obj, paid.hmac)).json.outcome).toBe("recorded");
    const rcp = (await ledger(f.feeId)).rows.find((r) => r.source === "online")!;
    expect(rcp.amountPiastres).toBe(400_000);

    const consoleReceipt = await page(receiptLoader, `/admin/print/receipts/${rcp.receiptNo}?lang=en`, {
      receiptNo: rcp.receiptNo,
    });
    const familyReceipt = await page(publicReceiptLoader, `/pay/receipts/${rcp.receiptToken}?lang=en`, {
      token: rcp.receiptToken,
    });
    for (const html of [consoleReceipt, familyReceipt]) {
      expect(field(html, "source")).toBe("Online");
      expect(field(html, "order")).toBe(p.order_id);
      expect(field(html, "received")).toBe("EGP 5,000");
      expect(field(html, "applied")).toBe("EGP 4,000");
      expect(field(html, "credit")).toBe("EGP 1,000");
      expect(field(html, "credit-refunded")).toBeNull();
      expect(html.match(/class="sheet"/g)).toHaveLength(1);
    }

    const statementPath = `/admin/print/statements/${f.studentNo}?lang=en`;
    let statement = await page(statementLoader, statementPath, { studentNo: f.studentNo });
    expect(field(statement, "balance")).toBe("EGP 0");
    expect(field(statement, "open-credit")).toBe("EGP 1,000");
    expect(statement).toMatch(/data-row-source="desk"[\s\S]*data-row-source="online"/);
    expect(creditRow(statement, p.order_id)).toMatch(/EGP 5,000 EGP 4,000 EGP 1,000 .*To refund/);

    const refund = await standinTransaction(p.order_id, { amount_cents: 100_000 }, "refund");
    expect((await deliver(refund.obj, refund.hmac)).json.outcome).toBe("refunded");
    statement = await page(statementLoader, statementPath, { studentNo: f.studentNo });
    expect(field(statement, "open-credit")).toBeNull();
    expect(creditRow(statement, p.order_id)).toMatch(/EGP 1,000 .*Refunded/);
    const reprint = await page(receiptLoader, `/admin/print/receipts/${rcp.receiptNo}?lang=en`, {
      receiptNo: rcp.receiptNo,
    });
    expect(field(reprint, "credit")).toBe("EGP 1,000");
    expect(field(reprint, "credit-refunded")).toBe("EGP 1,000");
  });

  it("all of it credit (the desk took everything first): no receipt, the statement still owes it back", async () => {
    const f = await family(token);
    const p = await startPayment(f.studentNo, "next");
    await deskPays(f.studentNo, 5000);
    const paid = await standinTransaction(p.order_id);
    expect((await deliver(paid.obj, paid.hmac)).json.outcome).toBe("recorded");
    expect((await ledger(f.feeId)).rows.filter((r) => r.source === "online")).toHaveLength(0);
    const statement = await page(statementLoader, `/admin/print/statements/${f.studentNo}?lang=en`, {
      studentNo: f.studentNo,
    });
    expect(field(statement, "open-credit")).toBe("EGP 1,000");
    expect(creditRow(statement, p.order_id)).toMatch(/Credit only .*EGP 1,000 EGP 0 EGP 1,000 .*To refund/);
  });
});

describe("a receipt's title and signature follow where the money came in", () => {
  it("online: an online payment receipt with the method, received by the online system, no cashier", async () => {
    const f = await family(token);
    const p = await startPayment(f.studentNo, "next");
    const paid = await standinTransaction(p.order_id);
    expect((await deliver(paid.obj, paid.hmac)).json.outcome).toBe("recorded");
    const rcp = (await ledger(f.feeId)).rows.find((r) => r.source === "online")!;
    for (const [lang, title, method, actor, cashier] of [
      ["en", "Online payment receipt", "Card", "Online payment (Paymob)", "Cashier"],
      ["ar", "إيصال دفع إلكتروني", "بطاقة بنكية", "الدفع الإلكتروني (باي موب)", "أمين الخزينة"],
    ] as const) {
      const html = await page(receiptLoader, `/admin/print/receipts/${rcp.receiptNo}?lang=${lang}`, {
        receiptNo: rcp.receiptNo,
      });
      // Before, every receipt was a "cash receipt" signed by the cashier, and an online one named no receiver.
      expect(field(html, "doc-title")).toBe(title);
      expect(field(html, "method")).toBe(method);
      expect(field(html, "taken-by")).toBe(actor);
      expect(html).not.toContain(cashier);
    }
    const desk = await api(`/api/fees/${f.studentNo}/add-payment`, {
      method: "POST",
      token,
      body: { payment_amount: 100 },
      headers: { "Idempotency-Key": uid("desk") },
    });
    expect(desk.status, desk.text).toBe(201);
    const no = desk.json.payment.receipt_no as string;
    const html = await page(receiptLoader, `/admin/print/receipts/${no}?lang=ar`, { receiptNo: no });
    expect(field(html, "doc-title")).toBe("إيصال استلام نقدية");
    expect(field(html, "method")).toBeNull();
    expect(html).toContain("توقيع أمين الخزينة");
  });
});

describe("a payment still pending", () => {
  it("is listed in the family's figures (amount, deadline) until settled; its status says the deadline", async () => {
    const f = await family(token);
    expect((await pub(`/api/public/fees/${f.studentNo}`)).json.pending).toEqual([]);
    const kiosk = await startPayment(f.studentNo, "next");
    const waiting = await standinTransaction(kiosk.order_id, { outcome: "pending" });
    expect((await deliver(waiting.obj, waiting.hmac)).json.outcome).toBe("pending");
    const other = await startPayment(f.studentNo, 250);
    const fees = await pub(`/api/public/fees/${f.studentNo}`);
    expect(fees.headers.get("Cache-Control")).toBe("no-store");
    expect(fees.json.pending).toEqual([
      { payment_id: other.payment_id, amount: 250, created_at: expect.any(String), expires_at: other.expires_at },
      { payment_id: kiosk.payment_id, amount: 1000, created_at: expect.any(String), expires_at: kiosk.expires_at },
    ]);
    const status = await pub(`/api/public/payments/${kiosk.payment_id}`);
    expect(status.json).toMatchObject({ status: "pending", amount: 1000, expires_at: kiosk.expires_at });

    const declined = await standinTransaction(other.order_id, { outcome: "declined" });
    await deliver(declined.obj, declined.hmac);
    const paid = await standinTransaction(kiosk.order_id);
    await deliver(paid.obj, paid.hmac);
    expect((await pub(`/api/public/fees/${f.studentNo}`)).json.pending).toEqual([]);
  });
});

describe("the intention sent to Paymob", () => {
  it("sends the first guardian's mobile, the placeholder e-mail, a return address Paymob extends with &", async () => {
    const [first, second] = [mobile(), mobile()];
    const f = await family(token, [
      { full_name: "Mother", relation: "mother", phone: first },
      { full_name: "Father", relation: "father", phone: second },
    ]);
    const p = await startPayment(f.studentNo, "next");
    const order = await standinOrder(p.order_id);
    expect(order.billingData).toMatchObject({ phone_number: `+2${first}`, email: PAYMOB_PLACEHOLDER_EMAIL });
    expect(PAYMOB_PLACEHOLDER_EMAIL).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/);
    expect(order.redirectionUrl).toBe(`${BASE}/pay/return?payment=${p.payment_id}`);

    const none = await family(token);
    const q = await startPayment(none.studentNo, "next");
    expect((await standinOrder(q.order_id)).billingData).toMatchObject({
      phone_number: "NA",
      email: PAYMOB_PLACEHOLDER_EMAIL,
    });
  });
});
