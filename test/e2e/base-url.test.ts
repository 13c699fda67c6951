/**
 * /base-url-config in Chromium (docs/product.md#base-url-override): the format hint and the Test button's enabled
 * state, save (localStorage + the 3-second banner), Test against the app's own origin and against failing servers,
 * Reset to Default (the origin), Clear, and the override reaching API calls.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { fontsSettled } from "../support/browser";
import { server } from "./server";
import { fileBrowser } from "./file-browser";

const base = server.baseUrl;
const origin = new URL(base).origin;
const KEY = "customBaseUrl";
const browser = fileBrowser();

async function open(lang: "ar" | "en" = "en", width = 1280): Promise<Page> {
  const context = await browser().newContext({ viewport: { width, height: 900 } });
  await context.addCookies([{ name: "lang", value: lang, url: base }]);
  const page = await context.newPage();
  await page.goto(`${base}/base-url-config`);
  await page.locator("#base-url[data-ready]").waitFor();
  return page;
}

const stored = (page: Page) => page.evaluate((k) => localStorage.getItem(k), KEY);
const input = (page: Page) => page.getByLabel("Backend base URL");
const button = (page: Page, name: string) => page.getByRole("button", { name, exact: true });

describe("/base-url-config", () => {
  it("starts on the app's own origin and validates as you type", async () => {
    const page = await open();
    await page.getByRole("heading", { level: 1, name: "Base URL Configuration" }).waitFor();
    expect(await input(page).inputValue()).toBe(origin);
    expect(await page.getByTestId("current-url").textContent()).toBe(origin);
    await page.getByText("Valid URL format").waitFor();
    expect(await button(page, "Test").isEnabled()).toBe(true);

    for (const bad of ["not a url", "ftp://example.com", "example.com"]) {
      await input(page).fill(bad);
      await page.getByText("Invalid URL format").waitFor();
      expect(await button(page, "Test").isDisabled()).toBe(true);
    }
    await input(page).fill("https://staging.example.com");
    await page.getByText("Valid URL format").waitFor();
    expect(await button(page, "Test").isEnabled()).toBe(true);
    await page.getByText(/stored in this browser only/).waitFor();
    await page.getByText(/not shared across devices/).waitFor();
    await page.context().close();
  });

  it("refuses to save an invalid URL, then saves a valid one with the 3-second banner", async () => {
    const page = await open();
    await input(page).fill("nope");
    await button(page, "Save Configuration").click();
    await page
      .getByRole("alert")
      .filter({ hasText: `Please enter a valid URL (e.g., ${origin})` })
      .waitFor();
    expect(await stored(page)).toBeNull();

    await input(page).fill(" https://staging.example.com/ ");
    await button(page, "Save Configuration").click();
    const banner = page.getByText("Configuration updated successfully!");
    await banner.waitFor();
    const shownAt = Date.now();
    expect(await stored(page)).toBe("https://staging.example.com");
    expect(await page.getByTestId("current-url").textContent()).toBe("https://staging.example.com");
    expect(await page.getByTestId("current-kind").textContent()).toBe("Custom override");
    await banner.waitFor({ state: "detached", timeout: 6000 });
    expect(Date.now() - shownAt).toBeGreaterThan(2500);

    await page.reload();
    await page.locator("#base-url[data-ready]").waitFor();
    expect(await input(page).inputValue()).toBe("https://staging.example.com");
    await page.context().close();
  });

  it("tests the app's own origin (success), a closed port, and a server answering 503", async () => {
    const page = await open();
    await input(page).fill(`${origin}/`);
    await button(page, "Test").click();
    await page.getByTestId("test-result").filter({ hasText: "Connection successful!" }).waitFor();

    // A closed port on this machine: the browser's fetch fails outright.
    await input(page).fill("http://127.0.0.1:59998");
    await button(page, "Test").click();
    await page
      .getByTestId("test-result")
      .filter({ hasText: "Failed to connect to server. Please check the URL and ensure the server is running." })
      .waitFor();

    await page.route("https://down.example.com/health", (route) =>
      route.fulfill({ status: 503, headers: { "Access-Control-Allow-Origin": "*" }, body: "down" }),
    );
    await input(page).fill("https://down.example.com");
    await button(page, "Test").click();
    await page.getByTestId("test-result").filter({ hasText: "Server responded with status: 503" }).waitFor();
    await page.context().close();
  });

  it("refuses an address the site's CSP does not allow, on Save and on Test", async () => {
    const page = await open();
    await input(page).fill("https://evil.example");
    await page.getByText("Valid URL format").waitFor();
    await button(page, "Save Configuration").click();
    await page
      .getByRole("alert")
      .filter({ hasText: "This site's security policy does not let its pages talk to that address" })
      .waitFor();
    expect(await stored(page)).toBeNull();
    await button(page, "Test").click();
    await page.getByTestId("test-result").filter({ hasText: "https://staging.example.com" }).waitFor();
    await page
      .getByText(/addresses the school's administrator has allowed: .*https:\/\/staging\.example\.com/)
      .waitFor();
    await page.context().close();
  });

  it("resets to the default origin and clears the configuration", async () => {
    const page = await open();
    await input(page).fill("https://staging.example.com");
    await button(page, "Save Configuration").click();
    await page.getByText("Configuration updated successfully!").waitFor();
    expect(await stored(page)).toBe("https://staging.example.com");

    await button(page, "Reset to Default").click();
    expect(await input(page).inputValue()).toBe(origin);
    expect(await stored(page)).toBeNull();
    expect(await page.getByTestId("current-url").textContent()).toBe(origin);
    expect(await page.getByTestId("current-kind").textContent()).toBe("Default");

    await input(page).fill("https://other.example.com");
    await button(page, "Save Configuration").click();
    await page.waitForFunction((k) => localStorage.getItem(k) === "https://other.example.com", KEY);
    await button(page, "Clear Configuration").click();
    expect(await input(page).inputValue()).toBe("");
    expect(await stored(page)).toBeNull();
    await page.getByText("Configuration updated successfully!").waitFor();

    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await page.waitForURL(/\/admin\/(login|dashboard)$/);
    await page.context().close();
  });

  it("is translated in Arabic and the stored override reaches the site's API calls", async () => {
    const page = await open("ar", 375);
    await page.getByRole("heading", { level: 1, name: "إعداد عنوان الخادم" }).waitFor();
    const field = page.getByLabel("العنوان الأساسي للخادم");
    await page.context().route("https://override.example.test/**", (route) => route.abort("connectionrefused"));
    await field.fill("https://override.example.test");
    await page.getByText("صيغة العنوان صحيحة").waitFor();
    await page.getByRole("button", { name: "حفظ الإعداد" }).click();
    await page.getByText("تم تحديث الإعداد بنجاح!").waitFor();
    await fontsSettled(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // The results page now calls the (unreachable) override, not its own origin.
    const requests: string[] = [];
    page.on("request", (r) => requests.push(r.url()));
    await page.goto(`${base}/results`);
    await page.getByRole("button", { name: "بحث" }).and(page.locator(":enabled")).waitFor();
    await page.locator("#national-id").fill("00000000000000");
    await page.getByRole("button", { name: "بحث" }).click();
    await page.getByRole("alert").filter({ hasText: "حدث خطأ أثناء البحث" }).waitFor();
    expect(requests.some((u) => u.startsWith("https://override.example.test/api/student/results/00000000000000"))).toBe(
      true,
    );
    await page.context().close();
  });
});
