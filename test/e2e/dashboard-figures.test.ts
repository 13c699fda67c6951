/**
 * The dashboard's statistic cards for any figures the API may answer (0 to ten billion EGP with piastres, any
 * percentage with two decimals, up to a million students), at any width from 320 to 1440 px, in Arabic and English,
 * with Cairo loaded or before it arrives (the fallback font, wider digits): the page never scrolls sideways, every
 * figure stays inside its card, and an EGP total of up to eight digits fits on one line. The figures come from
 * routes stubbed in the browser; the rest of the console is the demo server's. The fallback font once widened a
 * 360 px phone's page by 4 px on a thirty-million total (docs/product.md#dashboard).
 */
import fc from "fast-check";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { cairoInUse, fontsSettled, refuseFonts, watchErrors } from "../support/browser";
import { adminToken, consoleContext } from "./admin-session";
import { server } from "./server";
import { fileBrowser } from "./file-browser";

const base = server.baseUrl;
type Lang = "ar" | "en";
type Fonts = "cairo" | "fallback";

interface Figures {
  activeStudents: number;
  totalFees: number;
  paidPercentage: number;
  overdueAmount: number;
  overdueStudents: number;
  onlineToday: number;
  onlineTodayCount: number;
}

/** EGP with piastres, as the API answers (a number with at most two decimals). */
const egp = (maxPiastres: number) => fc.integer({ min: 0, max: maxPiastres }).map((p) => p / 100);
const figures: fc.Arbitrary<Figures> = fc.record({
  activeStudents: fc.integer({ min: 0, max: 1_000_000 }),
  totalFees: fc.oneof(egp(99_999_999_99), egp(1_000_000_000_000)),
  paidPercentage: fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100),
  overdueAmount: fc.oneof(egp(99_999_999_99), egp(1_000_000_000_000)),
  overdueStudents: fc.integer({ min: 0, max: 1_000_000 }),
  onlineToday: fc.oneof(egp(99_999_999_99), egp(1_000_000_000_000)),
  onlineTodayCount: fc.integer({ min: 0, max: 1_000_000 }),
});

const browser = fileBrowser();
const pages = new Map<string, { page: Page; errors: string[]; answer: { figures: Figures } }>();

beforeAll(async () => {
  const token = await adminToken();
  for (const lang of ["ar", "en"] as const)
    for (const fonts of ["cairo", "fallback"] as const) {
      const context = await consoleContext(browser(), token, lang, { viewport: { width: 360, height: 800 } });
      if (fonts === "fallback") await refuseFonts(context);
      const answer = { figures: null as unknown as Figures };
      const stub = (path: string, body: () => object) =>
        context.route(`${base}${path}`, (route) => route.fulfill({ json: body() }));
      await stub("/api/students/active/count", () => ({ activeStudents: answer.figures.activeStudents }));
      await stub("/api/fees/TotalFees", () => ({ totalFees: answer.figures.totalFees }));
      await stub("/api/fees/paid-percentage", () => ({ paidPercentage: answer.figures.paidPercentage }));
      await stub("/api/fees/overdue-summary", () => ({
        overdueAmount: answer.figures.overdueAmount,
        overdueStudents: answer.figures.overdueStudents,
      }));
      await stub("/api/fees/online-today", () => ({
        onlineToday: answer.figures.onlineToday,
        onlineTodayCount: answer.figures.onlineTodayCount,
      }));
      const page = await context.newPage();
      const errors = watchErrors(page, /status of 404/);
      pages.set(`${lang}/${fonts}`, { page, errors, answer });
    }
});

/** In the page: the document's overflow and, per figure, whether it is clipped, leaves its card, or wraps. */
function measure() {
  const figures = [...document.querySelectorAll<HTMLElement>('[data-slot="stat-value"]')].map((p) => {
    const card = p.closest<HTMLElement>('[data-slot="card"]')!.getBoundingClientRect();
    const box = p.getBoundingClientRect();
    const lineHeight = Number.parseFloat(getComputedStyle(p).lineHeight);
    return {
      text: p.textContent ?? "",
      clipped: p.scrollWidth > p.clientWidth + 1,
      outside: box.left < card.left - 0.5 || box.right > card.right + 0.5,
      lines: Math.round(box.height / lineHeight),
    };
  });
  return { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, figures };
}

describe("dashboard statistic cards", () => {
  it("never widen the page, keep every figure inside its card, and keep an eight-digit total on one line", {
    timeout: 180_000,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(
        figures,
        fc.integer({ min: 320, max: 1440 }),
        fc.constantFrom<Lang>("ar", "en"),
        fc.constantFrom<Fonts>("cairo", "fallback"),
        async (f, width, lang, fonts) => {
          const { page, errors, answer } = pages.get(`${lang}/${fonts}`)!;
          answer.figures = f;
          await page.setViewportSize({ width, height: 800 });
          await page.goto(`${base}/admin/dashboard`);
          await page.locator('[data-slot="card"][aria-busy="false"]').nth(4).waitFor();
          await fontsSettled(page);
          const m = await page.evaluate(measure);
          const where = `${lang} ${fonts} @${width}px ${JSON.stringify(f)}`;
          expect(await cairoInUse(page), `Cairo loaded (${where})`).toBe(fonts === "cairo");
          expect(m.scrollWidth, `document width (${where})`).toBeLessThanOrEqual(m.innerWidth);
          expect(m.figures).toHaveLength(5);
          for (const fig of m.figures)
            expect({ clipped: fig.clipped, outside: fig.outside }, `${fig.text} (${where})`).toEqual({
              clipped: false,
              outside: false,
            });
          if (fonts === "cairo" && f.totalFees < 100_000_000)
            expect(m.figures[1]!.lines, `${m.figures[1]!.text} on one line (${where})`).toBe(1);
          expect(errors).toEqual([]);
        },
      ),
      { numRuns: 24 },
    );
  });
});
