/**
 * Starting an online payment (docs/product.md#online-payments): the server picks the amount from its own figures,
 * asks Paymob for an intention, and records the payment `pending` with the family's `Idempotency-Key`. Money is
 * recorded only by a verified callback or reconciliation (./ledger.ts), never here.
 *
 * Idempotency: the key and a SHA-256 of the canonical request (student number and the choice or amount) are stored;
 * the UNIQUE key makes a concurrent duplicate fail inside the database, and it then answers with the stored row. A
 * duplicate that raced past the first read has created a second intention at Paymob, never stored: nobody is sent
 * to it, so it expires unpaid.
 */
import { asc, eq } from "drizzle-orm";
import { onlinePayments, studentGuardians, students } from "../../../db/schema";
import type { Db } from "../../db";
import { broke } from "../../db-constraints";
import { ApiError } from "../../errors";
import type { CreateOnlinePaymentInput } from "../../contracts/online-payments";
import { piastresToEgp } from "../../money";
import { schoolDate } from "../../lib/fee-schedule";
import type { IntentionInput, PaymobGateway } from "../paymob/client";
import { sha256Hex } from "../../lib/tokens";
import { newToken } from "../../../common/new-token";
import { choiceAmount, combinedFigures, type FeeFigures, publicAccounts } from "./figures";

/** How long the checkout stays open (s); reconciliation marks an unpaid payment expired after it. */
export const CHECKOUT_EXPIRY_S = 60 * 60;
/** Smallest "another amount" (piastres): 1 EGP. */
export const MIN_ONLINE_PIASTRES = 100;

export interface CreatedOnlinePayment {
  payment_id: string;
  order_id: string;
  amount: number;
  checkout_url: string;
  expires_at: string;
}

export interface CreateOptions {
  key: string;
  now: Date;
  /** The site's origin (`https://school.example`): Paymob's callback and the return page are under it. */
  origin: string;
}

/** SHA-256 (hex) of the canonical request: the student number and the choice, or the amount in piastres. */
function requestHash(studentNo: string, amount: CreateOnlinePaymentInput["amount"]): Promise<string> {
  const spec = typeof amount === "number" ? String(Math.round(amount * 100)) : amount;
  return sha256Hex(`online-payment\n${studentNo}\n${spec}`);
}

type Row = typeof onlinePayments.$inferSelect;

/**
 * The return page's address for payment `publicId`: `{origin}/pay/return?payment=…`. It already has a query, so
 * Paymob adds its own with "&"; the page also reads a query joined with a second "?" (web/features/pay/public).
 */
export function returnUrl(origin: string, publicId: string): string {
  const url = new URL("/pay/return", origin);
  url.searchParams.set("payment", publicId);
  return url.href;
}

/** The first guardian's mobile (E.164, as stored) of student `studentNo`, or null without guardians. */
export async function firstGuardianPhone(db: Db, studentNo: string): Promise<string | null> {
  const [row] = await db
    .select({ phone: studentGuardians.phone })
    .from(studentGuardians)
    .innerJoin(students, eq(students.id, studentGuardians.studentId))
    .where(eq(students.studentNo, studentNo))
    .orderBy(asc(studentGuardians.position))
    .limit(1);
  return row?.phone ?? null;
}

/** The created answer of stored payment `row`. */
export function answerOf(row: Row, gateway: PaymobGateway): CreatedOnlinePayment {
  return {
    payment_id: row.publicId,
    order_id: row.orderId,
    amount: piastresToEgp(row.amountPiastres),
    checkout_url: gateway.checkoutUrl(row.clientSecret),
    expires_at: row.expiresAt,
  };
}

/**
 * The payment stored under Idempotency-Key `key` (a /pay or a family payment), or null; 422 IDEMPOTENCY_MISMATCH when
 * it was made for another request (`hash` differs).
 */
export async function storedForKey(db: Db, key: string, hash: string): Promise<Row | null> {
  const [row] = await db.select().from(onlinePayments).where(eq(onlinePayments.idempotencyKey, key));
  if (!row) return null;
  if (row.requestHash !== hash) throw new ApiError("IDEMPOTENCY_MISMATCH");
  return row;
}

async function replay(db: Db, gateway: PaymobGateway, key: string, hash: string) {
  const row = await storedForKey(db, key, hash);
  return row && answerOf(row, gateway);
}

/** What a new checkout charges and names: the total, Paymob's line items and payer, the account the order names. */
export interface CheckoutOf {
  amountPiastres: number;
  items: IntentionInput["items"];
  payerName: string;
  payerPhone: string | null;
  feeRecordId: number;
  /** The page Paymob sends the family back to, for the payment's public id. */
  returnTo: (origin: string, publicId: string) => string;
}

/**
 * Asks Paymob for the intention of a new checkout and answers the `online_payments` row to store, `pending`, under
 * the request's key and `hash` (one way for /pay and the family's payments). Throws 503 PAYMENT_GATEWAY_UNAVAILABLE.
 */
export async function openCheckout(gateway: PaymobGateway, c: CheckoutOf, hash: string, o: CreateOptions) {
  const publicId = newToken().slice(0, 24);
  const intention = await gateway.createIntention({
    amountPiastres: c.amountPiastres,
    specialReference: publicId,
    notificationUrl: `${o.origin}/api/payments/paymob/callback`,
    redirectionUrl: c.returnTo(o.origin, publicId),
    expiresInS: CHECKOUT_EXPIRY_S,
    items: c.items,
    payerName: c.payerName,
    payerPhone: c.payerPhone,
  });
  return {
    publicId,
    feeRecordId: c.feeRecordId,
    amountPiastres: c.amountPiastres,
    orderId: intention.orderId,
    intentionId: intention.id,
    clientSecret: intention.clientSecret,
    idempotencyKey: o.key,
    requestHash: hash,
    receiptToken: newToken(),
    expiresAt: new Date(o.now.getTime() + CHECKOUT_EXPIRY_S * 1000).toISOString(),
    createdAt: o.now.toISOString(),
    updatedAt: o.now.toISOString(),
  } satisfies typeof onlinePayments.$inferInsert;
}

/** Piastres the request asks for, checked against the record's figures: 400 ONLINE_NOTHING_DUE / ONLINE_AMOUNT_INVALID. */
export function amountFor(amount: CreateOnlinePaymentInput["amount"], f: FeeFigures): number {
  if (typeof amount !== "number") {
    const chosen = choiceAmount(amount, f);
    if (chosen === null) throw new ApiError("ONLINE_NOTHING_DUE");
    return chosen;
  }
  const piastres = Math.round(amount * 100);
  if (f.remaining <= 0) throw new ApiError("ONLINE_NOTHING_DUE");
  if (piastres < MIN_ONLINE_PIASTRES || piastres > f.remaining) throw new ApiError("ONLINE_AMOUNT_INVALID");
  return piastres;
}

/**
 * Creates the pending payment of `input` (student number already normalised) and its Paymob intention. Returns the
 * answer and whether it replays an earlier request with the same key. Throws 404 PUBLIC_FEES_NOT_FOUND, 400
 * ONLINE_NOTHING_DUE / ONLINE_AMOUNT_INVALID, 422 IDEMPOTENCY_MISMATCH, 503 PAYMENT_GATEWAY_UNAVAILABLE.
 */
export async function createOnlinePayment(
  db: Db,
  gateway: PaymobGateway,
  input: CreateOnlinePaymentInput,
  o: CreateOptions,
): Promise<{ payment: CreatedOnlinePayment; replayed: boolean }> {
  const hash = await requestHash(input.national_id, input.amount);
  const earlier = await replay(db, gateway, o.key, hash);
  if (earlier) return { payment: earlier, replayed: true };

  const { fee, arrears } = await publicAccounts(db, input.national_id, schoolDate(o.now));
  const amountPiastres = amountFor(input.amount, combinedFigures(fee, arrears));
  // The order names the oldest account owing; the recorded success settles every account oldest year first.
  const payOn = arrears[0] ?? fee;
  const values = await openCheckout(
    gateway,
    {
      amountPiastres,
      items: [
        { name: "School fees", description: `${fee.grade} ${piastresToEgp(amountPiastres)} EGP`, amountPiastres },
      ],
      payerName: fee.full_name,
      payerPhone: await firstGuardianPhone(db, fee.student_no),
      feeRecordId: payOn.id,
      returnTo: returnUrl,
    },
    hash,
    o,
  );
  try {
    const [row] = await db.insert(onlinePayments).values(values).returning();
    return { payment: answerOf(row!, gateway), replayed: false };
  } catch (err) {
    if (broke(err, "online_payments.idempotency_key")) {
      const again = await replay(db, gateway, o.key, hash);
      if (again) return { payment: again, replayed: true };
    }
    throw err;
  }
}
