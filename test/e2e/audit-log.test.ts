/**
 * The admin Audit Log (docs/product.md#audit-log) in Chromium against the built Worker with the demo data: a change
 * made through the API (a news draft created with the bearer token) shows at the top of the log filtered by entity
 * "news", and its details show the title in the "after" column. An update of the same article, found by typing its
 * ID in Arabic-Indic digits, shows the old and new titles side by side; the filters survive a reload (URL).
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type ApiClient, apiClient, ok } from "./admin-api";
import { signIn } from "./admin-session";
import { server } from "./server";
import { fileBrowser } from "./file-browser";
import { chooseOption } from "./select";

const base = server.baseUrl;
const browser = fileBrowser();

/** Logs in through the form; returns the page (on the dashboard) and the stored bearer token. */
async function login(): Promise<{ page: Page; news: ApiClient["api"]["admin"]["news"]; token: string }> {
  const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page);
  const token = await page.evaluate(() => localStorage.getItem("adminToken"));
  expect(token).toBeTruthy();
  return { page, news: apiClient(token!).api.admin.news, token: token! };
}

const toArabicDigits = (s: string) => s.replace(/\d/g, (d) => "٠١٢٣٤٥٦٧٨٩"[Number(d)]!);

describe("audit log page", () => {
  it("shows a news draft created through the API at the top, with its title in the after column", async () => {
    const { page, news: api, token } = await login();
    const stamp = Date.now().toString(36);
    const title = `E2E audit ${stamp} خبر تجريبي`;
    const { news } = await ok(api.$post({ json: { title, content: "Audit log e2e body", status: "draft" } }));

    await page.getByRole("link", { name: "Audit Log" }).click();
    await page.waitForURL(`${base}/admin/dashboard/audit-log`);
    await page.getByRole("heading", { name: "Audit Log", level: 1 }).waitFor();

    await chooseOption(page.getByLabel("Entity", { exact: true }), "News");
    await page.waitForURL(/[?&]entity=news(&|$)/);

    // The newest news entry is ours: a "Create" of entity News.
    const first = page.locator("tbody tr[data-entry]").first();
    await first.getByText("Create", { exact: true }).waitFor();
    // The unfiltered rows stay until the filtered page arrives.
    await expect
      .poll(async () => (await page.locator("tbody tr[data-entry]").allTextContents()).every((t) => t.includes("News")))
      .toBe(true);
    const entryId = await first.getAttribute("data-entry");
    const log = await ok(apiClient(token).api.admin.audit.$get({ query: { entity: "news", limit: "1" } }));
    expect(String(log.data[0]!.id)).toBe(entryId);
    expect(log.data[0]!.after).toMatchObject({ title });

    await first.getByRole("button", { name: `Details of entry ${entryId}` }).click();
    const details = page.locator(`#audit-details-${entryId}`);
    const afterTitle = details
      .locator('li[data-kind="added"]')
      .filter({ hasText: "Title" })
      .locator('[data-side="after"]');
    await afterTitle.getByText(title, { exact: true }).waitFor();
    expect(await afterTitle.locator('[dir="auto"]').first().textContent()).toBe(title);
    await details.getByText("new record").waitFor();

    await ok(api[":id"].$delete({ param: { id: String(news.id) } }));
    await page.context().close();
  });

  it("finds an update by entity ID typed in Arabic-Indic digits and shows before and after side by side", async () => {
    const { page, news: api } = await login();
    const stamp = Date.now().toString(36);
    const oldTitle = `E2E before ${stamp}`;
    const newTitle = `E2E after ${stamp}`;
    const { news } = await ok(api.$post({ json: { title: oldTitle, content: "Body", status: "draft" } }));
    const id = { id: String(news.id) };
    await ok(api[":id"].$put({ param: id, json: { title: newTitle, content: "Body", status: "draft" } }));

    await page.goto(`${base}/admin/dashboard/audit-log`);
    await page.getByRole("heading", { name: "Audit Log", level: 1 }).waitFor();
    await page.getByLabel("Entity ID").fill(toArabicDigits(String(news.id)));
    await page.waitForURL(new RegExp(`[?&]entity_id=${news.id}(&|$)`));
    expect(await page.getByLabel("Entity ID").inputValue()).toBe(String(news.id));
    await chooseOption(page.getByLabel("Entity", { exact: true }), "News");
    await page.waitForURL(/[?&]entity=news(&|$)/);

    // The filters are in the URL: a reload (or a shared link) shows the same view.
    await page.reload();
    const first = page.locator("tbody tr[data-entry]").first();
    await first.getByText("Update", { exact: true }).waitFor();
    // The article's whole history: its update (newest, first) and its create.
    expect(await page.locator("tbody tr[data-entry]").count()).toBe(2);
    expect(await page.getByLabel("Entity ID").inputValue()).toBe(String(news.id));

    await first.getByRole("button", { name: /^Details of entry/ }).click();
    const titleRow = page.locator('[id^="audit-details-"] li[data-kind="changed"]').filter({ hasText: "Title" });
    await titleRow.locator('[data-side="before"]').getByText(oldTitle, { exact: true }).waitFor();
    await titleRow.locator('[data-side="after"]').getByText(newTitle, { exact: true }).waitFor();

    // Clear Filters returns to the whole log, page 1.
    await page.getByRole("button", { name: "Clear Filters" }).first().click();
    await page.waitForURL(`${base}/admin/dashboard/audit-log`);
    // The URL changes first; the box follows on the next render.
    await expect.poll(() => page.getByLabel("Entity ID").inputValue()).toBe("");

    await ok(api[":id"].$delete({ param: { id: String(news.id) } }));
    await page.context().close();
  });
});
