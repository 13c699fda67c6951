/**
 * A family's payment for several children named as such (docs/product.md#family-accounts, #online-payments): the
 * console's list shows every child with its number and part, and its search finds the payment by any child's name or
 * number; the public status (`GET /api/public/payments/{id}`) names each child with its part to the family's own
 * session only, and no child to anyone else (no cookie, another family's).
 */
import { describe, expect, it } from "vitest";
import { asFamily, signedIn } from "./family-fixtures";
import { child, mother, orderOf, startFamilyPayment } from "./family-pay-fixtures";
import { mobile } from "./guardian-fixtures";
import { api, loginAdmin } from "./helpers";
import { deliver, family, pub, standinTransaction, startPayment } from "./online-fixtures";

type Listed = {
  payment_id: string;
  student_no: string;
  children: { student_no: string; full_name: string; amount: number }[];
};

/** The console's list for search `q`. */
async function listed(q: string) {
  const res = await api(`/api/admin/online-payments?q=${encodeURIComponent(q)}`, { token: await loginAdmin() });
  expect(res.status, res.text).toBe(200);
  return res.json.payments as Listed[];
}

describe("a family's payment for several children", () => {
  it("is listed in the console with every child and its part, and found by any child's name or number", async () => {
    const m = await mother();
    const res = await startFamilyPayment(m.cookie, [
      { id: m.a.id, amount: 2000 },
      { id: m.b.id, amount: "next" },
    ]);
    expect(res.status, res.text).toBe(201);
    const id = res.json.payment_id as string;
    const children = [
      { student_no: m.a.student_no, full_name: m.a.full_name, amount: 2000 },
      { student_no: m.b.student_no, full_name: m.b.full_name, amount: 1000 },
    ];
    for (const q of [m.b.full_name, m.b.student_no, m.a.student_no]) {
      const hit = (await listed(q)).find((p) => p.payment_id === id);
      expect(hit, q).toMatchObject({ student_no: m.a.student_no, children });
    }
    // A payment made on /pay has no children.
    const token = await loginAdmin();
    const single = await family(token);
    const p = await startPayment(single.studentNo, "next");
    const one = (await listed(single.studentNo)).find((x) => x.payment_id === p.payment_id);
    expect(one).toMatchObject({ student_no: single.studentNo, children: [] });
  });

  it("names its children with their parts on the public status to its family only", async () => {
    const m = await mother();
    const res = await startFamilyPayment(m.cookie, [
      { id: m.a.id, amount: 2000 },
      { id: m.b.id, amount: "next" },
    ]);
    const id = res.json.payment_id as string;
    const { obj, hmac } = await standinTransaction((await orderOf(id)).orderId);
    expect((await deliver(obj, hmac)).json.outcome).toBe("recorded");

    const mine = await pub(`/api/public/payments/${id}`, asFamily(m.cookie));
    expect(mine.status, mine.text).toBe(200);
    expect(mine.json).toMatchObject({
      status: "paid",
      amount: 3000,
      full_name: `${m.a.full_name}, ${m.b.full_name}`,
      children: [
        { full_name: m.a.full_name, amount: 2000, credit: 0 },
        { full_name: m.b.full_name, amount: 1000, credit: 0 },
      ],
    });

    const strangerPhone = mobile();
    await child(strangerPhone);
    const others = [
      await pub(`/api/public/payments/${id}`),
      await pub(`/api/public/payments/${id}`, asFamily(await signedIn(strangerPhone))),
    ];
    for (const other of others) {
      expect(other.status, other.text).toBe(200);
      expect(other.json).toMatchObject({ status: "paid", amount: 3000, full_name: null, children: [] });
      expect(other.text).not.toContain(m.a.full_name);
      expect(other.text).not.toContain(m.b.full_name);
    }
  });
});
