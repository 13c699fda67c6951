/**
 * The inline editors of the Fees table (docs/product.md#fees, #payments-and-receipts): at most one
 * row is being edited or paid at a time. The cells read this state through FeeRowsContext so
 * the column definitions stay stable while the admin types.
 */
import { createContext, useContext } from "react";
import type { FeeRecord, Payment } from "./fees-api";

/** A row's key in the Fees table: its account's id (one student has a row per year's account in the arrears view). */
export function feeRowKey(fee: Pick<FeeRecord, "id">): string {
  return String(fee.id);
}

/** Editing a row's total and paid amounts (text as typed). */
export interface EditEditor {
  mode: "edit";
  /** The row's key (`feeRowKey`): a student owing on two years has two rows. */
  rowKey: string;
  total: string;
  paid: string;
  error?: string;
}

/**
 * Entering a payment. `key` is the Idempotency-Key of this entry: made when the entry opens and reused when the
 * same amount is sent again after a failure, so a retry can never record the payment twice.
 */
export interface PayEditor {
  mode: "pay";
  rowKey: string;
  amount: string;
  key: string;
  /** The amount last sent with `key` (normalised); a different amount gets a new key. */
  sentAmount?: number;
  error?: string;
}

export type RowEditor = EditEditor | PayEditor;

/** What the cells need from the page. */
export interface FeeRowsApi {
  editor: RowEditor | null;
  /** Rows with a request in flight (their actions are disabled). */
  pending: ReadonlySet<string>;
  lang: string;
  /** The role holds `fees.write`: Add Payment, Edit and Delete are offered (docs/product.md#staff-and-roles). */
  canWrite: boolean;
  /** The role holds `print.statements`: the Statement is offered. */
  canPrint: boolean;
  startEdit: (fee: FeeRecord) => void;
  startPayment: (fee: FeeRecord) => void;
  /** Updates the draft of the open editor. */
  updateDraft: (patch: Partial<Pick<EditEditor, "total" | "paid">> | Partial<Pick<PayEditor, "amount">>) => void;
  cancel: () => void;
  /** Validates the edit draft and opens the save confirmation. */
  requestSave: (fee: FeeRecord) => void;
  /** Validates the payment amount and opens the payment confirmation. */
  requestPayment: (fee: FeeRecord) => void;
  /** Fills the payment amount with the remaining amount. */
  fillRemaining: (fee: FeeRecord) => void;
  openDelete: (fee: FeeRecord) => void;
  openPayments: (fee: FeeRecord) => void;
  openReceipt: (fee: FeeRecord, payment: Payment) => void;
}

export const FeeRowsContext = createContext<FeeRowsApi | null>(null);

/** The Fees table's row API; throws outside the provider (a programming error). */
export function useFeeRows(): FeeRowsApi {
  const api = useContext(FeeRowsContext);
  if (!api) throw new Error("useFeeRows must be used inside FeeRowsContext");
  return api;
}

/** A fresh Idempotency-Key (a UUID v4; built by hand where `randomUUID` is missing, i.e. plain-http origins). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
