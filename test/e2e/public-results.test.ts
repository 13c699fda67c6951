/**
 * /results in Chromium against the built Worker with the demo data (docs/product.md#public-results; README demo
 * IDs). Every lookup is typed in Arabic-Indic (or Persian) digits and the field must show ASCII digits. The modal
 * follows the answer's reason and flag (RESULTS_FEES_UNPAID / requiresPayment, …). The API allows 10 lookups per ID
 * and 60 per IP a minute (docs/decisions/0007-public-rate-limits.md), so each test makes at most a couple of real
 * lookups; the network-error and 429 texts are produced by intercepting the request instead.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { percentage, publicLetterGrade, round2, scoreTotals } from "../../worker/lib/letter-grades";
import { fontsSettled } from "../support/browser";
import { server } from "./server";
import type { z } from "zod";
import type { publicResultsSchema } from "../../worker/contracts/public-results";
import { fileBrowser } from "./file-browser";
import { escapeDialog } from "./dialogs";

const base = server.baseUrl;
const IDS = {
  found: "31001310119461",
  feesUnpaid: "31011011498507",
  notPublished: "31006181435204",
  unknown: "00000000000000",
};
const arabicIndic = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
const persian = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x06f0 + Number(d)));
const RESULTS_API = "**/api/student/results/**";

const browser = fileBrowser();

async function open(lang: "ar" | "en" = "ar", width = 1280): Promise<Page> {
  const context = await browser().newContext({ viewport: { width, height: 900 } });
  if (lang === "en") await context.addCookies([{ name: "lang", value: "en", url: base }]);
  const page = await context.newPage();
  await page.goto(`${base}/results`);
  // Hydrated: the field converts digits as typed (before that, a search is kept and replayed: public-search-early).
  await page.locator("form[data-hydrated]:has(#national-id)").waitFor();
  return page;
}

const field = (page: Page) => page.locator("#national-id");

/** Types `typed` key by key and checks that the field shows the ASCII form after the last keystroke. */
async function typeId(page: Page, typed: string, ascii: string) {
  await field(page).click();
  await page.keyboard.type(typed);
  expect(await field(page).inputValue()).toBe(ascii);
}

/** Checks the open dialog: its title, focus kept inside on Tab, Escape closes it, focus back on the field, value kept. */
async function expectModal(page: Page, title: string, ascii: string) {
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("heading", { name: title }).waitFor();
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => !!document.activeElement?.closest("[role=dialog]"))).toBe(true);
  }
  await escapeDialog(page, dialog);
  expect(await page.evaluate(() => document.activeElement?.id)).toBe("national-id");
  expect(await field(page).inputValue()).toBe(ascii);
}

describe("/results", () => {
  it("is Arabic by default and shows the Arabic required message for an empty ID, without calling the API", async () => {
    const page = await open();
    expect(await page.locator("html").getAttribute("lang")).toBe("ar");
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    const input = field(page);
    expect(await input.getAttribute("inputmode")).toBe("numeric");
    expect(await input.getAttribute("type")).toBe("text");
    expect(await input.getAttribute("autocomplete")).toBe("off");
    let calls = 0;
    await page.route(RESULTS_API, (route) => {
      calls += 1;
      return route.continue();
    });
    await input.fill("   ");
    await page.getByRole("button", { name: "بحث" }).click();
    await page.getByRole("alert").filter({ hasText: "الرجاء إدخال الرقم القومي" }).waitFor();
    expect(await input.getAttribute("aria-invalid")).toBe("true");
    expect(await input.inputValue()).toBe(""); // spaces are dropped as typed
    expect(calls).toBe(0);
    await page.context().close();
  });

  it("finds a student from Arabic-Indic digits: searching label, card, subject table, print layout", async () => {
    const page = await open();
    // Hold the answer back until the loading state has been seen. Routed before typing (see the network-error test).
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(RESULTS_API, async (route) => {
      await held;
      await route.continue();
    });
    await typeId(page, `${arabicIndic(IDS.found)} `, IDS.found);
    const answer = page.waitForResponse((r) => r.url().includes("/api/student/results/"));
    await page.keyboard.press("Enter");
    const searching = page.getByRole("button", { name: "جارٍ البحث..." });
    await searching.waitFor();
    expect(await searching.isDisabled()).toBe(true);
    release();
    const res = await answer;
    expect(res.url()).toContain(`/api/student/results/${IDS.found}`);
    const [result] = ((await res.json()) as z.output<typeof publicResultsSchema>).data;
    if (!result) throw new Error("the demo student has no published result");

    const card = page
      .locator("article")
      .filter({ has: page.getByRole("heading", { level: 2, name: result.full_name }) });
    await card.waitFor();
    const text = (await card.textContent()) ?? "";
    expect(text).toContain("الصف الثالث الإعدادي");
    expect(text).toContain(IDS.found);
    const totals = scoreTotals(result.subjects);
    const pct = new Intl.NumberFormat("ar-EG", { style: "percent", maximumFractionDigits: 2 }).format(
      round2(totals.percentage) / 100,
    );
    expect(text).toContain(pct);
    const n = (v: number) => new Intl.NumberFormat("ar-EG").format(v);
    expect(text).toContain(`${n(totals.total)} / ${n(totals.max)}`);
    expect(
      await card
        .locator("dd")
        .filter({ hasText: /^(A\+|A|B|C|D|F)$/ })
        .first()
        .textContent(),
    ).toBe(publicLetterGrade(totals.percentage));

    const rows = card.locator("tbody tr");
    expect(await rows.count()).toBe(result.subjects.length);
    for (const [i, s] of result.subjects.entries()) {
      const cells = rows.nth(i);
      expect(await cells.locator("td").first().textContent()).toBe(`${n(s.score!)} / ${n(s.max_score)}`);
      expect(await cells.locator("td").last().textContent()).toBe(publicLetterGrade(percentage(s.score!, s.max_score)));
    }
    // Focus moved to the result for screen readers and keyboard users.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(result.full_name);

    await page.emulateMedia({ media: "print" });
    expect(await page.locator("body > div > header").first().isVisible()).toBe(false);
    expect(await page.locator("footer").first().isVisible()).toBe(false);
    expect(await page.getByRole("button", { name: "طباعة" }).isVisible()).toBe(false);
    expect(await card.isVisible()).toBe(true);
    expect(await card.evaluate((el) => getComputedStyle(el.querySelector("h2")!).letterSpacing)).toBe("normal");
    await page.context().close();
  });

  it("opens the fees-required modal (Arabic-Indic digits)", async () => {
    const page = await open();
    await typeId(page, arabicIndic(IDS.feesUnpaid), IDS.feesUnpaid);
    const answer = page.waitForResponse((r) => r.url().includes("/api/student/results/"));
    await page.keyboard.press("Enter");
    expect(await (await answer).json()).toMatchObject({
      code: "FORBIDDEN",
      reason: "RESULTS_FEES_UNPAID",
      requiresPayment: true,
    });
    await expectModal(page, "مطلوب سداد المصروفات", IDS.feesUnpaid);
    await page.context().close();
  });

  it("opens the not-yet-published modal (Arabic-Indic digits)", async () => {
    const page = await open();
    await typeId(page, arabicIndic(IDS.notPublished), IDS.notPublished);
    const answer = page.waitForResponse((r) => r.url().includes("/api/student/results/"));
    await page.keyboard.press("Enter");
    expect(await (await answer).json()).toMatchObject({
      code: "FORBIDDEN",
      reason: "RESULTS_NOT_PUBLISHED",
      resultsNotPublished: true,
    });
    await expectModal(page, "لم تُعلن النتائج بعد", IDS.notPublished);
    await page.context().close();
  });

  it("decides the modal by the reason and flag, not the English text", async () => {
    const page = await open();
    // An answer whose English was reworded: the page still knows it by its reason and flag.
    await page.route(RESULTS_API, (route) =>
      route.fulfill({
        status: 403,
        json: {
          success: false,
          code: "FORBIDDEN",
          reason: "RESULTS_NOT_PUBLISHED",
          resultsNotPublished: true,
          message: "Reworded",
          error: "Reworded",
        },
      }),
    );
    await typeId(page, arabicIndic(IDS.found), IDS.found);
    await page.keyboard.press("Enter");
    await page.getByRole("dialog").getByRole("heading", { name: "لم تُعلن النتائج بعد" }).waitFor();
    await page.context().close();
  });

  it("opens the incorrect-ID modal for an unknown ID (Persian digits, clicked through the OK button)", async () => {
    const page = await open();
    await typeId(page, persian(IDS.unknown), IDS.unknown);
    await page.getByRole("button", { name: "بحث" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("heading", { name: "رقم قومي غير صحيح" }).waitFor();
    expect(await dialog.textContent()).toContain("لم يتم العثور على الطالب أو لا توجد نتائج متاحة");
    await dialog.getByRole("button", { name: "حسنًا" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await field(page).inputValue()).toBe(IDS.unknown);
    await page.context().close();
  });

  it("shows the inline network-error and too-many-attempts texts and keeps the ID", async () => {
    const page = await open();
    // Routed before typing, so no lookup can slip past the interception (seen ~5% of runs when routed after).
    await page.route(RESULTS_API, (route) => route.abort("internetdisconnected"));
    await typeId(page, arabicIndic(IDS.found), IDS.found);
    await page.keyboard.press("Enter");
    await page.getByRole("alert").filter({ hasText: "حدث خطأ أثناء البحث، يرجى المحاولة مرة أخرى." }).waitFor();
    expect(await page.getByRole("dialog").count()).toBe(0);

    await page.unroute(RESULTS_API);
    await page.route(RESULTS_API, (route) =>
      route.fulfill({
        status: 429,
        headers: { "Retry-After": "60" },
        json: {
          success: false,
          code: "RATE_LIMITED",
          reason: "RATE_LIMITED",
          message: "Too many requests. Please wait a minute and try again.",
        },
      }),
    );
    await page.getByRole("button", { name: "بحث" }).click();
    await page.getByRole("alert").filter({ hasText: "محاولات كثيرة جدًا" }).waitFor();
    expect(await field(page).inputValue()).toBe(IDS.found);
    await page.context().close();
  });

  it("works in English at phone width", async () => {
    const page = await open("en", 360);
    expect(await page.locator("html").getAttribute("dir")).toBe("ltr");
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByRole("alert").filter({ hasText: "Please enter the national ID" }).waitFor();
    await typeId(page, arabicIndic(IDS.found), IDS.found);
    await page.keyboard.press("Enter");
    await page.locator("article dd").getByText("Prep-3", { exact: true }).waitFor(); // the result's own grade
    await fontsSettled(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.context().close();
  });
});
