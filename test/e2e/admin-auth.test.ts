/**
 * Foundation flows in Chromium against the built Worker with the demo data (docs/product.md#admin-sign-in,
 * #dashboard, #global-search): the guard redirect; login → the dashboard figures (checked against the API) → logout;
 * the password-update validation messages; the sign-in and password texts in Arabic, the server's refusals among
 * them (shown by their reason); the global search's groups, a failing group falling back to sample data.
 */
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { apiClient, ok } from "./admin-api";
import { adminToken, consolePage, signIn } from "./admin-session";
import { server } from "./server";
import { fileBrowser } from "./file-browser";

const base = server.baseUrl;
const password = inject("e2eAdminPassword");
const browser = fileBrowser();

async function newPage(): Promise<Page> {
  const context = await browser().newContext({ viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

/** A page in `lang`, signed in with `token` when given. */
async function openAs(lang: "ar" | "en", token?: string): Promise<Page> {
  if (token) return consolePage(browser(), token, lang);
  const context = await browser().newContext({ viewport: { width: 1280, height: 800 } });
  await context.addCookies([{ name: "admin_lang", value: lang, url: base }]);
  return context.newPage();
}

async function apiFigures() {
  const api = apiClient(await adminToken()).api;
  return {
    active: (await ok(api.students.active.count.$get())).activeStudents,
    total: (await ok(api.fees.TotalFees.$get())).totalFees,
    pct: (await ok(api.fees["paid-percentage"].$get())).paidPercentage,
  };
}

describe("admin authentication", () => {
  it("sends a visitor without a token from the dashboard to the login page", async () => {
    const page = await newPage();
    await page.goto(`${base}/admin/dashboard`);
    await page.waitForURL(`${base}/admin/login`);
    await page.getByRole("heading", { name: "Admin Login" }).waitFor();
    await page.context().close();
  });

  it("shows the error banner for a wrong password", async () => {
    const page = await newPage();
    await page.goto(`${base}/admin/login`);
    await page.getByLabel("Username").fill("admin");
    await page.getByLabel("Password", { exact: true }).fill("wrong-password");
    await page.getByRole("button", { name: "Login" }).click();
    await page.getByRole("alert").filter({ hasText: "Invalid username or password" }).waitFor();
    await page.context().close();
  });

  it("logs in, shows the demo figures on the dashboard, and logs out", async () => {
    const page = await newPage();
    await signIn(page);
    await page.getByRole("heading", { name: "Dashboard Overview" }).waitFor();
    const figures = await apiFigures();
    expect(figures.active).toBeGreaterThan(1000);
    const activeText = new Intl.NumberFormat("en-EG").format(figures.active);
    await page.getByText(activeText, { exact: true }).first().waitFor();
    const pctText = await page.locator("main").textContent();
    expect(pctText).toContain(String(Math.trunc(figures.pct)));
    const stored = await page.evaluate(() => [
      localStorage.getItem("adminToken"),
      localStorage.getItem("adminTokenExpiresAt"),
    ]);
    expect(stored[0]).toBeTruthy();
    expect(Number(stored[1]) - Date.now()).toBeGreaterThan(7_000_000);

    await page.getByRole("button", { name: "Logout" }).click();
    await page.getByText("Are you sure you want to logout?").waitFor();
    await page.getByRole("button", { name: "Yes" }).click();
    await page.waitForURL(`${base}/admin/login`);
    expect(await page.evaluate(() => localStorage.getItem("adminToken"))).toBeNull();
    const res = await fetch(`${base}/api/students/active/count`, { headers: { Authorization: `Bearer ${stored[0]}` } });
    expect(res.status).toBe(401);
    await page.context().close();
  });

  it("validates the password-update form with the texts of docs/product.md#admin-sign-in", async () => {
    const page = await newPage();
    await signIn(page);
    await page.getByRole("button", { name: "Update Password" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    const submit = dialog.getByRole("button", { name: "Update Password" });
    const fill = async (oldP: string, newP: string, confirm: string) => {
      await dialog.getByLabel("Current Password").fill(oldP);
      await dialog.getByLabel("New Password", { exact: true }).fill(newP);
      await dialog.getByLabel("Confirm New Password").fill(confirm);
      await submit.click();
    };
    await fill("", "", "");
    await dialog.getByText("All fields are required").waitFor();
    await fill(password, "abcdefghijkl", "abcdefghijkm");
    await dialog.getByText("New password and confirm password do not match").waitFor();
    await fill(password, "abc", "abc");
    await dialog.getByText("New password must be at least 12 characters long").waitFor();
    await fill(password, password, password);
    await dialog.getByText("New password must be different from current password").waitFor();
    await page.context().close();
  });

  it("speaks Arabic on the login page: the form's own checks and the server's refusal", async () => {
    const page = await openAs("ar");
    await page.goto(`${base}/admin/login`);
    await page.getByRole("button", { name: "تسجيل الدخول" }).click();
    await page.getByText("اسم المستخدم مطلوب", { exact: true }).waitFor();
    await page.getByText("كلمة المرور مطلوبة", { exact: true }).waitFor();
    // An unknown username (it does not count against the real admin's sign-in lock): 401 INVALID_CREDENTIALS.
    await page.locator("#username").fill(`nobody-${Date.now().toString(36)}`);
    await page.locator("#password").fill("wrong-password");
    await page.getByRole("button", { name: "تسجيل الدخول" }).click();
    await page.getByTestId("login-error").filter({ hasText: "اسم المستخدم أو كلمة المرور غير صحيحة" }).waitFor();
    await page.context().close();
  });

  it("speaks Arabic in the password dialog, for the shared checks and the server's PASSWORD_INCORRECT", async () => {
    const page = await openAs("ar", await adminToken());
    await page.goto(`${base}/admin/dashboard`);
    await page.getByRole("button", { name: "تغيير كلمة المرور" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    const fill = async (oldP: string, newP: string, confirm: string) => {
      await dialog.getByLabel("كلمة المرور الحالية").fill(oldP);
      await dialog.getByLabel("كلمة المرور الجديدة", { exact: true }).fill(newP);
      await dialog.getByLabel("تأكيد كلمة المرور الجديدة").fill(confirm);
      await dialog.getByRole("button", { name: "تغيير كلمة المرور" }).click();
    };
    await fill("", "", "");
    await dialog.getByRole("alert").filter({ hasText: "جميع الحقول مطلوبة" }).waitFor();
    await fill("x", "abc", "abc");
    await dialog.getByRole("alert").filter({ hasText: "يجب ألا تقل كلمة المرور الجديدة عن ١٢ حرفًا" }).waitFor();
    // Passes the shared checks; the server refuses the current password (nothing changes).
    await fill("not-the-password", "brand-new-pass-1", "brand-new-pass-1");
    await dialog.getByRole("alert").filter({ hasText: "كلمة المرور الحالية غير صحيحة" }).waitFor();
    await page.context().close();
  });

  it("global search: finds a student by ID, and a group whose call fails shows labelled sample data", async () => {
    const token = await adminToken();
    const list = await ok(apiClient(token).api.students.$get({ query: { page: "1", limit: "15" } }));
    const student = list.students[0]!;
    const page = await openAs("en", token);
    await page.route("**/api/fees?**", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: "{}" }),
    );
    await page.goto(`${base}/admin/dashboard`);
    await page.getByRole("searchbox", { name: "Search students, fees and results" }).fill(student.student_no);
    const students = page.getByRole("region", { name: "Students" });
    await students.getByText(student.full_name, { exact: true }).waitFor();
    expect(await students.getByText("Sample data").count()).toBe(0);
    await page.getByRole("region", { name: "Fees" }).getByText("Sample data").waitFor();
    await page.context().close();
  });
});
