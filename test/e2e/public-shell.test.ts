/**
 * The site's shell in the states a visitor meets outside the happy path (docs/product.md#public-home): an unknown
 * address answers 404 with "Page not found" and a link home (the console's own link under /admin) in the
 * visitor's language; the toast region is named in the page's language; and on a phone the back-to-top button
 * only shows while the visitor scrolls up, then leaves, so it never rests on a result's grade badges.
 */
import { describe, expect, it } from "vitest";
import { adminToken, consoleContext } from "./admin-session";
import { server } from "./server";
import { fileBrowser } from "./file-browser";
import { hydrated } from "./hydration";

const base = server.baseUrl;
const browser = fileBrowser();

describe("unknown addresses", () => {
  it.each([
    ["ar", "/no-such-page", "الصفحة غير موجودة", "الذهاب إلى الصفحة الرئيسية", "/"],
    ["en", "/no-such-page", "Page not found", "Go to the home page", "/"],
    ["en", "/admin/no-such-page", "Page not found", "Go to the dashboard", "/admin/dashboard"],
  ])("%s %s: 404, in the visitor's language, with a way back", async (lang, path, title, link, href) => {
    const res = await fetch(`${base}${path}`, { headers: { Cookie: `lang=${lang}; admin_lang=${lang}` } });
    expect(res.status).toBe(404);
    const context = await browser().newContext();
    await context.addCookies([{ name: path.startsWith("/admin") ? "admin_lang" : "lang", value: lang, url: base }]);
    const page = await context.newPage();
    await page.goto(`${base}${path}`);
    await page.getByRole("heading", { name: title }).waitFor();
    expect(await page.getByRole("link", { name: link }).getAttribute("href")).toBe(href);
    expect(await page.locator("html").getAttribute("dir")).toBe(lang === "ar" ? "rtl" : "ltr");
    await context.close();
  });
});

describe("the toast region", () => {
  it("is named in Arabic on an Arabic console page", async () => {
    const token = await adminToken();
    const context = await consoleContext(browser(), token, "ar");
    const page = await context.newPage();
    await page.goto(`${base}/admin/dashboard`);
    const region = page.locator("section[aria-label][aria-live], section[aria-label*='alt']").first();
    await region.waitFor({ state: "attached", timeout: 10_000 });
    expect(await region.getAttribute("aria-label")).toMatch(/^الإشعارات/);
    await context.close();
  });
});

describe("back to top on a phone", () => {
  it("shows while scrolling up, then leaves; never while reading down", async () => {
    const context = await browser().newContext({ viewport: { width: 360, height: 700 } });
    const page = await context.newPage();
    await page.clock.install();
    await page.goto(`${base}/`);
    await hydrated(page);
    const button = page.getByRole("button", { name: "العودة إلى الأعلى" });
    await page.mouse.wheel(0, 1500);
    // Until the wheel's scroll has ended: an upward wheel sent while it still glides down only shortens the glide.
    await page.waitForFunction(
      () => window.scrollY === Math.min(1500, document.documentElement.scrollHeight - window.innerHeight),
    );
    await page.clock.runFor(500);
    expect(await button.count()).toBe(0);
    await page.mouse.wheel(0, -300);
    await button.waitFor();
    await page.clock.runFor(3_000);
    await button.waitFor({ state: "detached" });
    await context.close();
  });
});
