/**
 * The one signature check (worker/lib/tokens.ts `verifyHmacHex`): the WhatsApp webhook's SHA-256 and Paymob's
 * SHA-512 both go through it, so its edges are tested once here; and the one comparison of secrets under it
 * (`equalBytes`, which password checks use too).
 */
import { createHmac } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { equalBytes, hmacHex, verifyHmacHex } from "../../worker/lib/tokens";

const node = (hash: "sha256" | "sha512", secret: string, message: string) =>
  createHmac(hash, secret).update(message).digest("hex");

describe("hmacHex / verifyHmacHex", () => {
  it("agrees with Node's HMAC for both hashes, and verifies its own signature in either case", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1 }), fc.string({ unit: "grapheme" }), async (secret, message) => {
        const sha256 = await hmacHex(secret, message);
        const sha512 = await hmacHex(secret, message, "SHA-512");
        expect(sha256).toBe(node("sha256", secret, message));
        expect(sha512).toBe(node("sha512", secret, message));
        expect(await verifyHmacHex(secret, message, sha256)).toBe(true);
        expect(await verifyHmacHex(secret, message, sha512.toUpperCase(), "SHA-512")).toBe(true);
      }),
      { numRuns: 50 },
    );
  });

  it("refuses a changed byte, a changed message, another hash's length, non-hex, and an empty secret", async () => {
    const good = await hmacHex("s3cret", "body");
    const flipped = `${good.slice(0, 10)}${good[10] === "0" ? "1" : "0"}${good.slice(11)}`;
    expect(await verifyHmacHex("s3cret", "body", flipped)).toBe(false);
    expect(await verifyHmacHex("s3cret", "body!", good)).toBe(false);
    expect(await verifyHmacHex("s3cret", "body", good, "SHA-512")).toBe(false);
    expect(await verifyHmacHex("s3cret", "body", `${good.slice(0, 63)}g`)).toBe(false);
    expect(await verifyHmacHex("s3cret", "body", good.slice(0, 62))).toBe(false);
    expect(await verifyHmacHex("", "body", good)).toBe(false);
    expect(await verifyHmacHex(undefined, "body", good)).toBe(false);
  });
});

describe("equalBytes", () => {
  it("is true exactly when both hold the same bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array(), fc.uint8Array(), (a, b) => {
        expect(equalBytes(a, b)).toBe(Buffer.from(a).equals(Buffer.from(b)));
        expect(equalBytes(a, Uint8Array.from(a))).toBe(true);
      }),
    );
  });

  it("refuses one changed byte anywhere, and a prefix", () => {
    const a = Uint8Array.from({ length: 32 }, (_, i) => i);
    for (const at of [0, 15, 31]) {
      const b = Uint8Array.from(a);
      b[at]! ^= 1;
      expect(equalBytes(a, b)).toBe(false);
    }
    expect(equalBytes(a, a.subarray(0, 31))).toBe(false);
  });
});
