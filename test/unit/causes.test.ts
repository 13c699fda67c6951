/** The one walk over an error's cause chain (worker/lib/causes.ts) and the checks built on it. */
import { describe, expect, it } from "vitest";
import { DbBusyError, isDbBusy } from "../../worker/db-bound";
import { isBusy, isDbUnavailable } from "../../worker/db";
import { violation } from "../../worker/db-constraints";
import { causes } from "../../worker/lib/causes";

const wrap = (inner: unknown, times = 1): Error => {
  let e = inner;
  for (let i = 0; i < times; i++) e = new Error(`wrapper ${i}`, { cause: e });
  return e as Error;
};

describe("causes", () => {
  it("yields the error first, then each cause in turn", () => {
    const root = Object.assign(new Error("root"), { code: "SQLITE_BUSY" });
    expect([...causes(wrap(root, 2))].map((e) => e.message)).toEqual(["wrapper 1", "wrapper 0", "root"]);
  });

  it("yields nothing for nothing, and a non-Error cause as it is", () => {
    expect([...causes(undefined)]).toEqual([]);
    expect([...causes(wrap("a string"))].at(-1)).toBe("a string");
  });

  it("stops after 6 links, a cycle included", () => {
    const a = new Error("a") as Error & { cause?: unknown };
    a.cause = a;
    expect([...causes(a)]).toHaveLength(6);
  });
});

describe("the checks find what a wrapper hides", () => {
  it("busy, unreachable, a broken rule, the bound's refusal", () => {
    expect(isBusy(wrap(Object.assign(new Error("x"), { code: "SQLITE_BUSY" }), 3))).toBe(true);
    expect(isDbUnavailable(wrap(new Error("fetch failed"), 2))).toBe(true);
    expect(
      violation(wrap(Object.assign(new Error("CHECK constraint failed: x"), { code: "SQLITE_CONSTRAINT" }))),
    ).not.toBeNull();
    expect(isDbBusy(wrap(new DbBusyError("read", "queue"), 2))).toBe(true);
    expect(isBusy(wrap(new Error("syntax error"), 2))).toBe(false);
  });
});
