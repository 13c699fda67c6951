/** web/lib/format.ts: EGP and school-time formatting for both UI languages. */
import { describe, expect, it } from "vitest";
import { formatEgp, formatSchoolTime } from "../../web/lib/format";

describe("formatSchoolTime", () => {
  it("shows an instant in Cairo time whatever the process zone, summer time included", () => {
    // 2026-11-21T22:30Z is already the 22nd in Cairo (UTC+2); 2026-07-01T21:30Z is 00:30 on July 2 (UTC+3).
    expect(formatSchoolTime("2026-11-21T22:30:00.000Z", "en", { dateStyle: "medium", timeStyle: "short" })).toMatch(
      /^Nov 22, 2026,? (at )?12:30\s?AM$/,
    );
    expect(formatSchoolTime("2026-07-01T21:30:00Z", "en", { dateStyle: "medium" })).toBe("Jul 2, 2026");
  });

  it("uses Arabic-Indic digits in Arabic, and a given locale when asked", () => {
    expect(formatSchoolTime("2026-11-21T10:00:00Z", "ar", { day: "numeric", month: "long", year: "numeric" })).toBe(
      "٢١ نوفمبر ٢٠٢٦",
    );
    expect(
      formatSchoolTime("2026-11-21T10:00:00Z", "en", { day: "numeric", month: "long", year: "numeric" }, "en-GB"),
    ).toBe("21 November 2026");
  });

  it("answers '' for null, empty or unreadable values", () => {
    for (const v of [null, undefined, "", "not a date"])
      expect(formatSchoolTime(v, "en", { dateStyle: "medium" })).toBe("");
  });
});

describe("formatEgp", () => {
  it("drops .00 on whole amounts and keeps piastres otherwise", () => {
    expect(formatEgp(42_506_200, "en")).toMatch(/^EGP\s42,506,200$/);
    expect(formatEgp(1250.5, "en")).toMatch(/^EGP\s1,250\.50$/);
  });
});
