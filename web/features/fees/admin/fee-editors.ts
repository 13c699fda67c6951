/**
 * The pure steps of the Fees table's inline editors (docs/product.md#fees, #payments-and-receipts), apart from the
 * hooks that run them so they can be tested without React: opening an editor, changing its draft, reading what was
 * typed, and which Idempotency-Key a payment is sent with.
 */
import { addPaymentSchema, updateFeeSchema } from "@worker/contracts/fees";
import type { FeeRecord } from "./fees-api";
import { amountInputValue, remainingOf, toPiastres } from "./fee-money";
import { type EditEditor, feeRowKey, type PayEditor, type RowEditor } from "./fee-row-state";
import type { Unsettled } from "./unsettled-payments";

/** What is waiting for the admin's confirmation. */
export type PendingConfirm =
  | { kind: "save"; fee: FeeRecord; total: number; paid: number }
  | { kind: "payment"; fee: FeeRecord; amount: number; key: string }
  | { kind: "delete"; fee: FeeRecord };

/** A draft read: the values, or the reason code of the first problem (shown through messageText). */
export type Parsed<T> = ({ ok: true } & T) | { ok: false; issue: string | undefined };

/** The edit entry of `fee`, its amounts as the inputs show them. */
export function editEditorOf(fee: FeeRecord): EditEditor {
  return {
    mode: "edit",
    rowKey: feeRowKey(fee),
    total: amountInputValue(fee.total_amount),
    paid: amountInputValue(fee.paid_amount),
  };
}

/**
 * The payment entry of `fee`: empty with the new `key`, or, while an earlier payment is unconfirmed (`open`), that
 * payment's amount and key again (the same intent, the same key, so a second send cannot record it twice).
 */
export function payEditorOf(fee: FeeRecord, key: string, open: Unsettled | null): PayEditor {
  const fresh: PayEditor = { mode: "pay", rowKey: feeRowKey(fee), amount: "", key };
  return open ? { ...fresh, amount: amountInputValue(open.amount), key: open.key, sentAmount: open.amount } : fresh;
}

/** The open editor with `patch` typed into it; a change clears the shown error. */
export function withDraft(
  editor: RowEditor | null,
  patch: Partial<Pick<EditEditor, "total" | "paid">> | Partial<Pick<PayEditor, "amount">>,
): RowEditor | null {
  return editor ? ({ ...editor, ...patch, error: undefined } as RowEditor) : editor;
}

/** The payment entry filled with what `fee` still owes; any other editor unchanged. */
export function withRemaining(editor: RowEditor | null, fee: FeeRecord): RowEditor | null {
  return editor?.mode === "pay" ? { ...editor, amount: amountInputValue(remainingOf(fee)), error: undefined } : editor;
}

/** The edit draft as amounts (EGP), by the API's own schema. */
export function parseEdit(editor: EditEditor): Parsed<{ total: number; paid: number }> {
  const parsed = updateFeeSchema.safeParse({ total_amount: editor.total, paid_amount: editor.paid });
  if (!parsed.success) return { ok: false, issue: parsed.error.issues[0]?.message };
  return { ok: true, total: parsed.data.total_amount, paid: parsed.data.paid_amount };
}

/** The payment draft as an amount (EGP), by the API's own schema. */
export function parsePayment(editor: PayEditor): Parsed<{ amount: number }> {
  const parsed = addPaymentSchema.safeParse({ payment_amount: editor.amount });
  if (!parsed.success) return { ok: false, issue: parsed.error.issues[0]?.message };
  return { ok: true, amount: parsed.data.payment_amount };
}

/**
 * The key a payment of `amount` goes with, and whether it is a retry. An unconfirmed payment's key always goes
 * again, so at most one of the two is recorded; the same entry with the same amount keeps its key; a changed
 * amount after a send is a new request with a new key (`newKey`).
 */
export function paymentKey(
  editor: PayEditor,
  open: Unsettled | null,
  amount: number,
  newKey: () => string,
): { key: string; retry: boolean } {
  const retry = editor.sentAmount === amount || open?.amount === amount;
  const key = open?.key ?? (editor.sentAmount === undefined || retry ? editor.key : newKey());
  return { key, retry };
}

/**
 * Whether a new payment of `amount` is above what `fee` still owes. Only a new request is checked: a retry may
 * concern a payment the server already recorded (the row then looks settled), which it answers with that payment.
 */
export function aboveRemaining(fee: FeeRecord, amount: number): boolean {
  return toPiastres(amount) > toPiastres(remainingOf(fee));
}

/** `rows` with `rowKey` in (`on`) or out of it; the rows with a request in flight. */
export function toggled(rows: ReadonlySet<string>, rowKey: string, on: boolean): ReadonlySet<string> {
  const next = new Set(rows);
  if (on) next.add(rowKey);
  else next.delete(rowKey);
  return next;
}
