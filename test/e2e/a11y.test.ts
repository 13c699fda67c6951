/**
 * axe-core (4.14) on the public pages and the admin login (docs/product.md#accessibility: 0 serious or critical
 * violations on /, /results, /current-students and /admin/login), in Arabic and English, at 1280 and 375 px (one
 * load per page and language, audited at both widths: the HTML does not depend on the width, only the layout).
 * Also the results page's found state and its modal, and /base-url-config. The axe source is injected into a
 * context with `bypassCSP` (the app's CSP allows only nonce'd scripts). Every violation of any impact is printed
 * so moderate/minor ones are visible too.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { fontsSettled } from "../support/browser";
import { server } from "./server";
import { fileBrowser } from "./file-browser";
import { hydrated } from "./hydration";

const base = server.baseUrl;
const browser = fileBrowser();
let axeSource: string;

interface AxeViolation {
  id: string;
  impact: "minor" | "moderate" | "serious" | "critical" | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

beforeAll(async () => {
  axeSource = (await import("axe-core")).default.source;
});

const LANGS = ["ar", "en"] as const;
const WIDTHS = [1280, 375] as const;
const PAGES = ["/", "/results", "/current-students", "/admin/login", "/base-url-config"] as const;

/** `path` in `lang` at `width` px, hydrated and with its fonts in (what axe measures colours and sizes on). */
async function open(path: string, lang: (typeof LANGS)[number], width: number): Promise<Page> {
  const context = await browser().newContext({ viewport: { width, height: 900 }, bypassCSP: true });
  // The public pages read `lang`, the admin console `admin_lang` (web/i18n/index.ts).
  await context.addCookies([
    { name: "lang", value: lang, url: base },
    { name: "admin_lang", value: lang, url: base },
  ]);
  const page = await context.newPage();
  await page.goto(`${base}${path}`);
  await hydrated(page);
  await fontsSettled(page);
  return page;
}

/** Runs axe and returns the serious/critical violations; logs every violation found. */
async function audit(page: Page, label: string): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (o: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run({ resultTypes: ["violations"] })).violations;
  });
  for (const v of violations) {
    console.log(
      `[axe] ${label}: ${v.impact} ${v.id} — ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`,
    );
  }
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}

const summary = (vs: AxeViolation[]) =>
  vs.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);

describe("axe-core: 0 serious or critical violations", () => {
  for (const path of PAGES) {
    for (const lang of LANGS) {
      it(`${path} ${lang} at ${WIDTHS.join(" and ")} px`, async () => {
        const page = await open(path, lang, WIDTHS[0]);
        expect(await page.locator("html").getAttribute("lang")).toBe(lang);
        const serious: Record<number, string[]> = {};
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 900 });
          serious[width] = summary(await audit(page, `${path} ${lang} ${width}`));
        }
        await page.context().close();
        expect(serious).toEqual(Object.fromEntries(WIDTHS.map((w) => [w, []])));
      });
    }
  }

  // One real lookup per language (the per-ID limit is 10 a minute).
  for (const lang of LANGS) {
    it(`/results found state and the incorrect-ID modal, ${lang}`, async () => {
      const page = await open("/results", lang, 375);
      await page.locator("#national-id").fill("31001310119461");
      await page.locator("form:has(#national-id) button[type=submit]:enabled").click();
      await page.locator("article h2").waitFor();
      const found = await audit(page, `/results found ${lang}`);

      await page.route("**/api/student/results/**", (route) =>
        route.fulfill({ status: 404, json: { success: false, message: "Student not found or no results available" } }),
      );
      await page.locator("form:has(#national-id) button[type=submit]:enabled").click();
      await page.getByRole("dialog").waitFor();
      // Colours are final once the open animations (dialog and overlay) have finished.
      await page.evaluate(() =>
        Promise.all(
          document
            .getAnimations()
            .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
            .map((a) => a.finished),
        ),
      );
      const modal = await audit(page, `/results modal ${lang}`);
      await page.context().close();
      expect(summary([...found, ...modal])).toEqual([]);
    });
  }
});
