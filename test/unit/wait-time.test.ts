/**
 * The login lockout's wait (web/lib/wait-time.ts, web/lib/api.ts `retryAfterSeconds`): `Retry-After` read as
 * seconds or a date, then said in whole minutes, rounded up, with each language's plural forms (Intl).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { retryAfterSeconds } from "../../web/lib/api";
import { formatWait } from "../../web/lib/wait-time";

describe("formatWait", () => {
  it.each([
    [840, "in 14 minutes", "خلال ١٤ دقيقة"],
    [900, "in 15 minutes", "خلال ١٥ دقيقة"],
    [841, "in 15 minutes", "خلال ١٥ دقيقة"],
    [60, "in 1 minute", "خلال دقيقة واحدة"],
    [5, "in 1 minute", "خلال دقيقة واحدة"],
    [120, "in 2 minutes", "خلال دقيقتين"],
    [180, "in 3 minutes", "خلال ٣ دقائق"],
    [660, "in 11 minutes", "خلال ١١ دقيقة"],
    [7200, "in 2 hours", "خلال ساعتين"],
  ])("%i s → %j / %j", (seconds, en, ar) => {
    expect(formatWait(seconds, "en")).toBe(en);
    expect(formatWait(seconds, "ar")).toBe(ar);
  });

  it("never tells the admin to come back before the lock ends", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 90 * 60 }), (seconds) => {
        const minutes = Number(/in (\d+) minutes?/.exec(formatWait(seconds, "en"))![1]);
        expect(minutes * 60).toBeGreaterThanOrEqual(seconds);
        expect((minutes - 1) * 60).toBeLessThan(seconds);
      }),
    );
  });
});

describe("retryAfterSeconds", () => {
  it("reads delta-seconds and HTTP dates, and ignores the rest", () => {
    expect(retryAfterSeconds("840")).toBe(840);
    expect(retryAfterSeconds(" 5 ")).toBe(5);
    const now = Date.parse("2026-03-01T10:00:00Z");
    expect(retryAfterSeconds("Sun, 01 Mar 2026 10:14:00 GMT", now)).toBe(840);
    expect(retryAfterSeconds("Sun, 01 Mar 2026 09:00:00 GMT", now)).toBe(0);
    for (const v of [null, undefined, "", "soon", "-5", "1.5"]) expect(retryAfterSeconds(v)).toBeUndefined();
  });
});
