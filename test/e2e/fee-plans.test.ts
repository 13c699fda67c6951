/**
 * Fee plans in Chromium against the built Worker with the demo data (docs/product.md#fee-plans): create a plan with
 * four instalments for Prep-2 in the console, preview and apply it, pay part of a student's fees and see the
 * allocation and the receipt, move the clock past a due date and find the student in the overdue list and the
 * dashboard card, then switch the results fee rule and see the public lookup follow it.
 *
 * Two clocks move together: the page's (`page.clock`) and the server's (`X-Test-Now` on every request; the e2e servers
 * run with the test-only TEST_CLOCK binding, worker/request-clock.ts). The plan is for the demo's current year (its
 * dates follow the year's name), replacing the demo's Prep-2 plan of that year (one plan per year and grade), with a total above
 * any demo Prep-2 balance, so applying it never refuses a demo record; the rule is put back afterwards.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FeeJson } from "../../worker/contracts/fees";
import { apiClient, type ApiClient, ok } from "./admin-api";
import { adminToken, consoleContext } from "./admin-session";
import { sampleNos, server } from "./server";
import { fileBrowser } from "./file-browser";
import { escapeDialog } from "./dialogs";

const base = server.baseUrl;
const samples = sampleNos;
const browser = fileBrowser();
let token: string;
let context: BrowserContext;
let page: Page;

/** The demo's current year ("YYYY-YYYY", relative to today) and its first calendar year. */
let year: string;
let first: number;
/** Before the first due date (15 Sep). */
let SEPT: string;
/** After the first due date, before the second. */
let SEPT_20: string;
/** The school day after the second due date (15 Nov). */
let AFTER_NOV: string;

/** The admin API on the request clock at SEPT. */
let api: ApiClient["api"];
const feesOf = async (search: string) => (await ok(api.fees.$get({ query: { search } }))).fees;

/** Moves both clocks to `iso`. */
async function setNow(iso: string) {
  await context.setExtraHTTPHeaders({ "X-Test-Now": iso });
  await page.clock.setSystemTime(new Date(iso));
}

let student: FeeJson;

beforeAll(async () => {
  token = await adminToken();
  const years = await ok(apiClient(token).api.admin["academic-years"].$get());
  year = years.current!;
  first = Number(year.slice(0, 4));
  SEPT = `${first}-09-10T08:00:00Z`;
  SEPT_20 = `${first}-09-20T08:00:00Z`;
  AFTER_NOV = `${first}-11-16T08:00:00Z`;
  api = apiClient(token, { headers: { "X-Test-Now": SEPT } }).api;
  // The demo has a plan per grade this year: the test's Prep-2 plan takes its place (its records keep their
  // instalments until the test's plan is applied).
  const { plans } = await ok(api.admin["fee-plans"].$get({ query: { academic_year_name: year, grade: "Prep-2" } }));
  for (const plan of plans) await ok(api.admin["fee-plans"][":id"].$delete({ param: { id: String(plan.id) } }));
  // A partially paid Prep-2 student with published results, the first instalment (12,000 EGP) covered after a 1,000 EGP payment, the second not.
  const { fees } = await ok(api.fees.$get({ query: { grade: "Prep-2", status: "partially_paid" } }));
  for (const f of fees.filter(
    (x) => !samples.includes(x.student_no) && x.paid_amount >= 11_000 && x.paid_amount < 20_000,
  )) {
    const r = await fetch(`${base}/api/student/results/${f.student_no}`, { headers: { "X-Test-Now": SEPT } });
    if (r.status === 403 && ((await r.json()) as { reason: string }).reason === "RESULTS_FEES_UNPAID") {
      student = f;
      break;
    }
  }
  expect(student, "a partially paid Prep-2 demo student with a published result").toBeTruthy();
  context = await consoleContext(browser(), token, "en", {
    viewport: { width: 1280, height: 900 },
    extraHTTPHeaders: { "X-Test-Now": SEPT },
  });
  page = await context.newPage();
  await page.clock.install({ time: new Date(SEPT) });
});

afterAll(async () => {
  await ok(api.admin.settings.$put({ json: { results_fee_rule: "fully_paid" } }));
});

describe("fee plans: plan → apply → pay → overdue → results rule", () => {
  it("creates a Prep-2 plan of four equal instalments and applies it after the preview", async () => {
    await page.goto(`${base}/admin/dashboard/fees/plans`);
    await page.getByRole("heading", { name: "Fee Plans", level: 1 }).waitFor();
    await page.getByRole("button", { name: "Add Plan" }).click();
    const form = page.getByRole("dialog", { name: "Add fee plan" });
    await expect(form.getByLabel("Academic year").inputValue()).resolves.toBe(year);
    await form.getByLabel("Grade").selectOption("Prep-2");
    await form.getByLabel("Total (EGP)").fill("48000");
    await form.getByRole("button", { name: "4 equal" }).click();
    await expect(form.getByLabel("Due date of instalment 2").inputValue()).resolves.toBe(`${first}-11-15`);
    await expect(form.getByLabel("Amount of instalment 4 (EGP)").inputValue()).resolves.toBe("12000.00");
    await form.getByText("Instalments add up to EGP 48,000").waitFor();
    await form.getByRole("button", { name: "Save plan" }).click();
    await page.getByText("Fee plan saved").waitFor();

    const card = page.locator(`[data-plan="${year} Prep-2"]`);
    await card.getByText(`Nov 15, ${first}`).waitFor();
    await card.getByRole("button", { name: "Apply…" }).click();
    const dialog = page.getByRole("dialog", { name: "Apply fee plan" });
    await dialog.getByTestId("apply-summary").waitFor();
    const row = dialog.getByRole("row").filter({ hasText: student.student_no });
    await row.getByText("Updated").waitFor();
    await expect(row.textContent()).resolves.toMatch(/EGP\s48,000/);
    // The preview wrote nothing.
    const before = await feesOf(student.student_no);
    expect(before[0]!.total_amount).toBe(student.total_amount);
    await dialog.getByTestId("apply-confirm").click();
    await page.getByText(/Plan applied: .* updated/).waitFor();
    await card.getByText(/On \d+ fee records/).waitFor();
  });

  it("records a partial payment, allocated to the oldest instalments, and its receipt names them", async () => {
    await setNow(SEPT_20);
    await page.goto(`${base}/admin/dashboard/fees`);
    await page.getByLabel("Search", { exact: true }).fill(student.student_no);
    const row = page.getByRole("row").filter({ hasText: student.student_no });
    await row
      .getByText(/48,000/)
      .first()
      .waitFor();
    await row.getByRole("button", { name: "Add Payment" }).click();
    await row.getByRole("textbox").fill("1000");
    await row.getByRole("button", { name: "Save Payment" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Confirm" }).click();
    await page.getByText(/Payment recorded: receipt RCP-/).waitFor();

    await row.getByRole("button", { name: /More actions/ }).click();
    await page.getByRole("menuitem", { name: "Payments" }).click();
    const dialog = page.getByRole("dialog", { name: "Payments" });
    const instalments = dialog.getByRole("table", { name: "Instalments" });
    await instalments.getByRole("row").nth(4).waitFor();
    const paid = student.paid_amount + 1000;
    // 12,000 per instalment: the first is paid, the second holds the rest.
    expect(paid).toBeGreaterThanOrEqual(12_000);
    await expect(instalments.locator("[data-instalment-status=paid]").count()).resolves.toBe(1);
    const last = (await feesOf(student.student_no))[0]!.payments.at(-1)!;
    expect(last.allocations.length).toBeGreaterThan(0);
    // The English console names a line in English when it has an English name (docs/product.md#fee-plans).
    const covers = last.allocations.map((a) => `${a.line_en ?? a.line} ${a.instalment_no}`);
    await dialog
      .getByRole("rowheader", { name: new RegExp(last.receipt_no) })
      .getByText(covers[0]!, { exact: false })
      .waitFor();
    await dialog.getByRole("button", { name: `Receipt ${last.receipt_no}` }).click();
    const receipt = page.getByRole("dialog", { name: "Payment receipt" });
    await receipt.getByText("Instalments covered").waitFor();
    await receipt.getByText(covers[0]!, { exact: false }).first().waitFor();
    await escapeDialog(page, receipt);
  });

  it("after the second due date the student is on the overdue list and in the dashboard card", async () => {
    await setNow(AFTER_NOV);
    await page.goto(`${base}/admin/dashboard`);
    const card = page.getByRole("heading", { name: "Overdue (EGP)" }).locator("xpath=ancestor::*[@aria-busy][1]");
    await card.getByText(/students? with an instalment past due/).waitFor();
    await page.getByTestId("overdue-link").click();
    await page.waitForURL(/\/admin\/dashboard\/fees\?status=overdue/);
    await expect(page.getByLabel("Status", { exact: true }).textContent()).resolves.toBe("Overdue");
    await page.getByLabel("Search", { exact: true }).fill(student.student_no);
    const row = page.getByRole("row").filter({ hasText: student.student_no });
    const overdue = 24_000 - (student.paid_amount + 1000);
    await row
      .getByText(`EGP ${overdue.toLocaleString("en-US", { minimumFractionDigits: overdue % 1 ? 2 : 0 })}`)
      .first()
      .waitFor();
  });

  it("switching the results rule to no_overdue lets the public lookup follow the instalments", async () => {
    await setNow(SEPT_20);
    await page.goto(`${base}/admin/dashboard/fees/plans`);
    await page.getByLabel("Results need no overdue instalment").check();
    await page.getByRole("button", { name: "Save rule" }).click();
    await page.getByText("Results rule saved").waitFor();

    const lookup = async (now: string) => {
      const pub = await browser().newContext({ extraHTTPHeaders: { "X-Test-Now": now } });
      const p = await pub.newPage();
      await p.goto(`${base}/results`);
      await p.locator("form[data-hydrated]:has(#national-id)").waitFor();
      await p.locator("#national-id").fill(student.student_no);
      const answer = p.waitForResponse((r) => r.url().includes("/api/student/results/"));
      await p.keyboard.press("Enter");
      const status = (await answer).status();
      if (status === 403) await p.getByRole("dialog").getByRole("heading", { name: "مطلوب سداد المصروفات" }).waitFor();
      else
        await p
          .locator("article")
          .filter({ has: p.getByRole("heading", { level: 2, name: student.full_name }) })
          .first()
          .waitFor();
      await pub.close();
      return status;
    };
    // In September the first instalment is paid and nothing is due: the result shows though fees remain.
    expect(await lookup(SEPT_20)).toBe(200);
    // After 15 November the second instalment is overdue: blocked again.
    expect(await lookup(AFTER_NOV)).toBe(403);
  });
});
