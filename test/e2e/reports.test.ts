/**
 * The Reports page in Chromium against the built Worker (docs/product.md#reports): the demo year's charts in Arabic at
 * 360 px and in English at 1366 px (every card drawn or empty, the table view, the overdue links, nothing wider than
 * the page, no page or console error), its print layout, and a year built through the API on the empty server with
 * nothing in it, then with one item of each: empty cards say so, one-item charts draw; and the page as a signed-in
 * person's browser gets it, the figures streamed with the HTML and drawn without a report request or an error,
 * until another year is chosen. Screenshots go to
 * screenshots/ (ignored by git) for a person to look at.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { TOKEN_EXPIRES_KEY, TOKEN_KEY } from "../../web/lib/auth-storage";
import { personUserAgent, watchErrors } from "../support/browser";
import { uniqueStudentNo } from "../support/selection-world";
import { adminToken } from "./admin-session";
import { fileBrowser } from "./file-browser";
import { server } from "./server";

const browser = fileBrowser();
const SHOTS = join(process.cwd(), "screenshots");
const CARDS = ["collection", "overdue", "sources", "messages", "marks", "pass"];

beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true });
});

const shot = async (page: Page, name: string) =>
  writeFileSync(join(SHOTS, `reports-${name}.png`), await page.screenshot({ fullPage: true }));

/** One picture per card (a phone's full page is too tall to read). */
const cardShots = async (page: Page, name: string) => {
  for (const id of CARDS)
    writeFileSync(join(SHOTS, `reports-${name}-${id}.png`), await page.locator(`#report-${id}`).screenshot());
};

const wide = () =>
  document.documentElement.scrollWidth > document.documentElement.clientWidth
    ? `${document.documentElement.scrollWidth} in ${document.documentElement.clientWidth}`
    : null;

/**
 * A console page on `base` signed in with `token`, in `lang` at `width` px; `now` moves the server's clock. `person`:
 * signed in as the sign-in page leaves a browser (the session cookie beside the token), in a person's Chrome, so the
 * server streams the current year's figures with the page and renders the cards.
 */
async function reportsPage(
  base: string,
  token: string,
  lang: "ar" | "en",
  width: number,
  now?: string,
  person = false,
) {
  const context = await browser().newContext({
    viewport: { width, height: 900 },
    ...(now ? { extraHTTPHeaders: { "X-Test-Now": now } } : {}),
    ...(person ? { userAgent: personUserAgent(browser()) } : {}),
  });
  await context.addCookies([{ name: "admin_lang", value: lang, url: base }]);
  if (person)
    await context.addCookies([
      { name: "admin_session", value: token, url: `${base}/admin`, httpOnly: true, sameSite: "Strict" },
    ]);
  await context.addInitScript(
    ([tk, keys]) => {
      localStorage.setItem(keys.token, tk);
      localStorage.setItem(keys.expires, String(Date.now() + 3_600_000));
    },
    [token, { token: TOKEN_KEY, expires: TOKEN_EXPIRES_KEY }] as const,
  );
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${base}/admin/dashboard/reports`);
  return { page, errors };
}

/** Every card drawn (a chart's surface) or saying it has nothing; returns how many of each. */
async function settled(page: Page, empty: string) {
  const state = () =>
    Promise.all(
      CARDS.map(async (id) => {
        const card = page.locator(`#report-${id}`);
        if ((await card.locator("svg[data-surface]").count()) > 0) return "chart";
        if ((await card.getByText(empty).count()) > 0) return "empty";
        return "waiting";
      }),
    );
  await expect.poll(async () => (await state()).includes("waiting"), { timeout: 30_000 }).toBe(false);
  return state();
}

describe("Reports", () => {
  it("Arabic at 360 px: the demo year's charts, a table, the overdue links; no error, nothing too wide", async () => {
    const { page, errors } = await reportsPage(server.baseUrl, await adminToken(), "ar", 360);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("التقارير");
    const states = await settled(page, "لا توجد بيانات لهذا العام بعد.");
    expect(states.filter((s) => s === "chart").length).toBeGreaterThanOrEqual(4);
    // Arabic month names on the collection's axis; Arabic-Indic digits in the amounts.
    await expect
      .poll(() =>
        page
          .locator("#report-collection")
          .getByText(/سبتمبر|أكتوبر/)
          .count(),
      )
      .toBeGreaterThan(0);
    expect(await page.locator("#report-collection").textContent()).toMatch(/[٠-٩]/);
    expect(await page.evaluate(wide)).toBeNull();
    await shot(page, "ar-360");
    await cardShots(page, "ar-360");
    const overdue = page.locator("#report-overdue");
    await overdue.getByRole("button", { name: "جدول" }).click();
    const link = overdue.getByRole("link").nth(1);
    expect(await link.getAttribute("href")).toMatch(/status=overdue&academic_year=\d{4}-\d{4}&grade=/);
    await shot(page, "ar-360-table");
    await page.setViewportSize({ width: 1366, height: 900 });
    await shot(page, "ar-1366");
    // A bar of the overdue chart opens its grade's overdue list.
    await overdue.getByRole("button", { name: "رسم" }).click();
    const bars = await overdue.locator("[data-mark=bar]").all();
    let box = null;
    for (const bar of bars) {
      const b = await bar.boundingBox();
      if (b && b.width > 4 && b.height > 4) {
        box = b;
        break;
      }
    }
    expect(box).not.toBeNull();
    await page.mouse.click(box!.x + box!.width / 2, box!.y + box!.height / 2);
    // The bar's list is of the year the chart is for, not the Fees page's default year.
    await page.waitForURL(/\/admin\/dashboard\/fees\?status=overdue&academic_year=\d{4}-\d{4}&grade=/);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 180_000);

  it("English at 1366 px: every card, the print layout on A4 landscape; the dashboard's top charts", async () => {
    const { page, errors } = await reportsPage(server.baseUrl, await adminToken(), "en", 1366);
    await page.getByRole("heading", { name: "Reports", level: 1 }).waitFor();
    await settled(page, "Nothing to show for this year yet.");
    await expect
      .poll(() =>
        page
          .locator("#report-collection")
          .getByText(/^(Sep|Oct)$/)
          .count(),
      )
      .toBeGreaterThan(0);
    expect(await page.evaluate(wide)).toBeNull();
    await shot(page, "en-1366");
    await page.setViewportSize({ width: 360, height: 900 });
    await expect.poll(() => page.evaluate(wide)).toBeNull();
    await shot(page, "en-360");
    await cardShots(page, "en-360");
    // Print: A4 landscape (1123 × 794 CSS px), no sidebar, two cards a row.
    await page.setViewportSize({ width: 1123, height: 794 });
    await page.emulateMedia({ media: "print" });
    expect(await page.locator("aside").isVisible()).toBe(false);
    await shot(page, "en-print");
    await page.emulateMedia({ media: "screen" });
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`${server.baseUrl}/admin/dashboard`);
    await page.getByRole("heading", { name: "This year at a glance" }).waitFor();
    await expect.poll(() => page.locator("#report-overdue svg[data-surface]").count()).toBe(1);
    await shot(page, "en-1366-dashboard");
    expect(errors).toEqual([]);
    await page.context().close();
  }, 180_000);

  it("a person signed in: the figures come with the page, drawn without a request or an error; a year asks", async () => {
    const token = await adminToken();
    // The figures stream in the page's HTML (the console itself renders in the browser).
    const html = await (
      await fetch(`${server.baseUrl}/admin/dashboard/reports`, {
        headers: {
          cookie: `admin_session=${token}; admin_lang=ar`,
          "user-agent": personUserAgent(browser()),
        },
      })
    ).text();
    for (const key of ["this_year_collected", "overdue_total", "credits", "pass_mark", "days"])
      expect(html).toContain(key);
    // Its scripts leave out what only other pages and the Worker need: the database library and the phone metadata.
    const preloads = [...html.matchAll(/rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]!);
    expect(preloads.length).toBeGreaterThan(0);
    for (const href of preloads) {
      const code = readFileSync(join(process.cwd(), "build/client", href), "utf8");
      expect(code, href).not.toContain("drizzle:entityKind");
      expect(code, href).not.toContain("country_calling_codes");
    }
    const { page, errors } = await reportsPage(server.baseUrl, token, "ar", 768, undefined, true);
    const asked: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/admin/reports/")) asked.push(r.url());
    });
    await page.reload();
    await page.waitForFunction(() => (window as { __reactRouterDataRouter?: unknown }).__reactRouterDataRouter);
    const states = await settled(page, "لا توجد بيانات لهذا العام بعد.");
    expect(states.filter((s) => s === "chart").length).toBeGreaterThanOrEqual(4);
    expect(asked).toEqual([]);
    expect(await page.evaluate(wide)).toBeNull();
    await shot(page, "ar-768-streamed");
    // Another year: every card asks the API for it.
    const select = page.getByLabel("العام الدراسي");
    const options = await select.locator("option").evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    const current = await select.inputValue();
    const other = options.find((o) => o !== current);
    expect(other).toBeDefined();
    await select.selectOption(other!);
    await expect.poll(() => asked.length).toBeGreaterThanOrEqual(5);
    await settled(page, "لا توجد بيانات لهذا العام بعد.");
    expect(errors).toEqual([]);
    await page.context().close();
  }, 180_000);

  it("a year with nothing, then one item of each: empty cards say so, one-item charts draw", async () => {
    const base = server.emptyBaseUrl;
    const login = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: "admin", password: inject("e2eAdminPassword") }),
    });
    const { token } = (await login.json()) as { token: string };
    const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      expect(res.ok, `${method} ${path} → ${res.status} ${text}`).toBe(true);
      return JSON.parse(text) as any;
    };
    // Two new years after the newest, the second the one shown: nothing in it nor in the year before it (the
    // collection chart draws last year's line too, and other files' accounts are in the newest year they made).
    const { years } = await call("GET", "/api/admin/academic-years");
    const first = Math.max(...years.map((y: { name: string }) => Number(y.name.slice(0, 4)))) + 2;
    const year = `${first}-${first + 1}`;
    await call("POST", "/api/admin/academic-years", { name: `${first - 1}-${first}` });
    await call("POST", "/api/admin/academic-years", { name: year });
    const now = `${first}-10-20T09:00:00Z`;
    const empty = await reportsPage(base, token, "en", 1366, now);
    await empty.page.getByLabel("Academic year").selectOption(year);
    expect(await settled(empty.page, "Nothing to show for this year yet.")).toEqual(CARDS.map(() => "empty"));
    await shot(empty.page, "en-1366-empty");
    expect(empty.errors).toEqual([]);
    await empty.page.context().close();
    // One student with an account in that year, one payment, one result of one subject.
    const no = uniqueStudentNo();
    const at = { "X-Test-Now": now };
    await call("POST", "/api/students", {
      student_no: no,
      full_name: "طالب التقارير",
      nationality: "مصري",
      current_grade: "Prep-1",
      building_no: 1,
      gender: "male",
    });
    await call(
      "POST",
      "/api/fees",
      { student_id: no, grade: "Prep-1", total_amount: 10_000, paid_amount: 0, academic_year_name: year },
      at,
    );
    await call(
      "POST",
      `/api/fees/${no}/add-payment`,
      { payment_amount: 2_500, academic_year_name: year },
      { ...at, "Idempotency-Key": `reports-${no}` },
    );
    await call("POST", "/api/admin/results", {
      student_id: no,
      academic_year_name: year,
      semester: "S1",
      subject_scores: [{ subject_name: "Mathematics", score: 72, max_score: 100 }],
    });
    const one = await reportsPage(base, token, "ar", 360, now);
    await one.page.getByLabel("العام الدراسي").selectOption(year);
    const states = await settled(one.page, "لا توجد بيانات لهذا العام بعد.");
    expect(states).toEqual(["chart", "empty", "chart", "empty", "chart", "chart"]);
    expect(await one.page.evaluate(wide)).toBeNull();
    await shot(one.page, "ar-360-one");
    expect(one.errors).toEqual([]);
    await one.page.context().close();
  }, 180_000);
});
