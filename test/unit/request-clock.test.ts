/** The request clock (worker/request-clock.ts): `X-Test-Now` counts only under the test-only TEST_CLOCK binding. */
import { describe, expect, it } from "vitest";
import { clockNow } from "../../worker/request-clock";

describe("clockNow", () => {
  const later = new Date(Date.now() + 5 * 365 * 86_400_000).toISOString();

  it("takes the header's instant under TEST_CLOCK=1", () => {
    expect(clockNow("1", later).toISOString()).toBe(later);
  });

  it("keeps the Worker's clock otherwise, or for a header that is not a time", () => {
    for (const [binding, header] of [
      [undefined, later],
      ["0", later],
      ["1", "not a time"],
      ["1", null],
    ] as const)
      expect(Math.abs(clockNow(binding, header).getTime() - Date.now())).toBeLessThan(60_000);
  });
});
