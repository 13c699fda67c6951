/**
 * What the admin sign-in says beyond "wrong password" (docs/product.md#admin-sign-in, #base-url-override): a stored
 * backend address is shown with a one-click reset on the login page and under the admin header, and a lockout
 * (429 + Retry-After) says how long to wait, in both languages, counting down on a fake clock.
 */
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { fontsSettled } from "../support/browser";
import { adminToken } from "./admin-session";
import { server } from "./server";
import { fileBrowser } from "./file-browser";

const base = server.baseUrl;
const KEY = "customBaseUrl";
const browser = fileBrowser();

async function open(lang: "en" | "ar", init?: { override?: string; token?: string }, width = 1280): Promise<Page> {
  const context = await browser().newContext({ viewport: { width, height: 900 } });
  await context.addCookies([{ name: "admin_lang", value: lang, url: base }]);
  // Once per context (not on every navigation), so a reset stays a reset after a reload.
  await context.addInitScript(
    ({ key, override, token }) => {
      if (sessionStorage.getItem("seeded")) return;
      sessionStorage.setItem("seeded", "1");
      if (override) localStorage.setItem(key, override);
      if (token) {
        localStorage.setItem("adminToken", token);
        localStorage.setItem("adminTokenExpiresAt", String(Date.now() + 3_600_000));
      }
    },
    { key: KEY, override: init?.override, token: init?.token },
  );
  return context.newPage();
}

const stored = (page: Page) => page.evaluate((k) => localStorage.getItem(k), KEY);

describe("backend override", () => {
  it("login page: shows the stored address, explains a failed sign-in, and resets in one click", async () => {
    const dead = "http://127.0.0.1:9";
    const page = await open("en", { override: dead });
    await page.goto(`${base}/admin/login`);
    const panel = page.getByRole("region", { name: "This browser uses a custom backend address" });
    await panel.waitFor();
    expect(await panel.getByTestId("base-url-override-address").textContent()).toBe(dead);

    await page.getByLabel("Username").fill("admin");
    await page.getByLabel("Password", { exact: true }).fill(inject("e2eAdminPassword"));
    await page.getByRole("button", { name: "Login" }).click();
    await page.getByRole("alert").filter({ hasText: "Could not reach the backend address shown above" }).waitFor();

    await panel.getByRole("button", { name: "Use this site's server" }).click();
    await panel.waitFor({ state: "detached" });
    expect(await stored(page)).toBeNull();
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL(`${base}/admin/dashboard`);
    await page.context().close();
  });

  it("login page in Arabic", async () => {
    const page = await open("ar", { override: "https://staging.example.com" });
    await page.goto(`${base}/admin/login`);
    const panel = page.getByRole("region", { name: "يستخدم هذا المتصفح عنوان خادم مخصصًا" });
    await panel.getByText("https://staging.example.com").waitFor();
    await panel.getByRole("button", { name: "استخدام خادم هذا الموقع" }).click();
    await panel.waitFor({ state: "detached" });
    await page.context().close();
  });

  it("admin header: a bar with the address and a reset, on a phone too", async () => {
    const page = await open("en", { override: new URL(base).origin, token: await adminToken() }, 360);
    await page.goto(`${base}/admin/dashboard/students`);
    const bar = page.getByRole("status", { name: "This browser uses a custom backend address" });
    await bar.getByText(new URL(base).origin).waitFor();
    await fontsSettled(page);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);
    await bar.getByRole("button", { name: "Use this site's server" }).click();
    await bar.waitFor({ state: "detached" });
    expect(await stored(page)).toBeNull();
    await page.reload();
    await page.getByRole("heading", { name: "Students Management" }).waitFor();
    expect(await bar.count()).toBe(0);
    await page.context().close();
  });
});

describe("login lockout", () => {
  /** The login answers 429 LOGIN_LOCKED with `Retry-After: seconds`, in the API's error shape. */
  async function locked(page: Page, seconds: number) {
    await page.route("**/api/auth/login", (route) =>
      route.fulfill({
        status: 429,
        headers: { "Content-Type": "application/json", "Retry-After": String(seconds) },
        body: JSON.stringify({
          success: false,
          code: "RATE_LIMITED",
          reason: "LOGIN_LOCKED",
          message: "Too many failed login attempts. Please try again later.",
          error: "Too many failed login attempts. Please try again later.",
        }),
      }),
    );
  }

  async function submit(page: Page) {
    await page.locator("#username").fill("admin");
    await page.locator("#password").fill("wrong-password");
    await page.locator("#password").press("Enter");
  }

  it("says how long to wait, from Retry-After, and counts down", async () => {
    const page = await open("en");
    await page.clock.install();
    await locked(page, 840);
    await page.goto(`${base}/admin/login`);
    await submit(page);
    const alert = page.getByTestId("login-error");
    await alert.filter({ hasText: "Too many failed login attempts. Try again in 14 minutes." }).waitFor();
    await page.clock.runFor(61_000);
    await alert.filter({ hasText: "Try again in 13 minutes." }).waitFor();
    await page.clock.runFor(12 * 60_000);
    await alert.filter({ hasText: "Try again in 1 minute." }).waitFor();
    await page.clock.runFor(60_000);
    await alert.waitFor({ state: "detached" });
    await page.context().close();
  });

  it("uses Arabic plural forms", async () => {
    const page = await open("ar");
    await page.clock.install();
    await locked(page, 120);
    await page.goto(`${base}/admin/login`);
    await submit(page);
    const alert = page.getByTestId("login-error");
    await alert.filter({ hasText: "محاولات دخول فاشلة كثيرة. حاول مرة أخرى خلال دقيقتين." }).waitFor();
    await page.unroute("**/api/auth/login");
    await locked(page, 660);
    await submit(page);
    await alert.filter({ hasText: "خلال ١١ دقيقة" }).waitFor();
    await page.context().close();
  });
});
