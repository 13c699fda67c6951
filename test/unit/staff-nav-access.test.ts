/**
 * What each role sees of the console (docs/product.md#staff-and-roles), by the one permission table: the sidebar's
 * pages, the page a path belongs to, the "not allowed" rule, where a sign-in lands and which groups the global search
 * asks for; and the checks of a temporary password's replacement.
 */
import { describe, expect, it } from "vitest";
import { permissionsOf } from "../../worker/permissions";
import { STAFF_ROLES, type StaffRole } from "../../common/staff-roles";
import { reason } from "../../worker/reasons";
import { MIN_PASSWORD_LENGTH } from "../../worker/contracts/auth";
import { MIN_STAFF_PASSWORD_LENGTH } from "../../worker/contracts/staff";
import {
  CONSOLE_PAGE_ORDER,
  CONSOLE_PAGES,
  homePathFor,
  mayOpen,
  pageOfPath,
  pagesFor,
  type ConsolePage,
} from "../../web/features/shell/admin/nav-access";
import { searchablePages } from "../../web/features/shell/admin/global-search-model";
import { passwordProblem } from "../../web/features/shell/admin/password-rules";

const me = (role: StaffRole) => ({ permissions: permissionsOf(role) });

describe("sidebar pages per role", () => {
  it("lists, in the sidebar's order, exactly the pages whose permission the role holds", () => {
    for (const role of STAFF_ROLES)
      expect(pagesFor(me(role))).toEqual(
        CONSOLE_PAGE_ORDER.filter((p) => permissionsOf(role).includes(CONSOLE_PAGES[p].permission)),
      );
    // The administrator holds every permission: every page.
    expect(pagesFor(me("administrator"))).toEqual(CONSOLE_PAGE_ORDER);
  });

  it("shows each role the pages of its job and not the others", () => {
    const sees = (role: StaffRole, shown: ConsolePage[], hidden: ConsolePage[]) => {
      const pages = pagesFor(me(role));
      expect(pages, role).toEqual(expect.arrayContaining(shown));
      for (const page of hidden) expect(pages, `${role} ${page}`).not.toContain(page);
    };
    sees(
      "accountant",
      ["dashboard", "students", "fees", "onlinePayments", "feePlans"],
      ["results", "courseSelections", "news", "auditLog", "staff"],
    );
    sees(
      "teacher",
      ["students", "results"],
      ["dashboard", "fees", "onlinePayments", "feePlans", "courseSelections", "news", "auditLog", "staff"],
    );
    sees(
      "registrar",
      ["dashboard", "students", "courseSelections", "news"],
      ["fees", "results", "feePlans", "auditLog", "staff"],
    );
    sees(
      "viewer",
      ["dashboard", "students", "fees", "results", "feePlans", "courseSelections", "news"],
      ["auditLog", "staff"],
    );
    sees("principal", ["dashboard", "results", "auditLog"], ["staff"]);
  });

  it("shows Staff to administrators only", () => {
    for (const role of STAFF_ROLES) expect(pagesFor(me(role)).includes("staff")).toBe(role === "administrator");
  });

  it("shows nothing to a person without permissions", () => {
    expect(pagesFor({ permissions: [] })).toEqual([]);
    expect(homePathFor({ permissions: [] })).toBeNull();
  });
});

describe("the page of a path", () => {
  it("is the longest page path containing it; the dashboard only on its own path", () => {
    expect(pageOfPath("/admin/dashboard")).toBe("dashboard");
    expect(pageOfPath("/admin/dashboard/")).toBe("dashboard");
    expect(pageOfPath("/admin/dashboard/fees")).toBe("fees");
    expect(pageOfPath("/admin/dashboard/fees/Prep-1")).toBe("fees");
    expect(pageOfPath("/admin/dashboard/fees/plans")).toBe("feePlans");
    expect(pageOfPath("/admin/dashboard/fees/online")).toBe("onlinePayments");
    expect(pageOfPath("/admin/dashboard/course-selections/periods")).toBe("courseSelections");
    expect(pageOfPath("/admin/dashboard/staff")).toBe("staff");
    expect(pageOfPath("/admin/dashboard/feesx")).toBeNull();
    expect(pageOfPath("/admin/dashboard/unknown")).toBeNull();
    expect(pageOfPath("/admin/login")).toBeNull();
  });

  it("is refused to a role without its permission and allowed otherwise", () => {
    expect(mayOpen(me("accountant"), "/admin/dashboard/results")).toBe(false);
    expect(mayOpen(me("accountant"), "/admin/dashboard/results/Prep-2")).toBe(false);
    expect(mayOpen(me("accountant"), "/admin/dashboard/fees")).toBe(true);
    expect(mayOpen(me("accountant"), "/admin/dashboard/fees/online")).toBe(true);
    expect(mayOpen(me("registrar"), "/admin/dashboard/fees/online")).toBe(false);
    expect(mayOpen(me("accountant"), "/admin/dashboard/staff")).toBe(false);
    expect(mayOpen(me("teacher"), "/admin/dashboard")).toBe(false);
    expect(mayOpen(me("viewer"), "/admin/dashboard/news")).toBe(true);
    // Unknown paths are left to the router's 404 and the server.
    expect(mayOpen({ permissions: [] }, "/admin/dashboard/unknown")).toBe(true);
    for (const role of STAFF_ROLES)
      for (const page of pagesFor(me(role))) expect(mayOpen(me(role), CONSOLE_PAGES[page].path)).toBe(true);
  });

  it("lands a sign-in on the dashboard, or on the first page the role opens", () => {
    expect(homePathFor(me("administrator"))).toBe("/admin/dashboard");
    expect(homePathFor(me("accountant"))).toBe("/admin/dashboard");
    expect(homePathFor(me("teacher"))).toBe("/admin/dashboard/students");
  });
});

describe("global search groups per role", () => {
  it("asks only for the pages the role may open, all three while the person is unknown", () => {
    expect(searchablePages(null)).toEqual(["students", "fees", "results"]);
    expect(searchablePages(me("administrator"))).toEqual(["students", "fees", "results"]);
    expect(searchablePages(me("accountant"))).toEqual(["students", "fees"]);
    expect(searchablePages(me("registrar"))).toEqual(["students"]);
    expect(searchablePages(me("teacher"))).toEqual(["students", "results"]);
  });
});

describe("choosing a password after a temporary one", () => {
  const values = (oldPassword: string, newPassword: string, confirmPassword = newPassword) => ({
    oldPassword,
    newPassword,
    confirmPassword,
  });

  it("keeps the shared schema's checks and order, then asks for a longer minimum when given", () => {
    expect(passwordProblem(values("", "abcdefghijkl"))).toBe(reason("PASSWORD_FIELDS_REQUIRED"));
    expect(passwordProblem(values("temp-password-1", "abcdefghijkl", "abcdefghijkm"))).toBe(
      reason("PASSWORD_MISMATCH"),
    );
    expect(passwordProblem(values("temp-password-1", "short1"), MIN_STAFF_PASSWORD_LENGTH)).toBe(
      reason("PASSWORD_TOO_SHORT", { min: MIN_PASSWORD_LENGTH }),
    );
    // A minimum above the schema's is asked for after the schema's own checks.
    const fifteen = "a-new-password!";
    expect(passwordProblem(values("temp-password-1", fifteen), 20)).toBe(reason("PASSWORD_TOO_SHORT", { min: 20 }));
    expect(passwordProblem(values("temp-password-1", "temp-password-1"), 12)).toBe(reason("PASSWORD_SAME_AS_OLD"));
    expect(passwordProblem(values("temp-password-1", "a-new-password!"), 12)).toBeNull();
    // Without a minimum (the header's dialog), the schema's own checks only.
    expect(passwordProblem(values("old-password", "x".repeat(MIN_PASSWORD_LENGTH)))).toBeNull();
  });
});
