/**
 * The home news carousel in Chromium against the built Worker with the demo data (7 published items → 6 slides):
 * server-rendered HTML (also with JavaScript disabled), autoplay every 5 s, the detail modal pausing and resuming
 * it (and hiding the scroll-to-top button), arrows and dots in English and Arabic (RTL), reduced motion. Time is
 * Playwright's fake clock: it runs while the page loads, then is paused and moved on by the test. Other item counts
 * and widths: carousel-states.test.ts.
 */
import type { BrowserContextOptions, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { apiClient, ok } from "./admin-api";
import { server } from "./server";
import { fileBrowser } from "./file-browser";

const base = server.baseUrl;
const browser = fileBrowser();

async function openHome(lang: "ar" | "en", options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser().newContext({ viewport: { width: 1280, height: 900 }, ...options });
  await context.addCookies([{ name: "lang", value: lang, url: base }]);
  const page = await context.newPage();
  if (options.javaScriptEnabled !== false) await page.clock.install();
  await page.goto(`${base}/`);
  return page;
}

/** Stops the page's fake clock where it is now: from here on only `page.clock.runFor` moves time. */
async function pauseClock(page: Page): Promise<void> {
  // A little ahead of the page's time, which keeps running until the pause lands.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 250);
}

/** Index of the dot marked aria-current (the selected slide). */
const selectedIndex = (page: Page) =>
  page
    .locator('[data-testid="news-dots"] button')
    .evaluateAll((dots) => dots.findIndex((d) => d.getAttribute("aria-current") === "true"));

/** Waits until the selected slide is no longer `from` (the page's own events, no clock needed); returns it. */
async function waitForSelectionChange(page: Page, from: number): Promise<number> {
  await page.waitForFunction(
    (prev) => {
      const dots = [...document.querySelectorAll('[data-testid="news-dots"] button')];
      const i = dots.findIndex((d) => d.getAttribute("aria-current") === "true");
      return i !== -1 && i !== prev;
    },
    from,
    { timeout: 5_000 },
  );
  return selectedIndex(page);
}

const playing = (page: Page) => page.getByTestId("news-carousel").getAttribute("data-playing");

async function recentTitles(): Promise<string[]> {
  const { news } = await ok(apiClient().api.public.news.recent.$get({ query: { limit: "6" } }));
  return news.map((n) => n.title);
}

describe("home news carousel", () => {
  it("is in the server HTML and readable with JavaScript disabled", async () => {
    const page = await openHome("ar", { javaScriptEnabled: false });
    const section = page.locator("section#news");
    expect(await section.isVisible()).toBe(true);
    await section.getByRole("heading", { name: "آخر الأخبار" }).waitFor();
    const carousel = page.locator('[aria-roledescription="carousel"]');
    expect(await carousel.count()).toBe(1);
    const slides = page.locator('[aria-roledescription="slide"]');
    expect(await slides.count()).toBe(6);
    expect(await slides.first().getAttribute("aria-label")).toBe("١ من ٦");
    const titles = await recentTitles();
    expect(titles).toHaveLength(6);
    expect((await slides.first().locator("h3").textContent())?.trim()).toBe(titles[0]);
    // Without JavaScript the row scrolls natively, so the last item can be reached.
    const overflow = await page
      .locator('[data-testid="news-slides"]')
      .evaluate((el) => getComputedStyle(el.parentElement!).overflowX);
    expect(overflow).toBe("auto");
    await page.context().close();
  });

  it("advances every 5 seconds", async () => {
    const page = await openHome("en");
    await page.locator('[data-testid="news-carousel"][data-playing="true"]').waitFor();
    await pauseClock(page);
    expect(await selectedIndex(page)).toBe(0);
    await page.clock.runFor(3_500);
    expect(await selectedIndex(page)).toBe(0);
    await page.clock.runFor(1_600);
    expect(await waitForSelectionChange(page, 0)).toBe(1);
    await page.clock.runFor(5_000);
    expect(await waitForSelectionChange(page, 1)).toBe(2);
    expect(await page.locator('[data-testid="news-dots"] button').count()).toBe(6);
    await page.context().close();
  });

  it("pauses while a news item is open and resumes when it closes", async () => {
    const page = await openHome("en");
    await page.locator('[data-testid="news-carousel"][data-playing="true"]').waitFor();
    await page.mouse.wheel(0, 700);
    const toTop = page.getByRole("button", { name: "Back to top" });
    await toTop.waitFor();

    const detail = page.waitForResponse(
      (r) => /\/api\/public\/news\/\d+$/.test(new URL(r.url()).pathname) && r.status() === 200,
    );
    const current = await selectedIndex(page);
    await page
      .locator('[aria-roledescription="slide"]')
      .nth(current)
      .getByRole("button", { name: "Read more" })
      .click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    await detail;
    expect(await playing(page)).toBe("false");
    expect(await toTop.count()).toBe(0);
    const title = (
      await page.locator('[aria-roledescription="slide"]').nth(current).locator("h3").textContent()
    )?.trim();
    await dialog.getByRole("heading", { name: title }).waitFor();

    const held = await selectedIndex(page);
    // Paused only now: React reveals the lazily loaded dialog on a timer.
    await pauseClock(page);
    await page.clock.runFor(12_000);
    expect(await selectedIndex(page)).toBe(held);

    await dialog.getByRole("button", { name: "Close" }).first().click();
    await dialog.waitFor({ state: "detached" });
    await toTop.waitFor();
    await page.locator('[data-testid="news-carousel"][data-playing="true"]').waitFor();
    await page.clock.runFor(5_100);
    expect(await waitForSelectionChange(page, held)).not.toBe(held);
    await page.context().close();
  });

  it("moves with the arrows and the dots, and the pause button stops autoplay", async () => {
    const page = await openHome("en");
    await page.locator('[data-testid="news-carousel"][data-playing="true"]').waitFor();
    const pause = page.getByRole("button", { name: "Pause automatic rotation" });
    await pause.click();
    expect(await pause.getAttribute("aria-pressed")).toBe("true");
    await page.locator('[data-testid="news-carousel"][data-playing="false"]').waitFor();
    await pauseClock(page);
    const at = await selectedIndex(page);

    await page.getByRole("button", { name: "Next news" }).click();
    expect(await waitForSelectionChange(page, at)).toBe((at + 1) % 6);
    await page.getByRole("button", { name: "Previous news" }).click();
    expect(await waitForSelectionChange(page, (at + 1) % 6)).toBe(at);
    await page.getByRole("button", { name: "Show news 4" }).click();
    expect(await waitForSelectionChange(page, at)).toBe(3);
    await page.getByRole("button", { name: "Show news 1" }).click();
    await waitForSelectionChange(page, 3);
    await page.getByRole("button", { name: "Previous news" }).click();
    expect(await waitForSelectionChange(page, 0)).toBe(5); // loops
    // Still paused after using the controls.
    await page.clock.runFor(11_000);
    expect(await playing(page)).toBe("false");
    expect(await selectedIndex(page)).toBe(5);
    await pause.click();
    expect(await pause.getAttribute("aria-pressed")).toBe("false");
    // Resumed, but held while the pointer and the focus are still on the carousel.
    expect(await playing(page)).toBe("false");
    await page.mouse.move(5, 5);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.locator('[data-testid="news-carousel"][data-playing="true"]').waitFor();
    await page.context().close();
  });

  it("holds still while the pointer is over it or the focus is inside it, and moves on after", async () => {
    const page = await openHome("en");
    await page.locator('[data-testid="news-carousel"][data-playing="true"]').waitFor();
    await pauseClock(page);
    const at = await selectedIndex(page);
    // A visitor reaching for "Read more": the slide must not leave under the pointer.
    await page.getByTestId("news-carousel").hover();
    await page.locator('[data-testid="news-carousel"][data-playing="false"]').waitFor();
    await page.clock.runFor(11_000);
    expect(await selectedIndex(page)).toBe(at);
    await page.mouse.move(5, 5);
    await page.locator('[data-testid="news-carousel"][data-playing="true"]').waitFor();
    // Keyboard: Tab onto a slide's button holds it the same way.
    await page.locator('[aria-roledescription="slide"]').nth(at).getByRole("button", { name: "Read more" }).focus();
    await page.locator('[data-testid="news-carousel"][data-playing="false"]').waitFor();
    await page.clock.runFor(11_000);
    expect(await selectedIndex(page)).toBe(at);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.locator('[data-testid="news-carousel"][data-playing="true"]').waitFor();
    await page.clock.runFor(5_000);
    expect(await waitForSelectionChange(page, at)).toBe((at + 1) % 6);
    await page.context().close();
  });

  it("is mirrored in Arabic: the next item comes in from the left", async () => {
    const page = await openHome("ar");
    await page.locator('[data-testid="news-carousel"][data-playing="true"]').waitFor();
    await pauseClock(page);
    await page.getByRole("button", { name: "إيقاف التمرير التلقائي" }).click();
    const slides = page.locator('[aria-roledescription="slide"]');
    const first = await slides.nth(0).boundingBox();
    const second = await slides.nth(1).boundingBox();
    expect(second!.x).toBeLessThan(first!.x); // RTL: the second slide sits to the left of the first
    await page.getByRole("button", { name: "الخبر التالي" }).click();
    await waitForSelectionChange(page, 0);
    // The second slide glides into the first one's place (right edge) once the scroll animation has run.
    await page.clock.runFor(2_000);
    const moved = await slides.nth(1).boundingBox();
    expect(Math.abs(moved!.x + moved!.width - (first!.x + first!.width))).toBeLessThan(2);
    await page.context().close();
  });

  it("does not start on its own under prefers-reduced-motion", async () => {
    const page = await openHome("en", { reducedMotion: "reduce" });
    const pause = page.getByRole("button", { name: "Pause automatic rotation" });
    await page.locator('[data-testid="news-autoplay"][aria-pressed="true"]').waitFor();
    expect(await pause.getAttribute("aria-pressed")).toBe("true");
    await pauseClock(page);
    await page.clock.runFor(11_000);
    expect(await selectedIndex(page)).toBe(0);
    expect(await playing(page)).toBe("false");
    await page.context().close();
  });
});
