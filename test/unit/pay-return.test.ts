/**
 * The return from Paymob's checkout (docs/product.md#online-payments): the address the Worker gives Paymob, how
 * Paymob (and the local stand-in) adds its query to it, and how /pay/return reads its values back, whether that
 * query was joined with "&" or with a second "?", or the payment id came back only as `merchant_order_id`.
 */
import { describe, expect, it } from "vitest";
import { returnUrl } from "@worker/services/online-payments/create";
import { returnAddress } from "../../scripts/lib/paymob-standin-page";
import { returnParams } from "~/features/pay/public/return-params";

const ID = "AbCdEfGhIjKlMnOpQrStUvWx";
const PAYMOB = `id=401&pending=true&order=77&merchant_order_id=${ID}&data.bill_reference=70001234&hmac=ab`;

describe("the return address", () => {
  it("is the return page with the payment id in its query, so Paymob adds its own with &", () => {
    expect(returnUrl("https://school.example", ID)).toBe(`https://school.example/pay/return?payment=${ID}`);
    expect(returnAddress(returnUrl("https://school.example", ID), PAYMOB)).toBe(
      `https://school.example/pay/return?payment=${ID}&${PAYMOB}`,
    );
    expect(returnAddress("https://school.example/pay/return", PAYMOB)).toBe(
      `https://school.example/pay/return?${PAYMOB}`,
    );
  });
});

describe("the return page reads", () => {
  it("the payment and the kiosk reference from a query joined with &", () => {
    expect(returnParams(`?payment=${ID}&${PAYMOB}`)).toEqual({ paymentId: ID, kioskRef: "70001234" });
  });

  it("the same when Paymob joined its query with a second ?", () => {
    expect(returnParams(`?payment=${ID}?${PAYMOB}`)).toEqual({ paymentId: ID, kioskRef: "70001234" });
  });

  it("the payment from merchant_order_id when our own value is missing or mangled", () => {
    expect(returnParams(`?${PAYMOB}`)).toEqual({ paymentId: ID, kioskRef: "70001234" });
    expect(returnParams(`?payment=${ID}%3Fid%3D401&merchant_order_id=${ID}`).paymentId).toBe(ID);
  });

  it("nothing it cannot trust: a malformed id or reference is dropped", () => {
    expect(returnParams("?payment=<script>&data.bill_reference=abc")).toEqual({ paymentId: null, kioskRef: null });
    expect(returnParams("")).toEqual({ paymentId: null, kioskRef: null });
  });
});
