/**
 * What the demo staff see on the pages of their job (docs/product.md#staff-and-roles), in Chromium against the built
 * Worker with the demo data and its accounts (scripts/seed/staff.ts), at 360 and 1366 px: the accountant records a
 * payment on the Fees page and is shown "not available for your role" on Results; the viewer reads the Students and
 * Fees lists without Add, Import, Edit, Delete or Add Payment; the teacher sees only the Prep-3 and Prep-2 results
 * and changes a Mathematics mark of the unpublished term (the published one offers no Edit; other subjects' marks
 * are read-only). Any page error or console error fails the test.
 * Records are picked through the API and are never the public-page samples (other tests rely on those).
 */
import type { Page } from "playwright-core";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { DEMO_STAFF_PASSWORD } from "../../scripts/seed/staff";
import { watchErrors } from "../support/browser";
import { apiClient, ok } from "./admin-api";
import { consoleContext } from "./admin-session";
import { fileBrowser } from "./file-browser";
import { sampleNos, server } from "./server";

const base = server.baseUrl;
const browser = fileBrowser();
const WIDTHS = [360, 1366] as const;
type Role = "accountant" | "viewer" | "teacher";
const tokens = {} as Record<Role, string>;

beforeAll(async () => {
  for (const role of ["accountant", "viewer", "teacher"] as const) {
    const answer = await ok(
      apiClient().api.auth.login.$post({ json: { username: role, password: DEMO_STAFF_PASSWORD } }),
    );
    expect(answer.must_change_password, role).toBe(false);
    tokens[role] = answer.token;
  }
});

/** The open page of the running test and the errors it logged, checked after every test. */
let open: { page: Page; errors: string[] } | null = null;

afterEach(async () => {
  if (!open) return;
  const { page, errors } = open;
  open = null;
  await page.context().close();
  expect(errors).toEqual([]);
});

/** A console page signed in as `role` (its token, as the console keeps it) at `width` px, its errors watched. */
async function pageAs(role: Role, width: number): Promise<Page> {
  const context = await consoleContext(browser(), tokens[role], "en", { viewport: { width, height: 900 } });
  const page = await context.newPage();
  open = { page, errors: watchErrors(page) };
  return page;
}

/** Waits until the table has the answer to the last request (server paging keeps the old rows meanwhile). */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector("table[aria-busy]"));
}

/** Opens a console page and waits for its heading and first table row. */
async function openList(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(`${base}${path}`);
  await page.getByRole("heading", { name: heading }).waitFor();
  await page.locator("tbody tr th[scope=row]").first().waitFor();
  // The role arrives with `GET /api/auth/me`: what is hidden is checked once the header names the person.
  await page.locator("[data-testid=signed-in][title]").waitFor();
  await settled(page);
}

describe("what each role sees", () => {
  for (const width of WIDTHS) {
    it(`the accountant records a payment and is refused Results (${width} px)`, async () => {
      const api = apiClient(tokens.accountant).api;
      const { fees } = await ok(api.fees.$get({ query: { status: "partially_paid", grade: "Prep-1" } }));
      const fee = fees.find((f) => !sampleNos.includes(f.student_no) && f.remaining >= 10);
      expect(fee, "a partially paid Prep-1 student in the demo data").toBeTruthy();
      const id = fee!.student_no;

      const page = await pageAs("accountant", width);
      await openList(page, "/admin/dashboard/fees", "Fees Management");
      await page.getByRole("button", { name: "Add Fee Record" }).waitFor();
      await page.getByLabel("Search", { exact: true }).fill(id);
      const row = page.getByRole("row").filter({ hasText: id });
      await row.getByText("Partially paid").waitFor();
      await settled(page);

      await row.getByRole("button", { name: "Add Payment" }).click();
      await row.getByRole("textbox").fill("5");
      await row.getByRole("button", { name: "Save Payment" }).click();
      const confirm = page.getByRole("alertdialog");
      await confirm.getByText("Are you sure you want to add this payment?").waitFor();
      await confirm.getByRole("button", { name: "Confirm" }).click();
      await page.getByText(/^Payment recorded: receipt RCP-/).waitFor();
      const after = (await ok(api.fees.$get({ query: { search: id } }))).fees[0];
      expect(after?.paid_amount).toBeCloseTo(fee!.paid_amount + 5, 2);

      await page.goto(`${base}/admin/dashboard/results`);
      const panel = page.getByTestId("not-allowed");
      await panel.getByRole("heading", { name: "Not available for your role" }).waitFor();
      expect(await panel.textContent()).toContain("Accountant");
      expect(await page.getByRole("table").count()).toBe(0);
    });

    it(`the viewer reads Students and Fees without writing buttons (${width} px)`, async () => {
      const page = await pageAs("viewer", width);
      await openList(page, "/admin/dashboard/students", "Students Management");
      await page.getByRole("button", { name: "Export CSV" }).waitFor();
      for (const name of ["Add Student", "Import"])
        expect(await page.getByRole("button", { name, exact: true }).count(), name).toBe(0);
      expect(
        await page
          .locator("tbody")
          .getByRole("button", { name: /^(Edit|Delete) / })
          .count(),
      ).toBe(0);
      expect(await page.getByRole("columnheader", { name: "Actions" }).count()).toBe(0);

      await openList(page, "/admin/dashboard/fees", "Fees Management");
      await page.getByRole("button", { name: "Export CSV" }).waitFor();
      for (const name of ["Add Fee Record", "Import"])
        expect(await page.getByRole("button", { name, exact: true }).count(), name).toBe(0);
      const body = page.locator("tbody");
      expect(await body.getByRole("button", { name: /^(Add Payment|Edit)$/ }).count()).toBe(0);
      // What is left in a row's menu only reads: the payments, without the statement (printing) or Delete.
      await body
        .getByRole("button", { name: /^More actions for / })
        .first()
        .click();
      const menu = page.getByRole("menu");
      await menu.getByRole("menuitem", { name: "Payments" }).waitFor();
      expect(await menu.getByRole("menuitem").allInnerTexts()).toEqual(["Payments"]);
      await menu.getByRole("menuitem", { name: "Payments" }).click();
      const dialog = page.getByRole("dialog", { name: "Payments" });
      await dialog.waitFor();
      await dialog.locator("tbody tr").first().waitFor();
      expect(await dialog.getByRole("button", { name: /^(Receipt|Reprint|Discount…)/ }).count()).toBe(0);
      expect(await dialog.getByRole("link", { name: /Statement|Reprint/ }).count()).toBe(0);
    });

    it(`the teacher sees only Prep-3 and Prep-2 results and changes a Mathematics mark (${width} px)`, async () => {
      const api = apiClient(tokens.teacher).api;
      const { data } = await ok(api.admin.results.$get({ query: {} }));
      expect(data.length).toBeGreaterThan(0);
      expect(new Set(data.map((r) => r.current_grade))).toEqual(new Set(["Prep-3", "Prep-2"]));
      // The unpublished term (S2 of the demo year): a published one is the office's to correct.
      const pick = data.filter(
        (r) =>
          r.semester === "S2" &&
          !sampleNos.includes(r.student_no) &&
          r.subject_scores.some((s) => s.subject_name === "Mathematics"),
      )[width === 360 ? 0 : 1];
      expect(pick, "an S2 result with a Mathematics mark").toBeTruthy();
      const result = pick!;
      const at = result.subject_scores.findIndex((s) => s.subject_name === "Mathematics");
      const mark = result.subject_scores[at]!.score === 61 ? 62 : 61;

      const page = await pageAs("teacher", width);
      await openList(page, "/admin/dashboard/results", "Results Management");
      const headers = await page.locator("tbody tr th[scope=row]").allInnerTexts();
      expect(headers.length).toBeGreaterThan(0);
      for (const h of headers) expect(h).toMatch(/Prep-[23]/);
      expect(await page.getByRole("button", { name: "Import", exact: true }).count()).toBe(0);
      expect(
        await page
          .locator("tbody")
          .getByRole("button", { name: /^Delete / })
          .count(),
      ).toBe(0);

      await page.getByLabel("Search", { exact: true }).fill(result.student_no);
      // Rows of this student and year only: other files may add other years' results for the same demo student.
      const ofYear = page
        .getByRole("row")
        .filter({ hasText: result.student_no })
        .filter({ hasText: result.academic_year_name });
      const row = ofYear.filter({ has: page.getByText("S2", { exact: true }) });
      await row.getByRole("button", { name: /^Edit / }).waitFor();
      // The same student's published term (S1) offers no Edit: its marks are the office's to correct.
      const published = ofYear.filter({ has: page.getByText("S1", { exact: true }) });
      expect(await published.count()).toBeGreaterThan(0);
      expect(await published.getByRole("button", { name: /^Edit / }).count()).toBe(0);
      await row.getByRole("button", { name: /^Edit / }).click();
      const dialog = page.getByRole("dialog", { name: "Edit Result" });
      await dialog.waitFor();
      await expect(dialog.getByLabel(`Subject ${at + 1}`).textContent()).resolves.toContain("Mathematics");
      // Subjects not assigned to the teacher (Mathematics and Science in Prep-3, Mathematics in Prep-2) are read-only.
      const mine = result.current_grade === "Prep-3" ? ["Mathematics", "Science"] : ["Mathematics"];
      const other = result.subject_scores.findIndex((s) => !mine.includes(s.subject_name));
      expect(other, "a subject the teacher does not teach").toBeGreaterThanOrEqual(0);
      expect(await dialog.getByLabel(`Marks ${other + 1}`, { exact: true }).getAttribute("readonly")).not.toBeNull();
      expect(await dialog.getByLabel(`Marks ${at + 1}`, { exact: true }).getAttribute("readonly")).toBeNull();
      await dialog.getByLabel(`Marks ${at + 1}`, { exact: true }).fill(String(mark));
      await dialog.getByRole("button", { name: "Save Result" }).click();
      await page.getByText("Result saved").waitFor();
      await dialog.waitFor({ state: "hidden" });

      const saved = (await ok(api.admin.results[":id"].$get({ param: { id: String(result.id) } }))).data;
      expect(saved.subject_scores.find((s) => s.subject_name === "Mathematics")?.score).toBe(mark);
      // Only the Mathematics mark changed.
      expect(saved.subject_scores.filter((s) => s.subject_name !== "Mathematics")).toEqual(
        result.subject_scores.filter((s) => s.subject_name !== "Mathematics"),
      );
    });
  }
});
