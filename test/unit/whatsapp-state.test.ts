/**
 * A number's WhatsApp state (docs/product.md#family-accounts, "The office"): "on" when every guardian row has consent,
 * "some" when some do, "off" when none; the list (grouped in SQL) and the number's page (its rows) agree.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { whatsappState } from "../../worker/services/family/guardians";

describe("whatsappState", () => {
  it("is on for all, off for none, some otherwise, whatever the rows", () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 1, maxLength: 12 }), (rows) => {
        const state = whatsappState(rows.every(Boolean), rows.some(Boolean));
        const on = rows.filter(Boolean).length;
        expect(state).toBe(on === rows.length ? "on" : on === 0 ? "off" : "some");
      }),
    );
  });
});
