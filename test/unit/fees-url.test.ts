/** The Fees page's year from its address (docs/product.md#fees). */
import { describe, expect, it } from "vitest";
import { urlYear } from "~/features/fees/admin/fees-url";

const y = new Date().getUTCFullYear();
const name = `${y - 1}-${y}`;

describe("urlYear", () => {
  it("reads ?academic_year=, ?year=arrears, and defaults to the current year", () => {
    expect(urlYear(`?status=overdue&academic_year=${name}&grade=KG-1`)).toBe(name);
    expect(urlYear("?year=arrears&status=overdue")).toBe("arrears");
    expect(urlYear("?status=overdue")).toBe("current");
    expect(urlYear("?academic_year=20-21")).toBe("current");
    expect(urlYear(`?academic_year=${y}-${y + 2}`)).toBe("current");
  });
});
