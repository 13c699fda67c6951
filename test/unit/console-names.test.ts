/**
 * One name per thing across the console: the log of changes is "سجل التغييرات" / "Audit log" everywhere, and an
 * account of a staff member is "حساب موظف" / "Staff account" (administrators included), never a second name.
 */
import { describe, expect, it } from "vitest";
import ar from "~/i18n/ar";
import en from "~/i18n/en";

/** Every string of a dictionary. */
function strings(node: unknown): string[] {
  if (typeof node === "string") return [node];
  if (node && typeof node === "object") return Object.values(node).flatMap(strings);
  return [];
}

describe("the console's names", () => {
  it("Arabic uses one name for the audit log and one for a staff account", () => {
    const all = strings(ar);
    expect(all.filter((s) => s.includes("سجل المراجعة"))).toEqual([]);
    expect(all.filter((s) => s.includes("حساب مسؤول"))).toEqual([]);
    expect(all.some((s) => s.includes("سجل التغييرات"))).toBe(true);
  });

  it("English does the same", () => {
    const all = strings(en);
    expect(all.filter((s) => /admin account|change log/i.test(s))).toEqual([]);
  });
});
