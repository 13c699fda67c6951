/**
 * The pure steps of the Fees table's inline editors (web/features/fees/admin/fee-editors.ts; docs/product.md#fees,
 * #payments-and-receipts): the entries they open, the drafts, reading what was typed, and the Idempotency-Key rule
 * that keeps one payment intent one payment.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { FeeRecord } from "~/features/fees/admin/fees-api";
import {
  aboveRemaining,
  editEditorOf,
  parseEdit,
  parsePayment,
  payEditorOf,
  paymentKey,
  toggled,
  withDraft,
  withRemaining,
} from "~/features/fees/admin/fee-editors";
import { feeRowKey, type PayEditor } from "~/features/fees/admin/fee-row-state";

const fee = (total: number, paid: number): FeeRecord => ({
  id: 1,
  academic_year_name: "2026-2027",
  student_no: "30101011234567",
  full_name: "أحمد محمد",
  grade: "Prep-1",
  total_amount: total,
  paid_amount: paid,
  remaining: Math.round((total - paid) * 100) / 100,
  status: paid >= total ? "paid" : paid > 0 ? "partially_paid" : "not_paid",
  payments: [],
  plan_id: null,
  custom_schedule: false,
  instalments: [],
  overdue_amount: 0,
  next_due_date: null,
  discount: null,
});

const pay = (patch: Partial<PayEditor> = {}): PayEditor => ({
  mode: "pay",
  rowKey: "1",
  amount: "",
  key: "entry-key",
  ...patch,
});
const never = () => {
  throw new Error("no new key expected");
};

describe("opening an editor", () => {
  it("shows a record's amounts as the inputs take them", () => {
    expect(editEditorOf(fee(1250.5, 100))).toEqual({
      mode: "edit",
      rowKey: "1",
      total: "1250.50",
      paid: "100",
    });
  });

  it("opens an empty payment with the new key, or the unconfirmed payment's amount and key again", () => {
    expect(payEditorOf(fee(1000, 0), "new", null)).toEqual(pay({ key: "new" }));
    expect(payEditorOf(fee(1000, 0), "new", { key: "old", amount: 250.5 })).toEqual(
      pay({ key: "old", amount: "250.50", sentAmount: 250.5 }),
    );
  });
});

describe("drafts", () => {
  it("take what is typed and drop the shown error; no editor stays none", () => {
    expect(withDraft(pay({ error: "x" }), { amount: "12" })).toEqual(pay({ amount: "12", error: undefined }));
    expect(withDraft(null, { amount: "12" })).toBeNull();
  });

  it("fill a payment with the remaining amount, and leave an edit entry alone", () => {
    expect(withRemaining(pay({ error: "x" }), fee(1000, 249.5))).toEqual(pay({ amount: "750.50", error: undefined }));
    const edit = editEditorOf(fee(1000, 0));
    expect(withRemaining(edit, fee(1000, 0))).toBe(edit);
    expect(withRemaining(null, fee(1000, 0))).toBeNull();
  });
});

describe("reading a draft", () => {
  it("reads amounts typed in Arabic-Indic digits with separators", () => {
    expect(parseEdit({ mode: "edit", rowKey: "1", total: "١٬٢٠٠", paid: "٣٠٠٫٥" })).toEqual({
      ok: true,
      total: 1200,
      paid: 300.5,
    });
    expect(parsePayment(pay({ amount: "٢٥٠" }))).toEqual({ ok: true, amount: 250 });
  });

  it("gives the first problem's reason", () => {
    const edit = parseEdit({ mode: "edit", rowKey: "1", total: "100", paid: "200" });
    expect(edit).toEqual({ ok: false, issue: expect.stringMatching(/^PAID_ABOVE_TOTAL/) });
    for (const amount of ["", "0", "-5", "abc"])
      expect(parsePayment(pay({ amount }))).toEqual({ ok: false, issue: expect.stringMatching(/^PAYMENT_AMOUNT/) });
    expect(parsePayment(pay({ amount: "1.234" }))).toEqual({
      ok: false,
      issue: expect.stringMatching(/^NUMBER_DECIMALS/),
    });
  });
});

describe("the payment's key", () => {
  it("sends an unconfirmed payment's key again, whatever the amount", () => {
    expect(paymentKey(pay(), { key: "old", amount: 100 }, 100, never)).toEqual({ key: "old", retry: true });
    expect(paymentKey(pay({ sentAmount: 50 }), { key: "old", amount: 100 }, 70, never)).toEqual({
      key: "old",
      retry: false,
    });
  });

  it("keeps the entry's key until a send, and for the same amount after it; a changed amount gets a new one", () => {
    expect(paymentKey(pay(), null, 70, never)).toEqual({ key: "entry-key", retry: false });
    expect(paymentKey(pay({ sentAmount: 70 }), null, 70, never)).toEqual({ key: "entry-key", retry: true });
    expect(paymentKey(pay({ sentAmount: 70 }), null, 80, () => "fresh")).toEqual({ key: "fresh", retry: false });
  });

  it("is a retry exactly when the amount is one already sent", () => {
    const amount = fc.integer({ min: 1, max: 100_000 }).map((p) => p / 100);
    fc.assert(
      fc.property(fc.option(amount, { nil: undefined }), fc.option(amount, { nil: null }), amount, (sent, open, a) => {
        const unsettled = open === null ? null : { key: "old", amount: open };
        const { key, retry } = paymentKey(pay({ sentAmount: sent }), unsettled, a, () => "fresh");
        expect(retry).toBe(sent === a || open === a);
        if (unsettled) expect(key).toBe("old");
        else expect(key).toBe(sent === undefined || retry ? "entry-key" : "fresh");
      }),
    );
  });
});

describe("the remaining amount", () => {
  it("is compared in piastres", () => {
    expect(aboveRemaining(fee(0.3, 0.1), 0.2)).toBe(false);
    expect(aboveRemaining(fee(0.3, 0.1), 0.21)).toBe(true);
    expect(aboveRemaining(fee(1000, 1000), 0.01)).toBe(true);
  });
});

describe("rows with a request in flight", () => {
  it("are added and removed without touching the set given", () => {
    const none: ReadonlySet<string> = new Set();
    const one = toggled(none, "a", true);
    expect([...one]).toEqual(["a"]);
    expect(none.size).toBe(0);
    expect([...toggled(one, "a", false)]).toEqual([]);
    expect([...toggled(one, "b", false)]).toEqual(["a"]);
  });
});

describe("a student owing on two past years (the arrears view lists a row per account)", () => {
  const older = { ...fee(3000, 1000), id: 11, academic_year_name: "2020-2021" };
  const newer = { ...fee(2000, 500), id: 12, academic_year_name: "2021-2022" };

  it("gives each account's row its own key, and an editor opens on that row only", () => {
    expect(older.student_no).toBe(newer.student_no);
    expect(new Set([older, newer].map(feeRowKey)).size).toBe(2);
    const editor = editEditorOf(newer);
    expect(editor.rowKey).toBe(feeRowKey(newer));
    expect(editor.rowKey).not.toBe(feeRowKey(older));
    expect(payEditorOf(older, "k1", null).rowKey).toBe(feeRowKey(older));
  });

  it("marks a row busy without marking the student's other year", () => {
    const busy = toggled(new Set(), feeRowKey(older), true);
    expect(busy.has(feeRowKey(older))).toBe(true);
    expect(busy.has(feeRowKey(newer))).toBe(false);
  });
});
