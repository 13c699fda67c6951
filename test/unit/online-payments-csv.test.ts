/**
 * The Online payments CSV (docs/product.md#csv-exports, #online-payments): dates in Cairo time as `YYYY-MM-DD HH:mm`
 * (across midnight and summer time), statuses in the admin's language, amounts as numbers, the student ID kept as
 * text, a family's children with their parts, the file named by its status filter.
 */
import { describe, expect, it } from "vitest";
import { createI18n } from "../../web/i18n";
import ar from "../../web/i18n/ar";
import en from "../../web/i18n/en";
import {
  cairoMinute,
  ONLINE_CSV_HEADER,
  onlineCsvFileName,
  onlineCsvRows,
} from "../../web/features/online-payments/admin/online-payments-csv";
import type { OnlinePayment } from "../../web/features/online-payments/admin/online-payments-api";

const tEn = createI18n("en", en).t;
const tAr = createI18n("ar", ar).t;

const payment = (over: Partial<OnlinePayment>): OnlinePayment => ({
  payment_id: "p".repeat(24),
  order_id: "1717000000001",
  student_no: "30101010101010",
  full_name: "سارة علي",
  children: [],
  amount: 1250.5,
  status: "paid",
  receipt_no: "RCP-2026-2027-000007",
  credit: 0,
  refunded: 0,
  unrecorded_refunds: [],
  created_at: "2026-01-15T21:50:00.000Z",
  paid_at: "2026-01-15T22:05:00.000Z",
  checked_at: null,
  ...over,
});

describe("online payments CSV", () => {
  it("writes Cairo minutes, the status in the admin's language, numbers as numbers", () => {
    const rows = [payment({}), payment({ status: "failed", receipt_no: null, paid_at: null, amount: 70, credit: 0 })];
    const out = onlineCsvRows(rows, tEn);
    expect(out[0]).toEqual([...ONLINE_CSV_HEADER]);
    // 21:50 UTC in January is 23:50 in Cairo; 22:05 UTC is already the next day there.
    expect(out[1]).toEqual([
      "2026-01-15 23:50",
      "سارة علي",
      "\t30101010101010",
      1250.5,
      "Paid",
      "RCP-2026-2027-000007",
      "1717000000001",
      0,
      0,
      0,
      "2026-01-16 00:05",
      "",
    ]);
    expect(out[2]!.slice(3, 6)).toEqual([70, "Declined", ""]);
    expect(out[2]![10]).toBe("");
    const refused = { transaction_id: "9", amount: 300.25, reason: "accounts_short" as const, at: "x" };
    const [, short] = onlineCsvRows([payment({ unrecorded_refunds: [refused, { ...refused, amount: 100 }] })], tEn);
    expect(short![9]).toBe(400.25);
    expect(
      onlineCsvRows(rows, tAr)
        .slice(1)
        .map((r) => r[4]),
    ).toEqual(["مدفوعة", "مرفوضة"]);
  });

  it("names every child of a family's payment with its number and amount", () => {
    const children = [
      { student_no: "30101010101010", full_name: "سارة علي", amount: 1000 },
      { student_no: "30202020202020", full_name: "Omar Ali", amount: 250.5 },
    ];
    const [, row] = onlineCsvRows([payment({ children })], tEn);
    expect(row!.at(-1)).toBe("سارة علي (30101010101010): 1000; Omar Ali (30202020202020): 250.5");
  });

  it("follows Cairo's summer time, and names the file by the status filter", () => {
    expect(cairoMinute("2026-07-01T21:30:00.000Z")).toBe("2026-07-02 00:30");
    expect(cairoMinute(null)).toBe("");
    const day = new Date(2026, 10, 27, 12);
    expect(onlineCsvFileName("", day)).toBe("online_payments_all_2026-11-27.csv");
    expect(onlineCsvFileName("pending", day)).toBe("online_payments_pending_2026-11-27.csv");
  });
});
