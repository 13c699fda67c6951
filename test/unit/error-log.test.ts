/** Logged errors never carry query parameters (national IDs, token hashes, names). */
import { describe, expect, it } from "vitest";
import { describeForLog } from "../../worker/middleware/error-handler";

describe("describeForLog", () => {
  it("drops query params and masks long digit runs", () => {
    const inner = Object.assign(new Error("SQLITE_CONSTRAINT: UNIQUE failed for 31001310119461"), {
      code: "SQLITE_CONSTRAINT",
    });
    const err = Object.assign(
      new Error("Failed query: select * from students where student_no = ?\nparams: 31001310119461,منى"),
      { cause: inner },
    );
    const out = JSON.stringify(describeForLog(err, true));
    expect(out).not.toContain("31001310119461");
    expect(out).not.toContain("منى");
    expect(out).toContain("SQLITE_CONSTRAINT");
  });
});
