/**
 * The home news carousel with 0, 1, 2, 3 and 7 published items (built through the admin API, news-states.ts) at
 * 360, 640, 768, 1024 and 1366 px, in Arabic and English, on a fake clock: no page error, console error or error
 * screen, before or after the first autoplay tick; arrows, pause and dots only where the items do not all fit (in
 * the server HTML too), and autoplay moving then. With 2 items from 640 px or 3 from 1024 px the page used to crash
 * ~0.4 s after load (Embla's autoplay `play()` with a single scroll position).
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { movableAt } from "../../web/features/news/public/carousel-plan";
import { RECENT_NEWS_LIMIT } from "../../worker/contracts/news";
import { watchErrors } from "../support/browser";
import { newsStates } from "./news-states";
import { server } from "./server";
import { fileBrowser } from "./file-browser";
import { hydrated } from "./hydration";

const base = server.baseUrl;
const WIDTHS = [360, 640, 768, 1024, 1366];
const COUNTS = [0, 1, 2, 3, 7];
const states = newsStates();
const browser = fileBrowser();

beforeAll(async () => {
  await states.setAside();
});
afterAll(async () => {
  await states.restore();
});

const selectedDot = (page: Page) =>
  page
    .locator('[data-testid="news-dots"] button')
    .evaluateAll((dots) => dots.findIndex((d) => d.getAttribute("aria-current") === "true"));

describe.each(COUNTS)("home with %i published news items", (count) => {
  const shown = Math.min(count, RECENT_NEWS_LIMIT);

  beforeAll(async () => {
    await states.publish(count);
  });

  it("server HTML: the controls are visible exactly at the widths where the items do not all fit", async () => {
    // The HTML does not depend on the width (the server cannot know it): one load, checked at every width.
    const context = await browser().newContext({
      viewport: { width: WIDTHS[0]!, height: 900 },
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto(`${base}/`);
    const section = page.locator("section#news");
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      // With nothing published the section stays (the navbar's News link leads to it) and says so.
      expect(await section.isVisible(), `section at ${width}`).toBe(true);
      expect(await page.getByTestId("news-empty").isVisible(), `"no news yet" at ${width}`).toBe(count === 0);
      expect(await page.locator('[aria-roledescription="slide"]').count()).toBe(shown);
      const movable = movableAt(shown, width);
      expect(await page.getByTestId("news-controls").isVisible(), `controls at ${width}`).toBe(movable);
      expect(await page.getByTestId("news-dots").isVisible(), `dots at ${width}`).toBe(movable);
    }
    await context.close();
  });

  it.each(WIDTHS)("at %i px: no error, autoplay only where there is somewhere to move to", async (width) => {
    const lang = WIDTHS.indexOf(width) % 2 === 0 ? "ar" : "en";
    const context = await browser().newContext({ viewport: { width, height: 900 } });
    await context.addCookies([{ name: "lang", value: lang, url: base }]);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.clock.install();
    await page.goto(`${base}/`);
    await hydrated(page);
    const errorScreen = page.locator("[data-error-screen]");
    if (count > 0)
      await Promise.race([
        page.locator('[data-testid="news-carousel"][data-ready="true"]').waitFor(),
        errorScreen.waitFor(),
      ]);
    await page.clock.runFor(1_000); // the crash came ~0.4 s after load
    expect(await errorScreen.count()).toBe(0);
    const movable = movableAt(shown, width);

    if (count === 0) {
      expect(await page.getByTestId("news-empty").isVisible()).toBe(true);
    } else if (movable) {
      await page.locator('[data-testid="news-carousel"][data-playing="true"]').waitFor();
      const dots = await page.locator('[data-testid="news-dots"] button').count();
      expect(dots).toBeGreaterThanOrEqual(2);
      expect(dots).toBeLessThanOrEqual(shown);
      expect(await selectedDot(page)).toBe(0);
      await page.clock.runFor(5_000); // one autoplay interval (5 s) after it started
      await expect.poll(() => selectedDot(page)).toBe(1);
    } else {
      expect(await page.getByTestId("news-controls").count()).toBe(0);
      expect(await page.getByTestId("news-dots").count()).toBe(0);
      await page.clock.runFor(11_000); // two autoplay intervals: nothing moves, nothing throws
      expect(await page.getByTestId("news-carousel").getAttribute("data-playing")).toBe("false");
    }
    await page.clock.runFor(6_000);
    expect(await errorScreen.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
