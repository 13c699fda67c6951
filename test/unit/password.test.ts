/** The PBKDF2 cap: production Workers refuse more than 100,000 iterations (docs/decisions/0005). */
import { describe, expect, it } from "vitest";
import { PBKDF2_ITERATIONS, hashPassword, verifyPassword } from "../../worker/services/password";

describe("password hashing", () => {
  it("uses at most 100,000 PBKDF2 iterations", async () => {
    expect(PBKDF2_ITERATIONS).toBeLessThanOrEqual(100_000);
    const encoded = await hashPassword("s3cret!", "pepper");
    expect(Number(encoded.split("$")[1])).toBeLessThanOrEqual(100_000);
    await expect(hashPassword("x", "pepper", 100_001)).rejects.toThrow();
  });

  it("verifies with the same pepper only, and salts every hash", async () => {
    const a = await hashPassword("s3cret!", "pepper");
    const b = await hashPassword("s3cret!", "pepper");
    expect(a).not.toBe(b);
    expect(await verifyPassword("s3cret!", a, "pepper")).toBe(true);
    expect(await verifyPassword("s3cret!", a, "other-pepper")).toBe(false);
    expect(await verifyPassword("wrong", a, "pepper")).toBe(false);
    expect(await verifyPassword("s3cret!", "garbage", "pepper")).toBe(false);
  });
});
