/**
 * Clock travel through the pages (docs/product.md#academic-years-and-rollover): the Worker's clock (`X-Test-Now` on
 * every request of the browser, as test/workers/clock-travel.test.ts does for the API) set to the start of a year this
 * file creates three years after the demo's current one and makes current; then the console's main pages and the
 * public /results and /pay open without an error screen or a console error, every default year they show is that
 * year, and none says the demo's years. In English at 1366 px and Arabic at 360 px.
 *
 * Making a year current closes the years before it and moves students, for every page of the server. Other files
 * share the worker's servers (test/e2e/server.ts), so this file starts a server of its own with the demo data (as
 * global-setup.ts does) and stops it after: nothing to restore, and no other file can see the change even if this one
 * fails half-way.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalServer, serveLocal } from "../../scripts/lib/serve";
import { TOKEN_EXPIRES_KEY, TOKEN_KEY } from "../../web/lib/auth-storage";
import { formatSchoolDateTime } from "../../web/lib/format";
import { watchErrors } from "../support/browser";
import { fileBrowser } from "./file-browser";
import { E2E_ADMIN } from "./global-setup";

const browser = fileBrowser();
const SHOTS = join(process.cwd(), "screenshots");
const dir = mkdtempSync(join(tmpdir(), "school-clock-"));
let own: LocalServer;
let base: string;
let token: string;
/** The year made current, its start (the travelled clock), and the years it must not show as a default. */
let year: string;
let now: string;
let old: string[];

const name = (first: number) => `${first}-${first + 1}`;
const arabic = (s: string) => s.replace(/\d/g, (d) => "٠١٢٣٤٥٦٧٨٩"[Number(d)]!);

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", "X-Test-Now": now },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  own = await serveLocal({
    dir: join(dir, "demo"),
    dbPath: join(dir, "demo", "db"),
    pepper: "e2e-pepper",
    admin: E2E_ADMIN,
    seedDemo: true,
    vars: { TEST_CLOCK: "1", MESSAGES_ANY_HOUR: "1" },
  });
  base = own.url;
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(E2E_ADMIN),
  });
  token = ((await login.json()) as { token: string }).token;
  const before = await call<{ current: string; years: Array<{ name: string }> }>("GET", "/api/admin/academic-years");
  const current = Number(before.current.slice(0, 4));
  old = before.years.map((y) => y.name);
  year = name(current + 3);
  now = `${current + 3}-09-02T09:00:00Z`;
  // The administrator creates the years up to it, and each becomes current in turn (closing the one before).
  for (let k = 1; k <= 3; k++) {
    if (!old.includes(name(current + k))) await call("POST", "/api/admin/academic-years", { name: name(current + k) });
    await call("POST", `/api/admin/academic-years/${name(current + k)}/make-current`);
  }
  old.push(name(current + 1), name(current + 2));
  const after = await call<{ current: string }>("GET", "/api/admin/academic-years");
  expect(after.current).toBe(year);
  // Starting a server with the demo data takes about a minute on a quiet machine; several on a loaded one.
}, 300_000);

afterAll(async () => {
  await own?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A page whose every request carries the travelled clock; signed in to the console, in `lang`. */
async function travelPage(lang: "ar" | "en", width: number): Promise<{ page: Page; errors: string[] }> {
  const context = await browser().newContext({
    viewport: { width, height: 900 },
    extraHTTPHeaders: { "X-Test-Now": now },
  });
  await context.addCookies([
    { name: "admin_lang", value: lang, url: base },
    { name: "lang", value: lang, url: base },
  ]);
  await context.addInitScript(
    ([tk, keys]) => {
      localStorage.setItem(keys.token, tk);
      localStorage.setItem(keys.expires, String(Date.now() + 3_600_000));
    },
    [token, { token: TOKEN_KEY, expires: TOKEN_EXPIRES_KEY }] as const,
  );
  const page = await context.newPage();
  return { page, errors: watchErrors(page) };
}

/** The visible text of the page, without the choices of closed selects (a list of every year is data, not a default). */
const visibleText = (page: Page) =>
  page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || el.closest("select, script, style, [role=listbox]") || !el.checkVisibility()) continue;
      out.push(n.textContent ?? "");
    }
    return out.join(" ");
  });

/** The old years (Western or Arabic-Indic digits) that `text` names. */
const oldIn = (text: string) => old.filter((y) => text.includes(y) || text.includes(arabic(y)));
const shows = (text: string, y: string) => text.includes(y) || text.includes(arabic(y));

/** Opens `path`, waits for `ready`, then checks no error screen; returns the page's visible text. */
async function open(page: Page, path: string, ready: (p: Page) => Promise<unknown>): Promise<string> {
  await page.goto(`${base}${path}`);
  await ready(page);
  expect(await page.locator("[data-error-screen], [data-not-found]").count(), path).toBe(0);
  return visibleText(page);
}

describe("the console and the public pages after the clock moved to a year of the test's own", () => {
  it("prints a statement issued on the travelled day (the print pages read the request clock too)", async () => {
    const { fees } = await call<{ fees: Array<{ student_no: string }> }>("GET", "/api/fees?view=arrears&limit=15");
    const res = await fetch(`${base}/admin/print/statements/${fees[0]!.student_no}?lang=en`, {
      headers: { Cookie: `admin_session=${token}`, "X-Test-Now": now },
    });
    expect(res.status).toBe(200);
    // The letterhead's date and time is the travelled instant, as the statement formats it.
    expect(await res.text()).toContain(formatSchoolDateTime(now, "en", "long"));
  });

  for (const [lang, width] of [
    ["en", 1366],
    ["ar", 360],
  ] as const)
    it(`${lang} at ${width} px: no error, every default is that year, no page names the demo's years`, async () => {
      const { page, errors } = await travelPage(lang, width);
      const h1 = (p: Page) => p.getByRole("heading", { level: 1 }).first().waitFor();
      const table = (p: Page) => p.locator("table, [data-slot=card]").first().waitFor();

      const dashboard = await open(page, "/admin/dashboard", async (p) => {
        await p.locator('[data-slot="stat-value"]').first().waitFor();
        await p.locator("#report-overdue").waitFor();
      });
      expect(oldIn(dashboard), "dashboard").toEqual([]);
      writeFileSync(join(SHOTS, `clock-dashboard-${lang}-${width}.png`), await page.screenshot({ fullPage: true }));

      expect(oldIn(await open(page, "/admin/dashboard/students", table)), "students").toEqual([]);

      const fees = await open(page, "/admin/dashboard/fees", (p) => p.locator("#fees-year").waitFor());
      await expect.poll(() => page.locator("#fees-year").textContent()).toContain(lang === "ar" ? arabic(year) : year);
      expect(oldIn(fees), "fees").toEqual([]);

      await open(page, "/admin/dashboard/fees/plans", h1);
      await page
        .getByRole("button", { name: lang === "ar" ? "إضافة خطة" : "Add Plan" })
        .first()
        .click();
      await expect.poll(async () => shows(await page.locator("#plan-year").inputValue(), year)).toBe(true);
      await page.keyboard.press("Escape");

      await open(page, "/admin/dashboard/results", h1);
      await page
        .getByRole("button", { name: lang === "ar" ? "إضافة نتيجة" : "Add Result" })
        .first()
        .click();
      await expect
        .poll(() => page.locator("#result-year").textContent())
        .toContain(lang === "ar" ? arabic(year) : year);
      await page.keyboard.press("Escape");

      await open(page, "/admin/dashboard/reports", h1);
      await expect
        .poll(() => page.getByLabel(lang === "ar" ? "العام الدراسي" : "Academic year").inputValue())
        .toBe(year);

      await open(page, "/admin/dashboard/academic-years", h1);
      await expect.poll(() => page.locator("[aria-current=true][data-year]").getAttribute("data-year")).toBe(year);

      const rollover = await open(page, "/admin/dashboard/rollover", (p) => p.locator("#from-year").waitFor());
      await expect.poll(() => page.locator("#from-year").textContent()).toContain(lang === "ar" ? arabic(year) : year);
      await expect.poll(() => page.locator("#to-year").inputValue()).toBe(name(Number(year.slice(0, 4)) + 1));
      expect(shows(await visibleText(page), year)).toBe(true);
      expect(oldIn(rollover), "rollover").toEqual([]);

      for (const [path, field] of [
        ["/results", "#national-id"],
        ["/pay", "#pay-national-id"],
      ]) {
        const text = await open(page, path, (p) => p.locator(`form[data-hydrated]:has(${field})`).waitFor());
        expect(oldIn(text), path).toEqual([]);
      }
      expect(errors).toEqual([]);
      await page.context().close();
    }, 300_000);
});
