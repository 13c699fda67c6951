/**
 * `POST /api/public/payments`'s amount (docs/product.md#online-payments): a choice ("next", "overdue", "all") or EGP
 * ≥ 1 with at most 2 decimals. Every other amount is refused 400 with the documented reason ONLINE_AMOUNT_INVALID,
 * never the generic INVALID_INPUT, before anything is looked up or written.
 */
import { describe, expect, it } from "vitest";
import { expectError, uid } from "./helpers";
import { pub } from "./online-fixtures";

const create = (amount: unknown) =>
  pub("/api/public/payments", {
    method: "POST",
    body: { national_id: "29901010100011", ...(amount === undefined ? {} : { amount }) },
    headers: { "Idempotency-Key": `amount-${uid()}` },
  });

describe("the amount of an online payment", () => {
  it.each([
    ["negative", -5],
    ["zero", 0],
    ["under 1 EGP", 0.5],
    ["text", "abc"],
    ["negative text", "-5"],
    ["too many decimals", 10.123],
    ["too many decimals, typed in Arabic-Indic digits", "١٠٫٥٥٥"],
    ["over the largest amount", 1e12],
    ["an unknown choice", "everything"],
    ["empty", ""],
    ["null", null],
    ["missing", undefined],
    ["a boolean", true],
    ["an object", { egp: 5 }],
  ])("%s → 400 ONLINE_AMOUNT_INVALID", async (_, amount) => {
    const body = expectError(await create(amount), 400, "VALIDATION_FAILED");
    expect(body.reason).toBe("ONLINE_AMOUNT_INVALID");
    expect(body.issues).toEqual([expect.objectContaining({ path: "amount", reason: "ONLINE_AMOUNT_INVALID" })]);
  });
});
