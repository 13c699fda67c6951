/** The receipt toast keeps the receipt number whole: it never breaks at its hyphens and stays left-to-right. */
import { isValidElement, type ReactElement } from "react";
import { describe, expect, it } from "vitest";
import { withWholeReceipt } from "../../web/features/fees/admin/receipt-toast";

describe("withWholeReceipt", () => {
  it("wraps the receipt number in an unbreakable, isolated <bdi>", () => {
    const parts = withWholeReceipt("تم تسجيل الدفعة: إيصال رقم RCP-2024-2025-000123", "RCP-2024-2025-000123");
    expect(Array.isArray(parts)).toBe(true);
    const [before, whole, after] = parts as [string, ReactElement<{ className: string; children: string }>, string];
    expect(before).toBe("تم تسجيل الدفعة: إيصال رقم ");
    expect(isValidElement(whole)).toBe(true);
    expect(whole.type).toBe("bdi");
    expect(whole.props.className).toContain("whitespace-nowrap");
    expect(whole.props.children).toBe("RCP-2024-2025-000123");
    expect(after).toBe("");
  });

  it("leaves a message without the number as it is", () => {
    expect(withWholeReceipt("Saved", "RCP-1")).toBe("Saved");
  });
});
