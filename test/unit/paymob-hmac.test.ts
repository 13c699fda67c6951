/**
 * Paymob's callback HMAC (docs/product.md#online-payments; worker/services/paymob/hmac.ts) against a fixture made
 * independently: Paymob's documented sample transaction, the concatenated string its documentation prints for it,
 * and the HMAC-SHA512 Python's hmac module computes (test/unit/fixtures/paymob-hmac.py wrote the JSON).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { hmacString, PAYMOB_HMAC_FIELDS, signPaymob, verifyPaymob } from "../../worker/services/paymob/hmac";

const fixture = JSON.parse(readFileSync(new URL("./fixtures/paymob-hmac.json", import.meta.url), "utf8")) as {
  secret: string;
  callback: { obj: Record<string, unknown> };
  concatenated: string;
  hmac: string;
};
const obj = fixture.callback.obj;

describe("Paymob's transaction HMAC", () => {
  it("concatenates the 20 documented fields in Paymob's order into the documented string", () => {
    expect(PAYMOB_HMAC_FIELDS).toHaveLength(20);
    expect(hmacString(obj)).toBe(fixture.concatenated);
  });

  it("signs it as Python's hmac does, and verifies that hex in either case", async () => {
    expect(await signPaymob(obj, fixture.secret)).toBe(fixture.hmac);
    expect(await verifyPaymob(obj, fixture.hmac, fixture.secret)).toBe(true);
    expect(await verifyPaymob(obj, fixture.hmac.toUpperCase(), fixture.secret)).toBe(true);
  });

  it("refuses a missing, short or wrong HMAC, another secret, an empty secret, and any changed field", async () => {
    for (const hmac of [undefined, null, "", fixture.hmac.slice(0, 127), `${fixture.hmac}0`, "g".repeat(128)])
      expect(await verifyPaymob(obj, hmac, fixture.secret)).toBe(false);
    expect(await verifyPaymob(obj, fixture.hmac, "another-secret")).toBe(false);
    expect(await verifyPaymob(obj, fixture.hmac, "")).toBe(false);
    const changed: Record<string, unknown>[] = [
      { ...obj, amount_cents: 100001 },
      { ...obj, success: false },
      { ...obj, order: { ...(obj.order as object), id: 217503755 } },
      { ...obj, source_data: { ...(obj.source_data as object), pan: "2347" } },
    ];
    for (const c of changed) expect(await verifyPaymob(c, fixture.hmac, fixture.secret)).toBe(false);
  });

  it("reads fields Paymob leaves out as empty, and ignores fields outside the 20", async () => {
    const extra = { ...obj, profile_id: 1, data: { message: "other" }, merchant_commission: 5 };
    expect(hmacString(extra)).toBe(fixture.concatenated);
    const noPan = { ...obj, source_data: { type: "wallet", sub_type: "wallet", pan: null } };
    expect(hmacString(noPan)).toBe(fixture.concatenated.replace("2346MasterCardcard", "walletwallet"));
  });
});
