/**
 * Fee records, payments with receipts, adjustments, idempotency, delete refusals, dashboard figures
 * (docs/product.md#fees, #payments-and-receipts, #dashboard). After every write the invariant paid_amount = sum(payment
 * rows) is checked in the database. Every refusal names its reason (worker/reasons.ts) beside its error `code`.
 */
import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, feeRecords, payments, students } from "../../db/schema";
import { getDb } from "../../worker/db";
import type { Env } from "../../worker/env";
import type { RequestContext } from "../../worker/request-context";
import { findSession } from "../../worker/services/auth";
import { formatReceiptNo } from "../../common/receipt-no";
import { addPayment } from "../../worker/services/payments";
import { academicYearOf } from "../../worker/lib/fee-schedule";
import { api, expectError, loginAdmin, uid } from "./helpers";

let token: string;
/** The signed-in admin's context for calling a service directly, at `now`. */
let ctxAt: (now: Date) => RequestContext;
beforeAll(async () => {
  token = await loginAdmin();
  // The session lookup builds the actor, as requireAdmin does.
  const actor = (await findSession(db(), token, new Date()))!;
  ctxAt = (now) => ({ db: db(), actor, now, requestId: crypto.randomUUID() });
});

const db = () => getDb(env as unknown as Env);
const nid = () => `2${Array.from(crypto.getRandomValues(new Uint8Array(13)), (b) => b % 10).join("")}`;
const toArabic = (s: string) => s.replace(/\d/g, (d) => "٠١٢٣٤٥٦٧٨٩"[Number(d)]!);
const RECEIPT = /^RCP-(\d{4})-(\d{4})-(\d{6})$/;
const FEE_KEYS = [
  "academic_year_name",
  "custom_schedule",
  "discount",
  "full_name",
  "grade",
  "id",
  "instalments",
  "next_due_date",
  "overdue_amount",
  "paid_amount",
  "payments",
  "plan_id",
  "remaining",
  "status",
  "student_no",
  "total_amount",
];

async function newStudent(over: Record<string, unknown> = {}) {
  const res = await api("/api/students", {
    method: "POST",
    token,
    body: {
      student_no: nid(),
      full_name: `Fee ${uid()}`,
      nationality: "Egyptian",
      current_grade: "Prep-2",
      building_no: 4,
      ...over,
    },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.student as { id: number; student_no: string; full_name: string };
}

async function newFee(total: number, paid = 0, over: Record<string, unknown> = {}) {
  const s = await newStudent(over);
  const res = await api("/api/fees", {
    method: "POST",
    token,
    body: { student_id: s.student_no, grade: "Prep-2", total_amount: total, paid_amount: paid },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return { student: s, fee: res.json.fee };
}

/** paid_piastres equals the sum of the record's payment rows. Returns both, in piastres. */
async function expectPaidIsSum(feeId: number) {
  const [fee] = await db().select().from(feeRecords).where(eq(feeRecords.id, feeId));
  const [{ sum }] = await db()
    .select({ sum: sql<number>`coalesce(sum(${payments.amountPiastres}), 0)` })
    .from(payments)
    .where(eq(payments.feeRecordId, feeId));
  expect(Number(sum)).toBe(fee!.paidPiastres);
  return { paid: fee!.paidPiastres, total: fee!.totalPiastres };
}

const pay = (studentNo: string, amount: unknown, key?: string) =>
  api(`/api/fees/${studentNo}/add-payment`, {
    method: "POST",
    token,
    body: { payment_amount: amount },
    headers: key ? { "Idempotency-Key": key } : {},
  });

describe("auth", () => {
  it("answers 401 on every fees endpoint without a bearer token", async () => {
    for (const [method, path] of [
      ["GET", "/api/fees"],
      ["GET", "/api/fees/Prep-2"],
      ["GET", "/api/fees/31001310119461/payments"],
      ["POST", "/api/fees"],
      ["PUT", "/api/fees/31001310119461"],
      ["POST", "/api/fees/31001310119461/add-payment"],
      ["DELETE", "/api/fees/31001310119461"],
    ] as const) {
      expectError(
        await api(path, { method, body: method === "POST" || method === "PUT" ? {} : undefined }),
        401,
        "UNAUTHORIZED",
      );
    }
  });
});

describe("POST /api/fees", () => {
  it("creates a not-paid record with the documented shape", async () => {
    const { student, fee } = await newFee(12500.5);
    expect(Object.keys(fee).sort()).toEqual(FEE_KEYS);
    expect(fee).toMatchObject({
      student_no: student.student_no,
      full_name: student.full_name,
      grade: "Prep-2",
      total_amount: 12500.5,
      paid_amount: 0,
      remaining: 12500.5,
      status: "not_paid",
      payments: [],
    });
    await expectPaidIsSum(fee.id);
  });

  it("records a non-zero paid amount as the first payment with a receipt", async () => {
    const { fee } = await newFee(10000, 2500.25);
    expect(fee).toMatchObject({ paid_amount: 2500.25, remaining: 7499.75, status: "partially_paid" });
    expect(fee.payments).toHaveLength(1);
    expect(fee.payments[0]).toMatchObject({ amount: 2500.25, kind: "payment" });
    const [, y1, y2] = RECEIPT.exec(fee.payments[0].receipt_no)!;
    expect(`${y1}-${y2}`).toBe(academicYearOf(new Date()));
    await expectPaidIsSum(fee.id);
  });

  it("treats a total of 0 as nothing owed (paid)", async () => {
    const { fee } = await newFee(0);
    expect(fee).toMatchObject({ total_amount: 0, paid_amount: 0, remaining: 0, status: "paid" });
  });

  it("accepts the student ID with Arabic digits and amounts as typed strings", async () => {
    const s = await newStudent();
    const res = await api("/api/fees", {
      method: "POST",
      token,
      body: { student_id: toArabic(s.student_no), grade: "prep-2", total_amount: "١٥٠٠٫٥٠", paid_amount: "0" },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json.fee).toMatchObject({ student_no: s.student_no, grade: "Prep-2", total_amount: 1500.5 });
  });

  it("answers 404 for an unknown student and 409 for a second record", async () => {
    const unknown = expectError(
      await api("/api/fees", {
        method: "POST",
        token,
        body: { student_id: nid(), grade: "Prep-2", total_amount: 1, paid_amount: 0 },
      }),
      404,
      "NOT_FOUND",
    );
    expect(unknown).toMatchObject({ reason: "STUDENT_NOT_FOUND", message: "Student not found" });
    const { student } = await newFee(100);
    const dup = expectError(
      await api("/api/fees", {
        method: "POST",
        token,
        body: { student_id: student.student_no, grade: "Prep-2", total_amount: 1, paid_amount: 0 },
      }),
      409,
      "CONFLICT",
    );
    expect(dup.message).toBe("This student already has a fee record");
    expect(dup.reason).toBe("FEE_EXISTS");
  });

  it("validates amounts: ≤ 2 decimals, not negative, ≤ 10,000,000, paid ≤ total, required fields", async () => {
    const s = await newStudent();
    const cases: [Record<string, unknown>, string, string, Record<string, unknown>?][] = [
      [
        { total_amount: 100.123 },
        "Total amount can have at most 2 decimal places",
        "NUMBER_DECIMALS",
        { field: "total_amount", decimals: 2 },
      ],
      [{ total_amount: -1 }, "Total amount cannot be negative", "NUMBER_NEGATIVE", { field: "total_amount" }],
      [
        { total_amount: 10_000_000.01 },
        "Total amount cannot exceed 10,000,000 EGP",
        "AMOUNT_TOO_LARGE",
        { field: "total_amount" },
      ],
      [{ total_amount: "abc" }, "Total amount must be a number", "NUMBER_INVALID", { field: "total_amount" }],
      [{ total_amount: undefined }, "Total amount is required", "REQUIRED", { field: "total_amount" }],
      [{ total_amount: 100, paid_amount: 100.01 }, "Paid amount cannot exceed the total amount", "PAID_ABOVE_TOTAL"],
      [{ grade: "" }, "Grade is required", "GRADE_REQUIRED"],
      [{ grade: "Grade-13" }, "Unknown grade", "GRADE_UNKNOWN"],
      [{ student_id: " " }, "Student ID is required", "REQUIRED", { field: "student_id" }],
      [
        { student_id: "A".repeat(21) },
        "Student ID must be at most 20 characters",
        "TOO_LONG",
        { field: "student_id", max: 20 },
      ],
    ];
    for (const [over, message, reason, params] of cases) {
      const b = { student_id: s.student_no, grade: "Prep-2", total_amount: 500, paid_amount: 0, ...over };
      const res = expectError(await api("/api/fees", { method: "POST", token, body: b }), 400, "VALIDATION_FAILED");
      expect(res.message, JSON.stringify(over)).toBe(message);
      expect({ reason: res.reason, params: res.params }, JSON.stringify(over)).toEqual({ reason, params });
    }
  });
});

describe("GET /api/fees", () => {
  it("searches, filters by grade and computed status, and includes payments with receipt numbers", async () => {
    const tag = uid("Fq");
    const a = await newFee(1000, 0, { full_name: `Amr ${tag}` });
    const b = await newFee(1000, 400, { full_name: `Bassem ${tag}` });
    const c = await newFee(1000, 1000, { full_name: `Celine ${tag}` });
    const list = async (q: string) =>
      (await api(`/api/fees?${q}`, { token })).json.fees as { student_no: string; payments: unknown[] }[];
    expect((await list(`search=${tag}`)).map((f) => f.student_no).sort()).toEqual(
      [a, b, c].map((x) => x.student.student_no).sort(),
    );
    expect((await list(`search=${tag}&status=not_paid`)).map((f) => f.student_no)).toEqual([a.student.student_no]);
    expect((await list(`search=${tag}&status=partially_paid`)).map((f) => f.student_no)).toEqual([
      b.student.student_no,
    ]);
    expect((await list(`search=${tag}&status=paid&grade=Prep-2`)).map((f) => f.student_no)).toEqual([
      c.student.student_no,
    ]);
    expect(await list(`search=${tag}&grade=KG-1`)).toEqual([]);
    const [row] = await list(`search=${encodeURIComponent(toArabic(b.student.student_no))}`);
    expect(row!.payments).toEqual([
      {
        id: expect.any(Number),
        receipt_no: expect.stringMatching(RECEIPT),
        amount: 400,
        paid_at: expect.any(String),
        kind: "payment",
        source: "desk",
        allocations: [],
      },
    ]);
    expectError(await api("/api/fees?status=pending", { token }), 400, "VALIDATION_FAILED");
  });

  it("GET /api/fees/{grade} answers {students} with that grade's fee rows; an unknown grade is a 400", async () => {
    const { fee } = await newFee(700);
    const res = await api("/api/fees/Prep-2", { token });
    expect(res.status).toBe(200);
    expect(res.json.students.map((f: { id: number }) => f.id)).toContain(fee.id);
    expect(res.json.students.every((f: { grade: string }) => f.grade === "Prep-2")).toBe(true);
    expect(expectError(await api("/api/fees/Grade-3", { token }), 400, "VALIDATION_FAILED").reason).toBe(
      "GRADE_UNKNOWN",
    );
  });

  it("GET /api/fees/{student_no}/payments lists receipts; 404 without a record", async () => {
    const { student } = await newFee(900, 300);
    const res = await api(`/api/fees/${student.student_no}/payments`, { token });
    expect(res.json.payments).toHaveLength(1);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const missing = expectError(await api(`/api/fees/${nid()}/payments`, { token }), 404, "NOT_FOUND");
    expect(missing).toMatchObject({ reason: "FEE_NOT_FOUND", message: "Fee record not found" });
  });
});

describe("GET /api/fees with page/limit (server paging)", () => {
  type Page = {
    fees: { id: number; full_name: string; student_no: string; status: string; payments: { amount: number }[] }[];
    pagination: { page: number; limit: number; total: number; totalPages: number };
  };
  const get = async (q: string) => {
    const res = await api(`/api/fees?${q}`, { token });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json as Page;
  };

  it("answers one page with pagination; pages are disjoint; the page's payments come along", async () => {
    const tag = uid("Fp");
    const made = [];
    for (let i = 0; i < 16; i++)
      made.push(await newFee(1000, i % 4 === 0 ? 250 : 0, { full_name: `Pager ${tag} ${String(i).padStart(2, "0")}` }));
    const first = await get(`search=${tag}&page=1&limit=15`);
    expect(first.pagination).toEqual({ page: 1, limit: 15, total: 16, totalPages: 2 });
    expect(first.fees.map((f) => f.id)).toEqual(
      made
        .map((m) => m.fee.id)
        .reverse()
        .slice(0, 15),
    );
    expect(Object.keys(first.fees[0]!).sort()).toEqual(FEE_KEYS);
    const second = await get(`search=${tag}&page=2&limit=15`);
    expect(second.fees.map((f) => f.id)).toEqual([made[0]!.fee.id]);
    expect(second.fees[0]!.payments.map((p) => p.amount)).toEqual([250]);
    expect(first.fees.filter((f) => f.payments.length).length).toBe(3);
    // Status filter + search + sort, counted in SQL.
    const partial = await get(`search=${tag}&status=partially_paid&page=1&limit=20&sortBy=full_name&sortOrder=desc`);
    expect(partial.pagination).toEqual({ page: 1, limit: 20, total: 4, totalPages: 1 });
    expect(partial.fees.map((f) => f.full_name)).toEqual(
      [12, 8, 4, 0].map((i) => `Pager ${tag} ${String(i).padStart(2, "0")}`),
    );
    const remaining = (await get(`search=${tag}&page=1&limit=15&sortBy=remaining&sortOrder=asc`)).fees;
    expect(remaining[0]!.status).toBe("partially_paid");
    expect((await get(`search=${tag}&grade=KG-1&page=1&limit=15`)).pagination).toEqual({
      page: 1,
      limit: 15,
      total: 0,
      totalPages: 1,
    });
  });

  it("keeps the full {fees} answer without page/limit, and searches with Arabic digits and letter variants", async () => {
    const tag = uid("Fa").toLowerCase();
    const a = await newFee(500, 0, { full_name: `أسماء ${tag}` });
    const full = await api(`/api/fees?search=${encodeURIComponent(toArabic(a.student.student_no))}`, { token });
    expect(Object.keys(full.json)).toEqual(["fees"]);
    expect(full.json.fees.map((f: { id: number }) => f.id)).toEqual([a.fee.id]);
    expect((await get(`search=${encodeURIComponent(`اسماء ${tag}`)}&page=1&limit=15`)).fees.map((f) => f.id)).toEqual([
      a.fee.id,
    ]);
    expect(
      (await get(`search=${encodeURIComponent(toArabic(a.student.student_no.slice(4)))}&page=1&limit=15`)).fees.map(
        (f) => f.id,
      ),
    ).toEqual([a.fee.id]);
  });

  it("refuses a limit other than 15/20/30/50 and bad sort values with 400", async () => {
    for (const q of ["page=1&limit=25", "limit=0", "page=abc", "page=1&sortBy=id", "page=1&sortOrder=sideways"]) {
      expectError(await api(`/api/fees?${q}`, { token }), 400, "VALIDATION_FAILED");
    }
    for (const sortBy of ["full_name", "student_no", "grade", "total_amount", "paid_amount", "remaining", "status"]) {
      expect((await get(`page=1&limit=15&sortBy=${sortBy}&sortOrder=desc`)).fees.length).toBeGreaterThan(0);
    }
  });
});

describe("PUT /api/fees/{student_no}", () => {
  it("records a paid change as an adjustment row (up and down) and keeps paid = sum(payments)", async () => {
    const { student, fee } = await newFee(5000, 1000);
    const up = await api(`/api/fees/${student.student_no}`, {
      method: "PUT",
      token,
      body: { total_amount: 6000, paid_amount: 1500.5 },
    });
    expect(up.status, JSON.stringify(up.json)).toBe(200);
    expect(up.json.fee).toMatchObject({
      total_amount: 6000,
      paid_amount: 1500.5,
      remaining: 4499.5,
      status: "partially_paid",
    });
    const adj = up.json.fee.payments.at(-1);
    expect(adj).toMatchObject({ amount: 500.5, kind: "adjustment" });
    expect(adj.receipt_no).toMatch(/^ADJ-\d{4}-\d{4}-\d{6}$/);
    await expectPaidIsSum(fee.id);

    const down = await api(`/api/fees/${student.student_no}`, {
      method: "PUT",
      token,
      body: { total_amount: 6000, paid_amount: 0 },
    });
    expect(down.json.fee).toMatchObject({ paid_amount: 0, status: "not_paid" });
    expect(down.json.fee.payments.at(-1)).toMatchObject({ amount: -1500.5, kind: "adjustment" });
    await expectPaidIsSum(fee.id);

    const same = await api(`/api/fees/${student.student_no}`, {
      method: "PUT",
      token,
      body: { total_amount: 7000, paid_amount: 0 },
    });
    expect(same.json.fee.payments).toHaveLength(3); // total-only change: no new row
    const audits = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(fee.id)));
    expect(audits.filter((a) => a.entity === "fee_record" && a.action === "update")).toHaveLength(3);
  });

  it("refuses a total below the paid amount (400), unknown records (404) and bad amounts (400)", async () => {
    const { student } = await newFee(5000, 3000);
    const res = await api(`/api/fees/${student.student_no}`, {
      method: "PUT",
      token,
      body: { total_amount: 2000, paid_amount: 3000 },
    });
    expect(expectError(res, 400, "VALIDATION_FAILED")).toMatchObject({
      reason: "PAID_ABOVE_TOTAL",
      message: "Paid amount cannot exceed the total amount",
    });
    expect(
      expectError(
        await api(`/api/fees/${nid()}`, { method: "PUT", token, body: { total_amount: 1, paid_amount: 0 } }),
        404,
        "NOT_FOUND",
      ).reason,
    ).toBe("FEE_NOT_FOUND");
    expectError(
      await api(`/api/fees/${student.student_no}`, {
        method: "PUT",
        token,
        body: { total_amount: 1.001, paid_amount: 0 },
      }),
      400,
      "VALIDATION_FAILED",
    );
    // A path that is only spaces names no student.
    const blank = expectError(
      await api("/api/fees/%20", { method: "PUT", token, body: { total_amount: 1, paid_amount: 0 } }),
      400,
      "VALIDATION_FAILED",
    );
    expect(blank).toMatchObject({
      reason: "REQUIRED",
      params: { field: "student_id" },
      message: "Student ID is required",
    });
  });
});

describe("POST /api/fees/{student_no}/add-payment", () => {
  it("adds a payment with the next receipt number and moves the status to paid", async () => {
    const { student, fee } = await newFee(3000, 1000);
    const first = await pay(student.student_no, 1500);
    expect(first.status, JSON.stringify(first.json)).toBe(201);
    expect(first.json.fee).toMatchObject({ paid_amount: 2500, remaining: 500, status: "partially_paid" });
    expect(first.json.payment).toMatchObject({
      amount: 1500,
      kind: "payment",
      receipt_no: expect.stringMatching(RECEIPT),
    });
    const second = await pay(toArabic(student.student_no), "٥٠٠");
    expect(second.json.fee).toMatchObject({ paid_amount: 3000, remaining: 0, status: "paid" });
    const seq = (r: string) => Number(RECEIPT.exec(r)![3]);
    expect(seq(second.json.payment.receipt_no)).toBeGreaterThan(seq(first.json.payment.receipt_no));
    expect(second.json.fee.payments.map((p: { receipt_no: string }) => p.receipt_no)).toContain(
      first.json.payment.receipt_no,
    );
    await expectPaidIsSum(fee.id);
  });

  it("answers 400 for amounts ≤ 0 or empty, and above the remaining amount (nothing recorded)", async () => {
    const { student, fee } = await newFee(1000, 900);
    for (const amount of [0, -5, "", null, "abc"]) {
      const res = expectError(await pay(student.student_no, amount), 400, "VALIDATION_FAILED");
      expect(res).toMatchObject({ reason: "PAYMENT_AMOUNT_INVALID", message: "Please enter a valid payment amount" });
    }
    expect(expectError(await pay(student.student_no, 1.005), 400, "VALIDATION_FAILED")).toMatchObject({
      reason: "NUMBER_DECIMALS",
      params: { field: "payment_amount", decimals: 2 },
    });
    const above = expectError(await pay(student.student_no, 100.01), 400, "VALIDATION_FAILED");
    expect(above).toMatchObject({
      reason: "PAYMENT_EXCEEDS_REMAINING",
      message: "Payment exceeds the remaining amount",
    });
    expect(await expectPaidIsSum(fee.id)).toEqual({ paid: 90000, total: 100000 });
    expect(expectError(await pay(nid(), 10), 404, "NOT_FOUND").reason).toBe("FEE_NOT_FOUND");
  });

  it("replays the same Idempotency-Key and body, and refuses the key with another body (422)", async () => {
    const { student, fee } = await newFee(1000);
    const key = crypto.randomUUID();
    const first = await pay(student.student_no, 250, key);
    expect(first.status).toBe(201);
    const again = await pay(student.student_no, "250.00", key);
    expect(again.status).toBe(200);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.json.payment).toEqual(first.json.payment);
    expect(again.json.fee.paid_amount).toBe(250);
    const other = expectError(await pay(student.student_no, 300, key), 422, "UNPROCESSABLE");
    expect(other.message).toBe("Idempotency-Key was already used with a different request");
    expect(other.reason).toBe("IDEMPOTENCY_MISMATCH");
    const { student: s2 } = await newFee(1000);
    expect(expectError(await pay(s2.student_no, 250, key), 422, "UNPROCESSABLE").reason).toBe("IDEMPOTENCY_MISMATCH");
    expect(await expectPaidIsSum(fee.id)).toEqual({ paid: 25000, total: 100000 });
    const badKey = expectError(await pay(student.student_no, 1, "x".repeat(256)), 400, "VALIDATION_FAILED");
    expect(badKey).toMatchObject({
      reason: "IDEMPOTENCY_KEY_INVALID",
      message: "Idempotency-Key must be 1-255 visible ASCII characters",
    });
  });

  it("numbers receipts in the current academic year of the data, whatever the payment's date", async () => {
    expect(academicYearOf(new Date("2026-11-21T10:00:00Z"))).toBe("2026-2027");
    expect(academicYearOf(new Date("2027-08-31T20:59:00Z"))).toBe("2026-2027"); // 23:59 in Cairo (UTC+3)
    expect(academicYearOf(new Date("2027-08-31T21:00:00Z"))).toBe("2027-2028"); // already 1 Sep in Cairo
    expect(formatReceiptNo("RCP", "2026-2027", 42)).toBe("RCP-2026-2027-000042");

    const { student } = await newFee(100000);
    const current = (await api("/api/admin/academic-years", { token })).json.current as string;
    const at = (iso: string) =>
      addPayment(ctxAt(new Date(iso)), { studentNo: student.student_no, amountPiastres: 100 });
    // Clocks decades ahead of the data: the counter stays the current year's, one number after the other.
    const numbers = [
      (await at("2090-10-01T08:00:00Z")).payment.receipt_no,
      (await at("2091-09-02T08:00:00Z")).payment.receipt_no,
    ];
    for (const no of numbers) expect(no).toMatch(new RegExp(`^RCP-${current}-\\d{6}$`));
    expect(Number(numbers[1]!.slice(-6))).toBe(Number(numbers[0]!.slice(-6)) + 1);
  });
});

describe("DELETE /api/fees/{student_no}", () => {
  it("deletes a record without payments; refuses one with payments (409); 404 for none", async () => {
    const clean = await newFee(800);
    const res = await api(`/api/fees/${clean.student.student_no}`, { method: "DELETE", token });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ message: "Fee record deleted successfully" });
    expect(
      expectError(await api(`/api/fees/${clean.student.student_no}`, { method: "DELETE", token }), 404, "NOT_FOUND")
        .reason,
    ).toBe("FEE_NOT_FOUND");

    const paid = await newFee(800, 100);
    const refused = expectError(
      await api(`/api/fees/${paid.student.student_no}`, { method: "DELETE", token }),
      409,
      "CONFLICT",
    );
    expect(refused.message).toMatch(/has payments with receipts and cannot be deleted/);
    expect(refused.reason).toBe("FEE_HAS_PAYMENTS");
    expect(await db().select().from(feeRecords).where(eq(feeRecords.id, paid.fee.id))).toHaveLength(1);

    // An adjusted-then-reverted record still has history (two ADJ rows summing to 0): kept as well.
    const adjusted = await newFee(800);
    await api(`/api/fees/${adjusted.student.student_no}`, {
      method: "PUT",
      token,
      body: { total_amount: 800, paid_amount: 50 },
    });
    await api(`/api/fees/${adjusted.student.student_no}`, {
      method: "PUT",
      token,
      body: { total_amount: 800, paid_amount: 0 },
    });
    expectError(await api(`/api/fees/${adjusted.student.student_no}`, { method: "DELETE", token }), 409, "CONFLICT");
  });
});

describe("dashboard figures", () => {
  it("TotalFees and paid-percentage reflect a new record, a payment and a deactivation at once", async () => {
    const total = async () => (await api("/api/fees/TotalFees", { token })).json.totalFees as number;
    const before = await total();
    const { student } = await newFee(9_000_000);
    // Other test files add small records concurrently; 9,000,000 EGP dwarfs them.
    expect((await total()) - before).toBeGreaterThan(8_999_000);
    const pct = (await api("/api/fees/paid-percentage", { token })).json.paidPercentage as number;
    await pay(student.student_no, 4_500_000);
    expect((await api("/api/fees/paid-percentage", { token })).json.paidPercentage).toBeGreaterThan(pct);
    const [s] = await db().select().from(students).where(eq(students.studentNo, student.student_no));
    await api(`/api/students/${s!.id}`, {
      method: "PUT",
      token,
      body: {
        student_no: s!.studentNo,
        full_name: s!.fullName,
        nationality: "Egyptian",
        current_grade: "Prep-2",
        building_no: 4,
        is_active: false,
      },
    });
    expect((await total()) - before).toBeLessThan(1_000_000);
  });

  it("documents the endpoints in the OpenAPI document, generated from the routes' schemas", async () => {
    const doc = (await api("/api/openapi.json")).json;
    const addPayment = doc.paths["/api/fees/{student_no}/add-payment"].post;
    expect(addPayment.responses["422"].content["application/json"].schema.$ref).toBe("#/components/schemas/Error");
    expect(Object.keys(addPayment.responses["201"].content["application/json"].schema.properties).sort()).toEqual([
      "fee",
      "lines",
      "payment",
    ]);
    expect(addPayment.responses["200"]).toBeTruthy(); // a replay
    expect(addPayment.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: "idempotency-key", in: "header" }),
        expect.objectContaining({ name: "student_no", in: "path" }),
      ]),
    );
    expect(doc.paths["/api/fees"].post.requestBody).toBeTruthy();
    // One parameter per query field.
    const query = doc.paths["/api/fees"].get.parameters
      .filter((p: { in: string }) => p.in === "query")
      .map((p: { name: string }) => p.name);
    expect(query).toEqual(
      expect.arrayContaining(["search", "grade", "status", "page", "limit", "sortBy", "sortOrder"]),
    );
    const fee = doc.paths["/api/fees"].get.responses["200"].content["application/json"].schema.properties.fees.items;
    expect(Object.keys(fee.properties).sort()).toEqual(FEE_KEYS);
    expect(doc.paths["/api/fees/{student_no}/payments"].get.parameters.map((p: { name: string }) => p.name)).toContain(
      "idempotency_key",
    );
    expect(doc.paths["/api/fees/{student_no}"].delete.responses["409"]).toBeTruthy();
    // The deprecated one-segment GET by grade still answers but is not documented: its path would also match the
    // fixed GETs (/api/fees/events, /api/fees/TotalFees); GET /api/fees?grade= is the documented way.
    expect(doc.paths["/api/fees/{student_no}"].get).toBeUndefined();
    // The dashboard figures.
    expect(
      doc.paths["/api/fees/TotalFees"].get.responses["200"].content["application/json"].schema.properties.totalFees,
    ).toBeTruthy();
    expect(
      doc.paths["/api/fees/paid-percentage"].get.responses["200"].content["application/json"].schema.properties
        .paidPercentage,
    ).toBeTruthy();
    expect(doc.paths["/api/fees/TotalFees"].get.security).toEqual([{ bearer: [] }]);
  });
});
