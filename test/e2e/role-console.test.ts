/**
 * The console as the demo registrar and teacher see it (docs/product.md#staff-and-roles), against the built Worker
 * with the demo data: the registrar's dashboard asks for nothing the role is refused (no fee figures: no 403 in the
 * network), and the teacher's sidebar lists only the grades they teach (Prep-2 and Prep-3) while the Students page
 * says it is their grades' list, read only. A person signed out by a deactivation is told so on the sign-in page.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_STAFF_PASSWORD } from "../../scripts/seed/staff";
import en from "../../web/i18n/en";
import { PageAudit } from "../support/matrix/page-audit";
import { adminApi, apiClient, ok } from "./admin-api";
import { adminToken, consolePage } from "./admin-session";
import { fileBrowser } from "./file-browser";
import { server } from "./server";

const base = server.baseUrl;
const browser = fileBrowser();
const tokens: Record<string, string> = {};
const pages: Page[] = [];

beforeAll(async () => {
  for (const role of ["registrar", "teacher"]) {
    const answer = await ok(
      apiClient().api.auth.login.$post({ json: { username: role, password: DEMO_STAFF_PASSWORD } }),
    );
    tokens[role] = answer.token;
  }
});

afterAll(async () => {
  for (const page of pages) await page.context().close();
});

async function pageAs(role: string): Promise<Page> {
  const page = await consolePage(browser(), tokens[role]!, "en", 1366);
  pages.push(page);
  return page;
}

describe("each role is asked and shown only its own", () => {
  it("the registrar's dashboard requests no fee figure it would be refused", async () => {
    const page = await pageAs("registrar");
    const refused: string[] = [];
    page.on("response", (r) => {
      if (r.status() === 403) refused.push(new URL(r.url()).pathname);
    });
    await page.goto(`${base}/admin/dashboard`);
    const audit = new PageAudit(page, () => "registrar dashboard", [en.error.title]);
    expect(await audit.ready()).toBe(true);
    await page.getByText(en.admin.dashboard.stats.students).first().waitFor();
    expect(refused).toEqual([]);
  });

  it("the teacher's sidebar lists only their grades, and Students says the list is theirs to read", async () => {
    const page = await pageAs("teacher");
    await page.goto(`${base}/admin/dashboard/students`);
    const audit = new PageAudit(page, () => "teacher students", [en.error.title]);
    expect(await audit.ready()).toBe(true);
    await page.getByText(en.students.subtitleAssigned).waitFor();
    await expect(page.getByText(en.students.subtitle).count()).resolves.toBe(0);
    const grades = page.getByRole("list", {
      name: en.admin.nav.gradesOf.replace("{{section}}", en.admin.nav.students),
    });
    await grades.getByRole("button").first().waitFor();
    const names = await grades.getByRole("button").allTextContents();
    expect(names).toEqual([en.admin.grades.All, en.admin.grades["Prep-2"], en.admin.grades["Prep-3"]]);
  });

  it("a deactivated person lands on the sign-in page, which says why", async () => {
    const admin = await adminToken();
    const username = `ended${Date.now().toString(36)}`;
    const password = "first-pass-12345";
    const { staff } = await adminApi<{ staff: { id: number } }>(admin, "POST", "/api/admin/staff", {
      username,
      display_name: "Ended Person",
      role: "viewer",
      password,
    });
    const answer = await ok(apiClient().api.auth.login.$post({ json: { username, password } }));
    await adminApi(admin, "PUT", `/api/admin/staff/${staff.id}`, { is_active: false });
    const page = await consolePage(browser(), answer.token, "en", 1366);
    pages.push(page);
    await page.goto(`${base}/admin/dashboard`);
    await page.waitForURL(/\/admin\/login/);
    await page.getByText(en.admin.login.ended.deactivated).waitFor();
    // Said once: a reload of the sign-in page no longer says it.
    await page.reload();
    await page.getByRole("heading", { name: en.admin.login.title }).waitFor();
    await expect(page.getByText(en.admin.login.ended.deactivated).count()).resolves.toBe(0);
  });
});
