/**
 * Staff accounts and roles in Chromium against the built Worker with the demo data (docs/product.md#staff-and-roles):
 * an administrator creates an accountant and a viewer through the API. The accountant signs in with the temporary
 * password, is made to choose their own first, sees Fees but not Results or Staff in the sidebar, and is shown "not
 * available for your role" on the Results page. The viewer reads the news list without Add, Edit or Delete. The
 * administrator finds both on the Staff page.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { apiClient, ok } from "./admin-api";
import { adminToken, consoleContext } from "./admin-session";
import { fileBrowser } from "./file-browser";
import { server } from "./server";

const base = server.baseUrl;
const browser = fileBrowser();
const suffix = Date.now().toString(36);
const TEMPORARY = "Temporary-pass-2026";
const CHOSEN = "My-own-password-2026";
const accountant = { username: `acc.${suffix}`, display_name: `Accountant ${suffix}` };
const viewer = { username: `view.${suffix}`, display_name: `Viewer ${suffix}` };
let admin: string;

beforeAll(async () => {
  admin = await adminToken();
  for (const [who, role] of [
    [accountant, "accountant"],
    [viewer, "viewer"],
  ] as const)
    await ok(apiClient(admin).api.admin.staff.$post({ json: { ...who, role, password: TEMPORARY } }));
});

/** The sidebar's entries (links and grade-section buttons) by their names. */
async function sidebarEntries(page: Page): Promise<string[]> {
  const nav = page.getByRole("navigation", { name: "Admin navigation" });
  await nav.getByRole("link").first().waitFor();
  return nav.locator(":scope > ul > li > a, :scope > ul > li > button").allInnerTexts();
}

describe("staff roles", () => {
  it("an accountant changes the temporary password, sees Fees only and is refused Results", async () => {
    const context = await browser().newContext({ viewport: { width: 1366, height: 900 } });
    await context.addCookies([{ name: "admin_lang", value: "en", url: base }]);
    const page = await context.newPage();
    await page.goto(`${base}/admin/login`);
    await page.getByLabel("Username").fill(accountant.username);
    await page.getByLabel("Password", { exact: true }).fill(TEMPORARY);
    await page.getByRole("button", { name: "Login" }).click();

    // Only the password screen: no sidebar, no page.
    await page.getByRole("heading", { name: "Choose your password" }).waitFor();
    expect(await page.getByRole("navigation", { name: "Admin navigation" }).count()).toBe(0);
    await page.getByLabel("Temporary password").fill(TEMPORARY);
    await page.getByLabel("New Password", { exact: true }).fill("too-short");
    await page.getByLabel("Confirm New Password").fill("too-short");
    await page.getByRole("button", { name: "Save and continue" }).click();
    await page.getByRole("alert").filter({ hasText: "12" }).waitFor();
    await page.getByLabel("New Password", { exact: true }).fill(CHOSEN);
    await page.getByLabel("Confirm New Password").fill(CHOSEN);
    await page.getByRole("button", { name: "Save and continue" }).click();

    await page.getByRole("heading", { name: "Dashboard Overview" }).waitFor();
    const header = page.getByTestId("signed-in");
    await header.getByText(accountant.display_name).waitFor();
    expect(await header.textContent()).toContain("Accountant");
    const entries = await sidebarEntries(page);
    expect(entries).toEqual(expect.arrayContaining(["Dashboard", "Students", "Fees", "Fee Plans"]));
    for (const hidden of ["Results", "Course Selections", "News", "Audit Log", "Staff"])
      expect(entries).not.toContain(hidden);

    await page.goto(`${base}/admin/dashboard/results`);
    const panel = page.getByTestId("not-allowed");
    await panel.getByRole("heading", { name: "Not available for your role" }).waitFor();
    expect(await panel.textContent()).toContain("Accountant");
    await panel.getByRole("link", { name: "Go to Dashboard" }).click();
    await page.getByRole("heading", { name: "Dashboard Overview" }).waitFor();
    await context.close();

    // The new password works, the temporary one no more.
    const login = (password: string) =>
      apiClient().api.auth.login.$post({ json: { username: accountant.username, password } });
    expect((await login(TEMPORARY)).status).toBe(401);
    expect((await ok(login(CHOSEN))).must_change_password).toBe(false);
  });

  it("a viewer reads the news list without Add, Edit or Delete", async () => {
    const signIn = await ok(
      apiClient().api.auth.login.$post({ json: { username: viewer.username, password: TEMPORARY } }),
    );
    expect(signIn.must_change_password).toBe(true);
    const json = { oldPassword: TEMPORARY, newPassword: CHOSEN, confirmPassword: CHOSEN };
    await ok(apiClient(signIn.token).api.auth["update-password"].$put({ json }));

    const context = await consoleContext(browser(), signIn.token, "en", { viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${base}/admin/dashboard/news`);
    await page.getByRole("heading", { name: "News Management" }).waitFor();
    const firstRow = page.locator("tbody tr").first();
    await firstRow.getByRole("button", { name: /^View: / }).waitFor();
    expect(await page.getByRole("button", { name: "Add News" }).count()).toBe(0);
    expect(
      await page
        .locator("tbody")
        .getByRole("button", { name: /^(Edit|Delete): / })
        .count(),
    ).toBe(0);
    expect(await sidebarEntries(page)).not.toContain("Staff");

    await firstRow.getByRole("button", { name: /^View: / }).click();
    const dialog = page.getByTestId("news-form-dialog");
    await dialog.getByRole("button", { name: "Close" }).first().waitFor();
    expect(await dialog.getByRole("button", { name: "Edit" }).count()).toBe(0);
    await context.close();
  });

  it("the administrator finds both on the Staff page", async () => {
    const context = await consoleContext(browser(), admin, "en", { viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${base}/admin/dashboard/staff`);
    await page.getByRole("heading", { name: "Staff", exact: true }).waitFor();
    const table = page.getByRole("table", { name: "Staff accounts" });
    const row = table.getByRole("row").filter({ hasText: accountant.username });
    await row.waitFor();
    expect(await row.textContent()).toContain("Accountant");
    await table.getByRole("row").filter({ hasText: viewer.username }).waitFor();
    await context.close();
  });
});
