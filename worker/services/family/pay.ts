/**
 * A family pays for several children in one checkout (docs/product.md#family-accounts, docs/decisions/0045-family-
 * payment-parts.md). The page sends a choice per child ("next", "overdue", "all" or an amount in EGP); the server
 * computes each child's amount from that child's own figures exactly as /pay does (../online-payments/figures.ts),
 * asks Paymob for one intention of the total with a line item per child, and records the payment `pending` with one
 * part per child (`online_payment_parts`), all in one batch. Money is recorded only by the verified callback or
 * reconciliation (../online-payments/parts.ts). Idempotency-Key as on /pay: the same key and body answer the same
 * payment, another body 422.
 */
import { asc, eq, sql } from "drizzle-orm";
import { onlinePaymentParts, onlinePayments, studentGuardians } from "../../../db/schema";
import { batchAll, type Db } from "../../db";
import { broke } from "../../db-constraints";
import { ApiError } from "../../errors";
import type { FamilyPaymentInput } from "../../contracts/family-payments";
import { piastresToEgp } from "../../money";
import { schoolDate } from "../../lib/fee-schedule";
import { sha256Hex } from "../../lib/tokens";
import type { PaymobGateway } from "../paymob/client";
import { amountFor, answerOf, type CreateOptions, openCheckout, storedForKey } from "../online-payments/create";
import { choiceAmount, combinedFigures, type PublicAccounts, publicAccounts } from "../online-payments/figures";
import { childrenOf } from "./read";

/** The family's return page for payment `publicId`: `{origin}/family/payments/return?payment=…`. */
export function familyReturnUrl(origin: string, publicId: string): string {
  const url = new URL("/family/payments/return", origin);
  url.searchParams.set("payment", publicId);
  return url.href;
}

/** The accounts of `studentNo`, or null when the child has none. */
async function accountsOrNone(db: Db, studentNo: string, today: string): Promise<PublicAccounts | null> {
  try {
    return await publicAccounts(db, studentNo, today);
  } catch (e) {
    if (e instanceof ApiError && e.reason === "PUBLIC_FEES_NOT_FOUND") return null;
    throw e;
  }
}

/** `GET /api/family/pay`: each child of `phone` with an account, what it owes and what each choice charges (EGP). */
export async function familyPayFigures(db: Db, phone: string, today: string) {
  const kids = await childrenOf(db, phone);
  const rows = await Promise.all(
    kids.map(async (k) => {
      const acc = await accountsOrNone(db, k.studentNo, today);
      if (!acc) return null;
      const f = combinedFigures(acc.fee, acc.arrears);
      const egp = (p: number | null) => (p === null ? null : piastresToEgp(p));
      const arrears = acc.arrears.reduce((s, a) => s + Math.round(a.remaining * 100), 0);
      return {
        id: k.id,
        full_name: k.full_name,
        grade: k.grade,
        remaining: piastresToEgp(f.remaining),
        arrears: piastresToEgp(arrears),
        choices: {
          next: egp(choiceAmount("next", f)),
          overdue: egp(choiceAmount("overdue", f)),
          all: egp(choiceAmount("all", f)),
        },
      };
    }),
  );
  return rows.filter((r) => r !== null);
}

/** SHA-256 (hex) of the canonical request: the number and each child's id and choice (or piastres), in order. */
function requestHash(phone: string, input: FamilyPaymentInput): Promise<string> {
  const spec = input.children.map(
    (c) => `${c.id}:${typeof c.amount === "number" ? Math.round(c.amount * 100) : c.amount}`,
  );
  return sha256Hex(`family-payment\n${phone}\n${spec.join("\n")}`);
}

/** The created answer of stored payment `row` with its parts (the children's amounts). */
async function answerWithParts(db: Db, gateway: PaymobGateway, row: typeof onlinePayments.$inferSelect) {
  const parts = await db
    .select({ id: onlinePaymentParts.studentId, amount: onlinePaymentParts.amountPiastres })
    .from(onlinePaymentParts)
    .where(eq(onlinePaymentParts.onlinePaymentId, row.id))
    .orderBy(asc(onlinePaymentParts.position));
  const { order_id: _, ...a } = answerOf(row, gateway);
  return { ...a, children: parts.map((p) => ({ id: p.id, amount: piastresToEgp(p.amount) })) };
}
export type FamilyPaymentCreated = Awaited<ReturnType<typeof answerWithParts>>;

async function replay(db: Db, gateway: PaymobGateway, key: string, hash: string) {
  const row = await storedForKey(db, key, hash);
  return row && answerWithParts(db, gateway, row);
}

/** A child chosen, with the amount the server computed for it (piastres) and the account the order names. */
interface Chosen {
  id: number;
  fullName: string;
  grade: string;
  piastres: number;
  accountId: number;
}

/**
 * Each chosen child's amount from its own figures. Throws 404 FAMILY_CHILD_NOT_FOUND (not a child of `phone`), 400
 * ONLINE_NOTHING_DUE / ONLINE_AMOUNT_INVALID with `child_id` (nothing owed, or more than owed).
 */
async function chooseAmounts(db: Db, phone: string, input: FamilyPaymentInput, today: string): Promise<Chosen[]> {
  const kids = new Map((await childrenOf(db, phone)).map((k) => [k.id, k]));
  const known = input.children.map((c) => {
    const kid = kids.get(c.id);
    if (!kid) throw new ApiError("FAMILY_CHILD_NOT_FOUND");
    return { ...c, kid };
  });
  return Promise.all(
    known.map(async ({ id, amount, kid }) => {
      const acc = await accountsOrNone(db, kid.studentNo, today);
      if (!acc) throw new ApiError("ONLINE_NOTHING_DUE", { extra: { child_id: id } });
      let piastres: number;
      try {
        piastres = amountFor(amount, combinedFigures(acc.fee, acc.arrears));
      } catch (e) {
        if (e instanceof ApiError) throw new ApiError(e.reason, { extra: { child_id: id } });
        throw e;
      }
      const accountId = (acc.arrears[0] ?? acc.fee).id;
      return { id, fullName: kid.full_name, grade: kid.grade, piastres, accountId };
    }),
  );
}

/** The guardian's name on the first child's guardian row of `phone` (Paymob's payer), else the first child's. */
async function payerName(db: Db, phone: string, fallback: string): Promise<string> {
  const [row] = await db
    .select({ name: studentGuardians.fullName })
    .from(studentGuardians)
    .where(eq(studentGuardians.phone, phone))
    .orderBy(asc(studentGuardians.studentId), asc(studentGuardians.position))
    .limit(1);
  return row?.name || fallback;
}

/**
 * Creates the pending payment of `input` for the family `phone`, one part per child, and its Paymob intention of the
 * total. Returns the answer and whether it replays an earlier request with the same key. Throws as `chooseAmounts`,
 * 422 IDEMPOTENCY_MISMATCH, 503 PAYMENT_GATEWAY_UNAVAILABLE.
 */
export async function createFamilyPayment(
  db: Db,
  gateway: PaymobGateway,
  phone: string,
  input: FamilyPaymentInput,
  o: CreateOptions,
): Promise<{ payment: FamilyPaymentCreated; replayed: boolean }> {
  const hash = await requestHash(phone, input);
  const earlier = await replay(db, gateway, o.key, hash);
  if (earlier) return { payment: earlier, replayed: true };
  const chosen = await chooseAmounts(db, phone, input, schoolDate(o.now));
  const total = chosen.reduce((s, c) => s + c.piastres, 0);
  const checkout = await openCheckout(
    gateway,
    {
      amountPiastres: total,
      items: chosen.map((c) => ({
        name: "School fees",
        description: `${c.fullName} · ${c.grade} · ${piastresToEgp(c.piastres)} EGP`,
        amountPiastres: c.piastres,
      })),
      payerName: await payerName(db, phone, chosen[0]!.fullName),
      payerPhone: phone,
      feeRecordId: chosen[0]!.accountId,
      returnTo: familyReturnUrl,
    },
    hash,
    o,
  );
  const { publicId } = checkout;
  const values = { ...checkout, guardianPhone: phone };
  const paymentId = sql`(SELECT id FROM online_payments WHERE public_id = ${publicId})`;
  try {
    await batchAll(db, [
      db.insert(onlinePayments).values(values),
      ...chosen.map((c, i) =>
        db.run(sql`INSERT INTO online_payment_parts (online_payment_id, position, student_id, amount_piastres)
          VALUES (${paymentId}, ${i + 1}, ${c.id}, ${c.piastres})`),
      ),
    ]);
  } catch (err) {
    if (broke(err, "online_payments.idempotency_key")) {
      const again = await replay(db, gateway, o.key, hash);
      if (again) return { payment: again, replayed: true };
    }
    throw err;
  }
  const [row] = await db.select().from(onlinePayments).where(eq(onlinePayments.publicId, publicId));
  return { payment: await answerWithParts(db, gateway, row!), replayed: false };
}
