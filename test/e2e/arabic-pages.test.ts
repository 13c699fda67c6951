/**
 * Every page in Arabic reads Arabic (docs/product.md#languages-and-numbers): no Western digit and no
 * English word in the visible text or placeholders, except what is Latin by nature: IDs, receipt numbers, brand
 * and file names. Public pages and the console (signed in), on the demo data, at 1366 px.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PageAudit } from "../support/matrix/page-audit";
import { DICTS } from "../support/matrix/pages";
import { uniqueStudentNo } from "../support/selection-world";
import { adminApi } from "./admin-api";
import { adminToken, consolePage } from "./admin-session";
import { fileBrowser } from "./file-browser";
import { server } from "./server";

const base = server.baseUrl;
const browser = fileBrowser();
let token: string;
/** A student named in English, first on the students page: the school's data, which the page must isolate as such. */
const englishNamed = uniqueStudentNo();

beforeAll(async () => {
  token = await adminToken();
  await adminApi(token, "POST", "/api/students", {
    student_no: englishNamed,
    // A name no other file gives a student (the import's sheet adds an "Omar Khaled"): its Edit button is this one.
    full_name: "Karim Adel Mansour",
    nationality: "Egyptian",
    current_grade: "Prep-2",
    building_no: 2,
  });
});

afterAll(async () => {
  await adminApi(token, "DELETE", `/api/students/${englishNamed}`);
});

const PUBLIC = ["/", "/results", "/current-students", "/base-url-config", "/no-such-page"];
const CONSOLE = [
  "/admin/dashboard",
  "/admin/dashboard/students",
  "/admin/dashboard/fees",
  "/admin/dashboard/fees/plans",
  "/admin/dashboard/fees/online",
  "/admin/dashboard/results",
  "/admin/dashboard/news",
  "/admin/dashboard/audit-log",
  "/admin/dashboard/messages",
  "/admin/dashboard/course-selections",
  "/admin/dashboard/course-selections/subjects",
  "/admin/dashboard/course-selections/teachers",
  "/admin/dashboard/course-selections/periods",
];

/** Latin by nature: IDs and numbers people copy (5+ digits), receipt numbers, brands, file kinds, grades, units. */
const ALLOWED = [
  /^\d{5,20}$/, // national IDs, student numbers
  /^[A-Z]{1,3}\d{4,}$/i, // passport numbers
  /^(RCP|ADJ)-\d{4}-\d+$/, // receipt numbers
  /^T-[A-Z]+-\d+$/, // teacher codes
  /^https?$/, // URLs (the base URL page)
  /^[\w-]+(\.[\w-]+)+(:\d+)?$/, // host names and addresses
  /^(Elite|Private|Schools)$/, // the school's name in its logo
  /^(English|Excel|CSV|PDF|XLSX|localStorage|URL|API|A5|A4)$/, // the language switch, brands, file kinds
  /^[A-F][+-]?$/, // letter grades
];

/** The words of `text` that are Latin letters or Western digits and not allowed. */
function offenders(text: string): string[] {
  return text
    .split(/[\s()[\]{}«»"'“”،,:;!?؟/|…·—–]+|[.-](?=\s|$)/u)
    .filter((w) => /[A-Za-z0-9]/.test(w))
    .filter((w) => !ALLOWED.some((re) => re.test(w)));
}

/**
 * The page's own words: visible text nodes, placeholders, the title and the values of visible fields (a form shows
 * "مصري" and a year in Arabic-Indic digits, not "Egyptian" and Western digits). Values the page isolates as data
 * (names, IDs, codes and URLs in `<bdi>`, `dir="auto"`/`dir="ltr"` or `translate="no"`; fields with `dir="auto"`,
 * `translate="no"` or `lang="en"`, such as a fee line's English name) are the school's, not the page's,
 * and skipped; a number field's `dir="ltr"` only orders it, so its value is checked.
 */
async function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const SKIPPED_TYPES = new Set([
      "hidden",
      "password",
      "date",
      "datetime-local",
      "time",
      "file",
      "checkbox",
      "radio",
    ]);
    const values = [...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input, textarea")]
      .filter((e) => !SKIPPED_TYPES.has(e.type) && e.checkVisibility())
      .filter((e) => !e.closest("bdi, [dir=auto], [translate=no], [lang=en]"))
      .map((e) => e.value);
    const words: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || el.closest("bdi, [dir=auto], [dir=ltr], [translate=no], script, style, noscript")) continue;
      if (!el.checkVisibility()) continue;
      words.push(n.textContent ?? "");
    }
    const placeholders = [...document.querySelectorAll<HTMLInputElement>("[placeholder]")].map((e) => e.placeholder);
    return [...words, ...placeholders, ...values, document.title]
      .join("\n")
      .replace(/[\u2066-\u2069\u200e\u200f]/g, "");
  });
}

/** The error screen's titles, as the state matrix's audit knows them. */
const ERROR_TITLES = [DICTS.ar.error.title, DICTS.en.error.title];

/**
 * Loads `path` and checks its words once the page is ready as the state matrix means it (hydrated, a heading,
 * nothing loading, the API quiet: test/support/matrix/page-audit.ts), not when nothing pulses: the home page's typing
 * cursor and an open period's live mark pulse for good.
 */
async function check(audit: PageAudit, path: string) {
  const res = await audit.page.goto(`${base}${path}`);
  expect(res, path).toBeTruthy();
  expect(await audit.ready(), `${path} never got ready: ${audit.failures.at(-1)}`).toBe(true);
  const found = [...new Set(offenders(await visibleText(audit.page)))];
  expect(found, `${path}: Latin text on the Arabic page ${JSON.stringify(found)}`).toEqual([]);
}

/** The words (and field values) of what is on screen now, after a click or a search; `where` names it in failures. */
async function checkShown(page: Page, where: string) {
  const found = [...new Set(offenders(await visibleText(page)))];
  expect(found, `${where}: Latin text on the Arabic page ${JSON.stringify(found)}`).toEqual([]);
}

const ar = DICTS.ar as unknown as {
  students: { actions: { editNamed: string } };
  news: { admin: { add: string } };
  fees: { plans: { add: string } };
  admin: { dashboard: { search: { label: string } } };
};

/**
 * What a page shows only after a click or a search: the student form of a stored "Egyptian" student, the Add News
 * form (author, title counter), the Add Fee Plan form (year, amounts) and the dashboard search's hits (grade, year,
 * semester). Each returns the page once what it opened is on screen.
 */
const INTERACTIONS: Array<[string, string, (page: Page) => Promise<void>]> = [
  [
    "student form",
    "/admin/dashboard/students",
    async (page) => {
      await page
        .getByRole("button", {
          name: ar.students.actions.editNamed.replace("{{name}}", "Karim Adel Mansour"),
          exact: true,
        })
        .click();
      await page.getByRole("dialog").getByRole("textbox").first().waitFor();
    },
  ],
  [
    "news form",
    "/admin/dashboard/news",
    async (page) => {
      await page.getByRole("button", { name: ar.news.admin.add }).first().click();
      await page.getByRole("dialog").getByRole("textbox").first().waitFor();
    },
  ],
  [
    "fee plan form",
    "/admin/dashboard/fees/plans",
    async (page) => {
      await page.getByRole("button", { name: ar.fees.plans.add }).first().click();
      await page.getByRole("dialog").locator("#plan-year").waitFor();
    },
  ],
  [
    "dashboard search",
    "/admin/dashboard",
    async (page) => {
      const { data } = await adminApi<{ data: Array<{ student_no: string }> }>(token, "GET", "/api/admin/results");
      await page.getByRole("searchbox", { name: ar.admin.dashboard.search.label }).fill(data[0]!.student_no);
      await page.locator("#global-search-results li").first().waitFor();
      await expect.poll(() => page.locator("#global-search-results[aria-busy=true]").count()).toBe(0);
    },
  ],
];

describe("Arabic pages read Arabic", () => {
  it("public pages", async () => {
    const context = await browser().newContext({ viewport: { width: 1366, height: 900 } });
    await context.addCookies([{ name: "lang", value: "ar", url: base }]);
    const audit = new PageAudit(await context.newPage(), () => "public pages", ERROR_TITLES);
    const failures: string[] = [];
    for (const path of PUBLIC) await check(audit, path).catch((e: Error) => failures.push(e.message.split("\n")[0]!));
    await context.close();
    expect(failures).toEqual([]);
  });

  it("console pages", async () => {
    const audit = new PageAudit(await consolePage(browser(), token, "ar", 1366), () => "console pages", ERROR_TITLES);
    const failures: string[] = [];
    for (const path of CONSOLE) await check(audit, path).catch((e: Error) => failures.push(e.message));
    await audit.page.context().close();
    expect(failures).toEqual([]);
  }, 180_000);

  it("console forms and search answers", async () => {
    const audit = new PageAudit(await consolePage(browser(), token, "ar", 1366), () => "console forms", ERROR_TITLES);
    const failures: string[] = [];
    for (const [where, path, open] of INTERACTIONS) {
      const done = async () => {
        await audit.page.goto(`${base}${path}`);
        expect(await audit.ready(), `${path} never got ready`).toBe(true);
        await open(audit.page);
        await checkShown(audit.page, where);
      };
      await done().catch((e: Error) => failures.push(`${where}: ${e.message.split("\n")[0]}`));
    }
    await audit.page.context().close();
    expect(failures).toEqual([]);
  }, 180_000);
});
