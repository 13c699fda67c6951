/**
 * The data of the printed documents (docs/product.md#printing): the batch of report cards (order, published only
 * unless drafts are asked for), one report card, a receipt's balance right after its payment (fixed when it was
 * issued, whatever later discounts do) and who took it, the
 * statement, and the refusal of an unknown receipt. Tests share one database and run in parallel: this file toggles
 * only S2 of last year (by the clock), which no other file publishes, and looks only at its own students.
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { workerContext } from "../../web/context";
import { loader as batchLoader } from "../../web/routes/admin/print/report-cards";
import { payments } from "../../db/schema";
import { ApiError } from "../../worker/errors";
import { receipt, reportCard, reportCardBatch } from "../../worker/services/print";
import { statement } from "../../worker/services/print-statement";
import { api, BASE, loginAdmin, uid } from "./helpers";
import { insertStudent, testDb } from "./fixtures";
import { staffWithToken } from "./staff-fixtures";
import { clockYear } from "../support/clock-years";

const db = testDb;
const TERM = { academic_year_name: clockYear(-1), semester: "S2" } as const;
const GRADE = "Primary-5";
let token: string;

/** Inserted in this order; the batch prints them by name: أحمد، بسمة، زياد (Arabic collation, hamza on alif first). */
const NAMES = ["زياد كريم", "أحمد سمير", "بسمة محمود"];
const made: { no: string; name: string; resultId: number }[] = [];

const publish = (is_published: boolean) =>
  api("/api/admin/results/publications", { method: "PUT", token, body: { ...TERM, is_published } });
const batch = (includeDrafts: boolean) =>
  reportCardBatch(db(), {
    academicYear: TERM.academic_year_name,
    semester: TERM.semester,
    grade: GRADE,
    includeDrafts,
  });
const mine = (cards: Awaited<ReturnType<typeof batch>>["cards"]) =>
  cards.filter((c) => made.some((m) => m.no === c.result.student_no));

beforeAll(async () => {
  token = await loginAdmin();
  const tag = uid("p");
  for (const name of NAMES) {
    const { studentNo: no } = await insertStudent({ fullName: `${name} ${tag}`, currentGrade: GRADE, buildingNo: 1 });
    const res = await api("/api/admin/results", {
      method: "POST",
      token,
      body: {
        student_id: no,
        ...TERM,
        grade: GRADE,
        subject_scores: [{ subject_name: "Mathematics", score: 44.5, max_score: 50 }],
      },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    made.push({ no, name: `${name} ${tag}`, resultId: res.json.data.id });
  }
});

describe("report cards", () => {
  it("withholds an unpublished term unless drafts are asked for, then marks every card draft", async () => {
    expect((await publish(false)).status).toBe(200);
    const withheld = await batch(false);
    expect(withheld.published).toBe(false);
    expect(withheld.cards).toEqual([]);
    expect(withheld.withheld).toBeGreaterThanOrEqual(3);

    const drafts = await batch(true);
    expect(drafts.withheld).toBe(0);
    expect(mine(drafts.cards).map((c) => c.result.full_name)).toEqual([made[1]!.name, made[2]!.name, made[0]!.name]);
    expect(mine(drafts.cards).every((c) => c.draft)).toBe(true);
    expect((await reportCard(db(), made[0]!.resultId)).draft).toBe(true);
  });

  it("prints a published term without draft marks, sorted by name", async () => {
    expect((await publish(true)).status).toBe(200);
    try {
      const printed = await batch(false);
      expect(printed.published).toBe(true);
      const cards = mine(printed.cards);
      expect(cards.map((c) => c.result.student_no)).toEqual([made[1]!.no, made[2]!.no, made[0]!.no]);
      expect(cards.some((c) => c.draft)).toBe(false);
      expect(cards[0]!.result.subject_scores[0]).toMatchObject({
        subject_name: "Mathematics",
        score: 44.5,
        max_score: 50,
      });
      expect((await reportCard(db(), made[0]!.resultId)).draft).toBe(false);
    } finally {
      await publish(false);
    }
  });

  it("names who issued the batch by display name on its cover", async () => {
    const principal = await staffWithToken("principal");
    const context = new RouterContextProvider();
    const ctx = { waitUntil: () => {}, passThroughOnException: () => {} } as unknown as ExecutionContext;
    context.set(workerContext, { env: env as never, ctx, nonce: "bm9uY2U=" });
    const q = `grade=${GRADE}&academic_year_name=${TERM.academic_year_name}&semester=${TERM.semester}&include_drafts=1`;
    const request = new Request(`${BASE}/admin/print/report-cards?${q}`, {
      headers: { Cookie: `admin_session=${principal.token}` },
    });
    const res = await batchLoader({ request, context, params: {} } as never);
    expect(res.status).toBe(200);
    // Before, the cover said "أصدره: prin…" (the username).
    expect(await res.text()).toMatch(/data-issued-by="">Test principal</);
  });

  it("answers RESULT_NOT_FOUND for an unknown result", async () => {
    await expect(reportCard(db(), 987_654_321)).rejects.toMatchObject({ reason: "RESULT_NOT_FOUND" });
  });
});

describe("receipts and statements", () => {
  const receiptNos: string[] = [];

  beforeAll(async () => {
    const no = made[0]!.no;
    expect(
      (
        await api("/api/fees", {
          method: "POST",
          token,
          body: { student_id: no, grade: GRADE, total_amount: 5000, paid_amount: 0 },
        })
      ).status,
    ).toBe(201);
    for (const amount of [1250, 500.5]) {
      const res = await api(`/api/fees/${no}/add-payment`, {
        method: "POST",
        token,
        body: { payment_amount: amount },
        headers: { "Idempotency-Key": uid("print") },
      });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      receiptNos.push(res.json.payment.receipt_no);
    }
  });

  it("gives each receipt the balance right after its own payment, and who took it", async () => {
    const first = await receipt(db(), receiptNos[0]!);
    expect(first.payment).toMatchObject({ receipt_no: receiptNos[0], amount: 1250, kind: "payment" });
    expect(first.balanceAfter).toBe(3750);
    expect(first.takenBy).toBe("admin");
    expect(first.fee).toMatchObject({ student_no: made[0]!.no, total_amount: 5000, paid_amount: 1750.5 });
    expect((await receipt(db(), receiptNos[1]!)).balanceAfter).toBe(3249.5);
  });

  it("keeps a receipt's figures as issued after the record's total is lowered (a reprint is the original)", async () => {
    const no = made[0]!.no;
    // The office takes 10 EGP off the total (as a discount does) and an adjustment of the paid amount is issued.
    const res = await api(`/api/fees/${no}`, {
      method: "PUT",
      token,
      body: { total_amount: 4990, paid_amount: 1760.5 },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const first = await receipt(db(), receiptNos[0]!);
    expect(first.fee.total_amount).toBe(4990);
    // Before the fix the reprint said 3,730: the balance was recomputed from the record's new total.
    expect(first.balanceAfter).toBe(3750);
    expect((await receipt(db(), receiptNos[1]!)).balanceAfter).toBe(3249.5);
    // The adjustment's own receipt (ADJ-…) carries the balance right after it.
    const [fee] = (await statement(db(), no)).accounts;
    if (!fee) throw new Error("no account");
    const adjustment = fee.payments.at(-1)!;
    expect(adjustment).toMatchObject({ kind: "adjustment", amount: 10 });
    expect((await receipt(db(), adjustment.receipt_no)).balanceAfter).toBe(3229.5);
  });

  it("fixes the balance of the receipt issued with a new record's paid amount", async () => {
    const no = made[2]!.no;
    const res = await api("/api/fees", {
      method: "POST",
      token,
      body: { student_id: no, grade: GRADE, total_amount: 3000, paid_amount: 1000 },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const [fee] = (await statement(db(), no)).accounts;
    if (!fee) throw new Error("no account");
    expect((await receipt(db(), fee.payments[0]!.receipt_no)).balanceAfter).toBe(2000);
    const [row] = await db()
      .select({ b: payments.balanceAfterPiastres })
      .from(payments)
      .where(eq(payments.receiptNo, fee.payments[0]!.receipt_no));
    expect(row!.b).toBe(200_000);
  });

  it("refuses an unknown receipt with RECEIPT_NOT_FOUND (404)", async () => {
    const err = await receipt(db(), "RCP-1999-2000-000001").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ reason: "RECEIPT_NOT_FOUND", status: 404 });
  });

  it("lists every payment on the statement with who took it", async () => {
    const { accounts, takenBy } = await statement(db(), made[0]!.no);
    const fee = accounts[0]!;
    expect(fee.payments.map((p) => p.receipt_no).slice(0, 2)).toEqual(receiptNos);
    expect(fee.payments.map((p) => takenBy.get(p.id))).toEqual(["admin", "admin", "admin"]);
    await expect(statement(db(), made[1]!.no)).rejects.toMatchObject({ reason: "FEE_NOT_FOUND" });
  });

  it("names the staff member who took a payment by display name, not username", async () => {
    const accountant = await staffWithToken("accountant");
    const no = made[1]!.no;
    const fee = await api("/api/fees", {
      method: "POST",
      token,
      body: { student_id: no, grade: GRADE, total_amount: 800, paid_amount: 0 },
    });
    expect(fee.status, JSON.stringify(fee.json)).toBe(201);
    const res = await api(`/api/fees/${no}/add-payment`, {
      method: "POST",
      token: accountant.token,
      body: { payment_amount: 300 },
      headers: { "Idempotency-Key": uid("print") },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    // Before, the username ("acco…") was printed beside "المستلم".
    expect((await receipt(db(), res.json.payment.receipt_no)).takenBy).toBe("Test accountant");
    const printed = await statement(db(), no);
    expect(printed.takenBy.get(printed.accounts[0]!.payments.at(-1)!.id)).toBe("Test accountant");
  });
});
