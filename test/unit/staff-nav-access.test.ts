/**
 * What each role sees of the console (docs/product.md#staff-and-roles), by the one permission table: the sidebar's
 * pages, the page a path belongs to, the "not allowed" rule, where a sign-in lands and which groups the global search
 * asks for; and the checks of a temporary password's replacement.
 */
import { describe, expect, it } from "vitest";
import { permissionsOf, STAFF_ROLES, type StaffRole } from "../../worker/permissions";
import { reason } from "../../worker/reasons";
import { CONSOLE_PAGES, homePathFor, mayOpen, pageOfPath, pagesFor } from "../../web/features/shell/admin/nav-access";
import { searchablePages } from "../../web/features/shell/admin/global-search-model";
import { passwordProblem } from "../../web/features/shell/admin/password-rules";

const me = (role: StaffRole) => ({ permissions: permissionsOf(role) });

describe("sidebar pages per role", () => {
  it("lists, in the sidebar's order, exactly the pages whose permission the role holds", () => {
    expect(pagesFor(me("administrator"))).toEqual([
      "dashboard",
      "students",
      "fees",
      "results",
      "feePlans",
      "courseSelections",
      "news",
      "auditLog",
      "staff",
    ]);
    expect(pagesFor(me("accountant"))).toEqual(["dashboard", "students", "fees", "feePlans"]);
    expect(pagesFor(me("teacher"))).toEqual(["students", "results"]);
    expect(pagesFor(me("registrar"))).toEqual(["dashboard", "students", "courseSelections", "news"]);
    expect(pagesFor(me("viewer"))).toEqual([
      "dashboard",
      "students",
      "fees",
      "results",
      "feePlans",
      "courseSelections",
      "news",
    ]);
    expect(pagesFor(me("principal"))).toContain("auditLog");
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

  it("keeps the shared schema's checks and order, then asks for the longer minimum", () => {
    expect(passwordProblem(values("", "abcdefghijkl"))).toBe(reason("PASSWORD_FIELDS_REQUIRED"));
    expect(passwordProblem(values("temp-password-1", "abcdefghijkl", "abcdefghijkm"))).toBe(
      reason("PASSWORD_MISMATCH"),
    );
    expect(passwordProblem(values("temp-password-1", "short1"), 12)).toBe(reason("PASSWORD_TOO_SHORT", { min: 12 }));
    expect(passwordProblem(values("temp-password-1", "temp-password-1"), 12)).toBe(reason("PASSWORD_SAME_AS_OLD"));
    expect(passwordProblem(values("temp-password-1", "a-new-password!"), 12)).toBeNull();
    // Without a minimum (the header's dialog), the schema's own minimum only.
    expect(passwordProblem(values("old-password", "sixsix"))).toBeNull();
  });
});
