/**
 * Searching before the page's JavaScript has run (public pages load it after the first paint, ADR 0016; on a slow
 * phone that is seconds): the module scripts are held back by route interception while the visitor types the ID in
 * Arabic-Indic digits and presses Enter (or clicks Search); once the scripts arrive the search runs, the field shows
 * ASCII digits, and the page then works as usual. Without JavaScript the button stays disabled (a native submit
 * would put the national ID in the address). Search used to be dead until hydration.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { server } from "./server";
import { fileBrowser } from "./file-browser";

const base = server.baseUrl;
const RESULTS_FOUND = "31001310119461"; // README demo IDs
const CAN_CHOOSE = "31004191378125";
const arabicIndic = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
const browser = fileBrowser();

/** Opens `path` with every JavaScript asset held back until `release()`; collects page and console errors. */
async function openWithScriptsHeld(path: string, lang: "ar" | "en", width: number) {
  const context = await browser().newContext({ viewport: { width, height: 900 } });
  await context.addCookies([{ name: "lang", value: lang, url: base }]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let held = 0;
  await page.route(/\/assets\/[^?]+\.js(\?|$)/, async (route) => {
    held++;
    await released;
    await route.continue().catch(() => {}); // the page may be closed meanwhile
  });
  await page.goto(`${base}${path}`, { waitUntil: "domcontentloaded" });
  return { page, errors, release, heldCount: () => held };
}

const hydrated = (page: Page) => page.evaluate(() => "__reactRouterRouteModules" in window);

describe("search before the scripts run", () => {
  it("/results: Enter typed in Arabic-Indic digits is kept, then answered once the scripts arrive", async () => {
    const { page, errors, release, heldCount } = await openWithScriptsHeld("/results", "ar", 360);
    const field = page.locator("#national-id");
    await field.click();
    await page.keyboard.type(arabicIndic(RESULTS_FOUND));
    await page.keyboard.press("Enter");
    const form = page.locator("form:has(#national-id)");
    await page.locator("form[data-pending]:has(#national-id)").waitFor();
    expect(await hydrated(page)).toBe(false);
    expect(heldCount()).toBeGreaterThan(0);
    expect(await field.inputValue()).toBe(arabicIndic(RESULTS_FOUND)); // not converted yet: nothing has run
    await form.getByRole("button", { name: "جارٍ البحث..." }).waitFor(); // the busy look at once
    expect(page.url()).toBe(`${base}/results`); // no native submit: the ID stays out of the address

    release();
    await page.locator("article[data-result-card] h2").waitFor();
    expect(await field.inputValue()).toBe(RESULTS_FOUND);
    expect(await form.getAttribute("data-pending")).toBeNull();
    expect(errors).toEqual([]);

    // Hydrated, the page works as usual: a second search (intercepted, no rate-limit spent) opens the modal.
    await page.route("**/api/student/results/**", (route) =>
      route.fulfill({ status: 404, json: { success: false, message: "Student not found or no results available" } }),
    );
    await field.fill("00000000000000");
    await form.getByRole("button", { name: "بحث" }).click();
    await page.getByRole("dialog").getByRole("heading", { name: "رقم قومي غير صحيح" }).waitFor();
    expect(errors.filter((e) => !e.includes("status of 404"))).toEqual([]); // the browser logs the 404 answer
    await page.context().close();
  });

  it("/current-students: a click on Search is kept, then the student is found once the scripts arrive", async () => {
    const { page, errors, release } = await openWithScriptsHeld("/current-students", "en", 1366);
    const field = page.locator("#student-national-id");
    await field.click();
    await page.keyboard.type(arabicIndic(CAN_CHOOSE));
    const button = page.locator("form:has(#student-national-id) button[type=submit]");
    await button.click();
    await page.locator("form[data-pending]:has(#student-national-id)").waitFor();
    expect(await hydrated(page)).toBe(false);
    await button.getByText("Searching...").waitFor();

    release();
    await page.locator("[data-mode]").waitFor();
    expect(await field.inputValue()).toBe(CAN_CHOOSE);
    // Normal afterwards: an empty search is refused with the toast.
    await field.fill("");
    await button.click();
    await page.locator("[data-sonner-toast]").first().waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("without JavaScript the search button stays disabled, so no ID ends up in the address", async () => {
    const context = await browser().newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const path of ["/results", "/current-students"]) {
      await page.goto(`${base}${path}`);
      expect(await page.locator("form[data-early-submit] button[type=submit]").isDisabled()).toBe(true);
    }
    await context.close();
  });
});
