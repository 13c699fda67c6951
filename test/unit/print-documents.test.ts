/**
 * The receipt and statement documents with fee-plan data (docs/product.md#printing, #fee-plans): when a payment
 * carries `allocations` and the record `instalments`, the receipt lists the instalments it covered and the statement
 * the plan; without them neither section appears. The receipt names its source (desk or online). Rendered with
 * react-dom/server, as the print routes do.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { amountInArabicWords } from "@worker/lib/amount-words";
import type { PlannedFee, ReceiptData } from "@worker/services/print";
import { type StatementCredit, type StatementData, statementOrder } from "@worker/services/print-statement";
import { printLocale } from "~/features/print/print-format";
import { ReceiptSheet } from "~/features/print/receipt";
import { StatementSheet } from "~/features/print/statement";

const payment = {
  id: 7,
  receipt_no: "RCP-2026-2027-000007",
  amount: 1250,
  paid_at: "2026-10-01T08:30:00.000Z",
  kind: "payment" as const,
  source: "desk" as const,
  allocations: [],
};
const fee: PlannedFee = {
  id: 1,
  academic_year_name: "2026-2027",
  student_no: "30101010101010",
  full_name: "سارة علي",
  grade: "Prep-1",
  total_amount: 5000,
  paid_amount: 1250,
  remaining: 3750,
  status: "partially_paid",
  payments: [payment],
  instalments: [],
  overdue_amount: 0,
  next_due_date: null,
  discount: null,
  plan_id: null,
  custom_schedule: false,
};
const planned: PlannedFee = {
  ...fee,
  overdue_amount: 250,
  instalments: [
    {
      no: 1,
      line: "الرسوم الدراسية",
      line_en: "Tuition",
      due_date: "2026-09-15",
      amount: 1000,
      paid: 1000,
      remaining: 0,
      status: "paid",
    },
    {
      no: 2,
      line: "الرسوم الدراسية",
      line_en: "Tuition",
      due_date: "2026-12-15",
      amount: 1500,
      paid: 250,
      remaining: 1250,
      status: "due",
    },
  ],
};
const render = (el: ReturnType<typeof createElement>) => renderToStaticMarkup(el);

/** A statement of the one account `fee` in its current year, as the statement service gives it. */
function statementOf(fee: PlannedFee, takenBy: Map<number, string>, credits: StatementCredit[]): StatementData {
  const overdue = fee.overdue_amount ?? 0;
  return { accounts: [fee], currentYear: fee.academic_year_name, owed: fee.remaining, overdue, takenBy, credits };
}

describe("receipt", () => {
  it("says where the money came in: the desk, or online through Paymob, in the document's language", () => {
    const desk = render(
      createElement(ReceiptSheet, {
        loc: printLocale("en"),
        data: { payment, fee, balanceAfter: 3750, takenBy: "admin", online: null },
        copy: false,
      }),
    );
    expect(desk).toMatch(/<dt>Source<\/dt><dd data-source="desk">Desk<\/dd>/);
    const online = render(
      createElement(ReceiptSheet, {
        loc: printLocale("ar"),
        data: { payment: { ...payment, source: "online" }, fee, balanceAfter: 3750, takenBy: null, online: null },
        copy: false,
      }),
    );
    expect(online).toMatch(/<dt>مصدر الدفعة<\/dt><dd data-source="online">إلكتروني<\/dd>/);
  });

  it("lists the instalments a payment covered, with their due dates", () => {
    const data: ReceiptData = {
      payment: {
        ...payment,
        allocations: [
          { instalment_no: 1, line: "الرسوم الدراسية", line_en: "Tuition", amount: 1000 },
          { instalment_no: 2, line: "الرسوم الدراسية", line_en: "Tuition", amount: 250 },
        ],
      },
      fee: planned,
      balanceAfter: 3750,
      takenBy: "admin",
      online: null,
    };
    const html = render(createElement(ReceiptSheet, { loc: printLocale("en"), data, copy: false }));
    expect(html).toContain("data-instalments");
    expect(html).toContain("Instalment 2");
    expect(html).toContain("December 15, 2026");
    expect(html).toMatch(/EGP\s250/);
    // Printed with tanwīn on the alif: a PDF's text layer gives back "جنيهًا" (web/features/print/print-format.ts).
    expect(html).toContain("فقط ألف ومئتان وخمسون جنيهاً لا غير");
    expect(html).not.toContain("data-copy");
  });

  it("dates each covered instalment by its own line: Bus 1 is not Tuition 1", () => {
    // Instalments are numbered per line, so the number alone matched Bus 1 to Tuition 1's due date.
    const twoLines: PlannedFee = {
      ...planned,
      instalments: [
        ...planned.instalments,
        {
          no: 1,
          line: "الحافلة",
          line_en: "Bus",
          due_date: "2026-10-01",
          amount: 600,
          paid: 0,
          remaining: 600,
          status: "overdue",
        },
      ],
    };
    const data: ReceiptData = {
      payment: {
        ...payment,
        amount: 1600,
        allocations: [
          { instalment_no: 1, line: "الرسوم الدراسية", line_en: "Tuition", amount: 1000 },
          { instalment_no: 1, line: "الحافلة", line_en: "Bus", amount: 600 },
        ],
      },
      fee: twoLines,
      balanceAfter: 0,
      takenBy: null,
      online: null,
    };
    const html = render(createElement(ReceiptSheet, { loc: printLocale("en"), data, copy: false }));
    expect(html).toContain("September 15, 2026");
    expect(html).toContain("October 1, 2026");
  });

  it("names each line in the document's language: Arabic on Arabic receipts, English (when given) on English ones", () => {
    const data: ReceiptData = {
      payment: {
        ...payment,
        allocations: [
          { instalment_no: 1, line: "الرسوم الدراسية", line_en: "Tuition", amount: 1000 },
          { instalment_no: 1, line: "الكتب", line_en: null, amount: 250 },
        ],
      },
      fee: planned,
      balanceAfter: 3750,
      takenBy: null,
      online: null,
    };
    const ar = render(createElement(ReceiptSheet, { loc: printLocale("ar"), data, copy: false }));
    expect(ar).toContain("<bdi>الرسوم الدراسية</bdi>");
    expect(ar).not.toContain("Tuition");
    const en = render(createElement(ReceiptSheet, { loc: printLocale("en"), data, copy: false }));
    expect(en).toContain("<bdi>Tuition</bdi>");
    expect(en).not.toContain("الرسوم الدراسية");
    // No English name: the Arabic one serves both.
    expect(en).toContain("<bdi>الكتب</bdi>");
  });

  it("has no instalments section without allocations, and says copy on a reprint", () => {
    const html = render(
      createElement(ReceiptSheet, {
        loc: printLocale("ar"),
        data: { payment, fee, balanceAfter: 3750, takenBy: null, online: null },
        copy: true,
      }),
    );
    expect(html).not.toContain("data-instalments");
    expect(html).toContain("نسخة");
    expect(html).toContain('<bdi dir="ltr" class="id">RCP-2026-2027-000007</bdi>');
  });
});

describe("an online payment that brought in more than was owed", () => {
  const online = {
    kind: "payment" as const,
    orderId: "1796170173803",
    received: 1500,
    applied: 1250,
    credit: 250,
    method: null,
  };

  it("the receipt says what came in (also in words), what was applied and the credit, on one sheet", () => {
    const data: ReceiptData = {
      payment: { ...payment, source: "online" },
      fee,
      balanceAfter: 0,
      takenBy: null,
      online: { ...online, creditRefunded: 0 },
    };
    const html = render(createElement(ReceiptSheet, { loc: printLocale("ar"), data, copy: false }));
    expect(html.match(/class="sheet"/g)).toHaveLength(1);
    expect(html).toMatch(/data-order=""><bdi dir="ltr" class="id">1796170173803<\/bdi>/);
    expect(html).toMatch(/data-received="">[^<]*١٬٥٠٠/);
    expect(html).toMatch(/data-applied="">[^<]*١٬٢٥٠/);
    expect(html).toMatch(/data-credit="">[^<]*٢٥٠/);
    expect(html).toContain(amountInArabicWords(1500));
    expect(html).toContain("ترد المدرسة الرصيد الدائن");
    expect(html).not.toContain("data-credit-refunded");
  });

  it("once Paymob refunded the credit, the receipt says so and no longer asks for it", () => {
    const data: ReceiptData = {
      payment: { ...payment, source: "online" },
      fee,
      balanceAfter: 0,
      takenBy: null,
      online: { ...online, creditRefunded: 250 },
    };
    const html = render(createElement(ReceiptSheet, { loc: printLocale("en"), data, copy: false }));
    expect(html).toMatch(/<dt>Credit refunded<\/dt><dd data-credit-refunded="">EGP\s250<\/dd>/);
    expect(html).not.toContain("the school refunds the credit");
  });

  it("the statement owes the open credit back and lists each credit with its state", () => {
    const credit = { ...online, receiptNo: null, at: "2026-10-02T09:00:00.000Z" };
    const html = render(
      createElement(StatementSheet, {
        loc: printLocale("en"),
        data: statementOf({ ...fee, payments: [{ ...payment, source: "online" }] }, new Map(), [
          { ...credit, refunded: 0, open: 250 },
          { ...credit, orderId: "1796170173804", refunded: 100, open: 150 },
          { ...credit, orderId: "1796170173805", refunded: 250, open: 0 },
        ]),
        issuedAt: "2026-11-25T08:00:00.000Z",
      }),
    );
    expect(html).toMatch(/data-open-credit="">EGP\s400</);
    expect(html).toContain('data-row-source="online">Online<');
    const rows = html.match(/<tr data-credit-order="[^"]+">.*?<\/tr>/g) ?? [];
    expect(rows).toHaveLength(3);
    expect(rows[0]).toContain("Credit only");
    expect(rows[0]).toContain(">To refund<");
    expect(rows[1]).toMatch(/EGP\s150 still to refund/);
    expect(rows[2]).toContain(">Refunded<");
  });
});

describe("statement", () => {
  it("shows the plan and the overdue amount when the record carries them", () => {
    const html = render(
      createElement(StatementSheet, {
        loc: printLocale("ar"),
        data: statementOf(planned, new Map([[7, "admin"]]), []),
        issuedAt: "2026-11-25T08:00:00.000Z",
      }),
    );
    expect(html).toContain("data-plan");
    expect(html).toContain("خطة السداد");
    expect(html).toContain("المتأخر");
    expect(html).toContain("١٥ ديسمبر ٢٠٢٦");
  });

  it("shows totals and payments only for a record without a plan", () => {
    const html = render(
      createElement(StatementSheet, {
        loc: printLocale("en"),
        data: statementOf(fee, new Map(), []),
        issuedAt: "2026-11-25T08:00:00.000Z",
      }),
    );
    expect(html).not.toContain("data-plan");
    expect(html).not.toContain("Overdue");
    expect(html).toMatch(/EGP\s3,750/);
  });

  it("gives a section per year: the arrears first, then the current year, then a settled year; the total owed", () => {
    const year = (y1: number) => `${y1}-${y1 + 1}`;
    const y = Number(fee.academic_year_name.slice(0, 4));
    const settled = { ...fee, id: 2, academic_year_name: year(y - 2), paid_amount: 5000, remaining: 0, payments: [] };
    const arrears = { ...fee, id: 3, academic_year_name: year(y - 1), grade: "KG-2", payments: [] };
    const accounts = statementOrder([fee, settled, arrears], fee.academic_year_name);
    expect(accounts.map((a) => a.id)).toEqual([3, 1, 2]);
    const data = { ...statementOf(fee, new Map(), []), accounts, owed: 7500 };
    const html = render(
      createElement(StatementSheet, { loc: printLocale("en"), data, issuedAt: "2026-11-25T08:00:00Z" }),
    );
    const tags = [...html.matchAll(/data-statement-year="([^"]+)" data-year-tag="(\w+)"/g)].map((m) => m.slice(1));
    expect(tags).toEqual([
      [year(y - 1), "arrears"],
      [fee.academic_year_name, "current"],
      [year(y - 2), "past"],
    ]);
    expect(html).toMatch(/data-balance="">EGP\s7,500</);
    expect(html).toContain("Arrears");
  });
});
