/**
 * Links into the fees list by year (docs/product.md#reports, #fees, #dashboard): an overdue bar of the Reports page
 * for a year that is not the current one opens the Fees page on that year (its year filter shows it, its rows are
 * that year's, sorting keeps it); the dashboard's Overdue card opens this year's overdue list and the arrears, whose
 * amounts add up to the card's figure. The year is the test's own (at least two after the current one, ownYear()),
 * with three students of its own owing there; the server's clock (`X-Test-Now`) is moved past their due dates.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { watchErrors } from "../support/browser";
import { uniqueStudentNo } from "../support/selection-world";
import { adminApi, ownYear } from "./admin-api";
import { adminToken, consoleContext } from "./admin-session";
import { fileBrowser } from "./file-browser";
import { chooseOption } from "./select";
import { server } from "./server";

const base = server.baseUrl;
const browser = fileBrowser();
const SHOTS = join(process.cwd(), "screenshots");
const mine = [uniqueStudentNo(), uniqueStudentNo(), uniqueStudentNo()];
let token: string;
let year: string;
let now: string;

const headers = () => ({ "X-Test-Now": now });

beforeAll(async () => {
  token = await adminToken();
  mkdirSync(SHOTS, { recursive: true });
  year = await ownYear(token);
  const first = Number(year.slice(0, 4));
  // Inside the year, after both instalments fell due.
  now = `${first + 1}-02-15T09:00:00Z`;
  for (const [i, no] of mine.entries()) {
    await adminApi(token, "POST", "/api/students", {
      student_no: no,
      full_name: `Year Link ${i + 1}`,
      nationality: "Egyptian",
      current_grade: "Primary-2",
      building_no: 4,
    });
    await adminApi(token, "POST", "/api/fees", {
      student_id: no,
      grade: "Primary-2",
      total_amount: 3000,
      paid_amount: 0,
      academic_year_name: year,
    });
    await adminApi(token, "PUT", `/api/fees/${no}/schedule?academic_year=${year}`, {
      instalments: [
        { line: "المصروفات", line_en: "Tuition", due_date: `${first}-10-01`, amount: 1000 + 100 * i },
        { line: "المصروفات", line_en: "Tuition", due_date: `${first + 1}-01-10`, amount: 2000 - 100 * i },
      ],
    });
  }
});

/** A signed-in console page whose requests carry the moved clock. */
async function page(lang: "ar" | "en", width: number): Promise<{ page: Page; errors: string[] }> {
  const context = await consoleContext(browser(), token, lang, {
    viewport: { width, height: 900 },
    extraHTTPHeaders: headers(),
  });
  const p = await context.newPage();
  return { page: p, errors: watchErrors(p) };
}

/** Clicks the first drawn bar of the overdue chart. */
async function clickOverdueBar(p: Page) {
  const overdue = p.locator("#report-overdue");
  await expect.poll(() => overdue.locator("[data-mark=bar]").count(), { timeout: 30_000 }).toBeGreaterThan(0);
  await overdue.scrollIntoViewIfNeeded();
  for (const bar of await overdue.locator("[data-mark=bar]").all()) {
    await bar.scrollIntoViewIfNeeded();
    const b = await bar.boundingBox();
    if (b && b.width > 4 && b.height > 4) return p.mouse.click(b.x + b.width / 2, b.y + b.height / 2);
  }
  throw new Error("no overdue bar drawn");
}

const myRows = (p: Page) =>
  Promise.all(mine.map((no) => p.getByRole("row").filter({ hasText: no }).count())).then((n) => n.join(","));

const arabicDigits = (s: string) => s.replace(/\d/g, (d) => "٠١٢٣٤٥٦٧٨٩"[Number(d)]!);

describe("Links into the fees list by year", () => {
  for (const [lang, width, yearLabel] of [
    ["en", 1366, "Academic year"],
    ["ar", 360, "العام الدراسي"],
  ] as const)
    it(`${lang} at ${width} px: an overdue bar of another year opens that year's overdue rows`, async () => {
      const { page: p, errors } = await page(lang, width);
      await p.goto(`${base}/admin/dashboard/reports`);
      await p.getByLabel(yearLabel).selectOption(year);
      await clickOverdueBar(p);
      await p.waitForURL(new RegExp(`/admin/dashboard/fees\\?status=overdue&academic_year=${year}&grade=Primary-2`));
      const filter = p.locator("#fees-year");
      await expect.poll(() => filter.textContent()).toBe(lang === "ar" ? arabicDigits(year) : year);
      await expect.poll(() => myRows(p)).toBe("1,1,1");
      await expect.poll(() => p.getByRole("row").filter({ hasText: "Year Link" }).count()).toBe(3);
      writeFileSync(join(SHOTS, `fees-year-link-${lang}-${width}.png`), await p.screenshot({ fullPage: true }));
      // Sorting keeps the year.
      await p
        .getByRole("button", { name: lang === "ar" ? /الطالب/ : /^Student/ })
        .first()
        .click();
      await expect.poll(() => filter.textContent()).toBe(lang === "ar" ? arabicDigits(year) : year);
      await expect.poll(() => myRows(p)).toBe("1,1,1");
      // So does paging (another page size asks the server again).
      await chooseOption(p.locator("#fees-page-size"), lang === "ar" ? arabicDigits("20") : "20");
      await expect.poll(() => filter.textContent()).toBe(lang === "ar" ? arabicDigits(year) : year);
      await expect.poll(() => myRows(p)).toBe("1,1,1");
      await expect.poll(() => p.getByRole("row").filter({ hasText: "Year Link" }).count()).toBe(3);
      expect(errors).toEqual([]);
      await p.context().close();
    });

  it("en at 1366 px and ar at 360 px: the Overdue card's two lists add up to its figure", async () => {
    const summary = await adminApi<{ overdueAmount: number; arrearsAmount: number }>(
      token,
      "GET",
      "/api/fees/overdue-summary",
    );
    expect(summary.arrearsAmount).toBeLessThanOrEqual(summary.overdueAmount);
    for (const [lang, width] of [
      ["en", 1366],
      ["ar", 360],
    ] as const) {
      const context = await consoleContext(browser(), token, lang, { viewport: { width, height: 900 } });
      const p = await context.newPage();
      const errors = watchErrors(p);
      await p.goto(`${base}/admin/dashboard`);
      const link = p.getByTestId("overdue-link");
      await expect.poll(() => link.textContent()).toMatch(lang === "ar" ? /^هذا العام/ : /^This year/);
      if (summary.arrearsAmount > 0) {
        await p.getByTestId("overdue-arrears-link").waitFor();
        const card = p.getByTestId("overdue-link").locator("xpath=ancestor::*[@data-slot='card'][1]");
        writeFileSync(join(SHOTS, `dashboard-overdue-${lang}-${width}.png`), await card.screenshot());
        await p.getByTestId("overdue-arrears-link").click();
        await p.waitForURL(/\/admin\/dashboard\/fees\?status=overdue&year=arrears/);
        await expect
          .poll(() => p.locator("#fees-year").textContent())
          .toBe(lang === "ar" ? "المتأخرات (أعوام سابقة لم تُسدَّد)" : "Arrears (earlier years owing)");
      }
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
