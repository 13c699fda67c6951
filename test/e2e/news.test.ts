/**
 * News Management in Chromium against the built Worker with the demo data (docs/product.md#news): log in, add a
 * published article, edit it, see it as the first slide of the public home carousel, delete it. Also: view mode
 * (Edit does not save), validation texts, the window event that opens the add modal, "Authentication required"
 * without a token, and the form's and the server's reasons in Arabic.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { apiClient, ok } from "./admin-api";
import { adminToken, consoleContext, signIn } from "./admin-session";
import { server } from "./server";
import { fileBrowser } from "./file-browser";
import { escapeDialog } from "./dialogs";
import { chooseOption } from "./select";

const base = server.baseUrl;
const browser = fileBrowser();

async function adminPage(): Promise<Page> {
  const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page);
  await page.getByRole("link", { name: "News" }).click();
  await page.waitForURL(`${base}/admin/dashboard/news`);
  await page.getByRole("heading", { name: "News Management" }).waitFor();
  await page
    .locator("tbody tr")
    .first()
    .getByRole("button", { name: /^View: / })
    .waitFor();
  return page;
}

/** The number on a stat card ("Published" → 7). */
async function statValue(page: Page, label: string): Promise<number> {
  const card = page
    .locator('[data-slot="card"]')
    .filter({ has: page.getByRole("heading", { name: label, exact: true }) });
  await card.locator('[data-slot="stat-value"]').waitFor();
  return Number((await card.locator('[data-slot="stat-value"]').textContent())?.replace(/\D/g, ""));
}

/** Waits until a stat card shows `value`. */
async function waitForStat(page: Page, label: string, value: number) {
  await page.waitForFunction(
    ([l, v]) =>
      [...document.querySelectorAll('[data-slot="card"]')].some(
        (c) =>
          c.querySelector("h2")?.textContent === l &&
          c.querySelector('[data-slot="stat-value"]')?.textContent?.replace(/\D/g, "") === String(v),
      ),
    [label, value] as const,
  );
}

const toast = (page: Page, text: string) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text }).first().waitFor();

async function firstSlideTitle(): Promise<string> {
  const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: "lang", value: "en", url: base }]);
  const page = await context.newPage();
  await page.goto(`${base}/`);
  const title =
    (await page.locator('[aria-roledescription="slide"]').first().locator("h3").textContent())?.trim() ?? "";
  await context.close();
  return title;
}

describe("news management", () => {
  it("adds, edits, publishes on the home page and deletes an article", async () => {
    const page = await adminPage();
    const title = `E2E news ${Date.now().toString(36)}`;
    const published = await statValue(page, "Published");
    const total = await statValue(page, "Total");

    // Add (published, publish date left at its default: now → the newest item).
    await page.getByRole("button", { name: "Add News" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("heading", { name: "Add News" }).waitFor();
    // The author defaults to whoever is signed in, as the header names them, not to a fixed "Admin".
    const signedIn = (await page.locator("header bdi").first().textContent())?.trim();
    expect(signedIn).toBeTruthy();
    expect(await dialog.getByLabel("Author").inputValue()).toBe(signedIn);
    expect(await dialog.getByLabel("Publish Date").inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    await dialog.getByRole("button", { name: "Create News" }).click();
    await dialog.getByText("Title is required").waitFor();
    await dialog.getByText("Content is required").waitFor();
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Summary").fill("A short summary for the carousel.");
    await dialog.getByLabel("Content").fill("First paragraph of the article.\n\nSecond paragraph of the article.");
    await dialog.getByLabel("Image URL").fill("not a url");
    await dialog.getByRole("button", { name: "Create News" }).click();
    await dialog.getByText("Image URL must be a valid URL").waitFor();
    await dialog.getByLabel("Image URL").fill("");
    await chooseOption(dialog.getByRole("combobox", { name: "Status" }), "Published", { exact: false });
    await dialog.getByRole("button", { name: "Create News" }).click();
    await toast(page, "News created successfully");
    await dialog.waitFor({ state: "detached" });
    await waitForStat(page, "Published", published + 1);
    await waitForStat(page, "Total", total + 1);

    // Find it with the search (debounced 500 ms).
    await page.getByRole("searchbox", { name: "Search news" }).fill(title);
    const row = page.locator("tbody tr").filter({ hasText: title });
    await row.waitFor();
    await page.waitForFunction(() => document.querySelectorAll("tbody tr").length === 1);
    expect(await row.getByText("Published").count()).toBe(1);

    // View mode: fields disabled; Edit switches to edit mode without saving anything (counted below: the whole
    // view → edit → save sends exactly one PUT).
    const puts: string[] = [];
    page.on("request", (r) => r.method() === "PUT" && r.url().includes("/api/admin/news/") && puts.push(r.url()));
    await row.getByRole("button", { name: `View: ${title}` }).click();
    await dialog.getByRole("heading", { name: "View News" }).waitFor();
    expect(await dialog.getByLabel("Title").isDisabled()).toBe(true);
    await dialog.getByRole("button", { name: "Edit" }).click();
    await dialog.getByRole("heading", { name: "Edit News" }).waitFor();
    expect(await dialog.getByLabel("Title").isEnabled()).toBe(true);

    // Edit.
    const edited = `${title} (edited)`;
    await dialog.getByLabel("Title").fill(edited);
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await toast(page, "News updated successfully");
    await dialog.waitFor({ state: "detached" });
    expect(puts).toHaveLength(1);
    await page.getByRole("searchbox", { name: "Search news" }).fill(edited);
    await page.locator("tbody tr").filter({ hasText: edited }).waitFor();

    // The public home shows it first.
    expect(await firstSlideTitle()).toBe(edited);

    // Delete.
    await page
      .locator("tbody tr")
      .filter({ hasText: edited })
      .getByRole("button", { name: `Delete: ${edited}` })
      .click();
    const confirm = page.getByRole("alertdialog");
    await confirm
      .getByText("Are you sure you want to delete this news article? This action cannot be undone.")
      .waitFor();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await toast(page, "News deleted successfully");
    await page.getByText("No news found").waitFor();
    await waitForStat(page, "Total", total);
    expect(await firstSlideTitle()).not.toBe(edited);
    await page.context().close();
  });

  it("paginates 10 per page and filters by status", async () => {
    const page = await adminPage();
    expect(await page.locator("tbody tr").count()).toBe(10);
    await page.getByText("Page 1 of 2").waitFor();
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText("Page 2 of 2").waitFor();
    expect(await page.getByRole("button", { name: "Next" }).isDisabled()).toBe(true);
    await chooseOption(page.getByRole("combobox", { name: "Filter by status" }), "Draft", { exact: false });
    await page.waitForFunction(() => document.querySelectorAll("tbody tr").length === 3);
    expect(await page.getByText(/^Page \d of \d$/).count()).toBe(0); // one page: no pagination
    await page.context().close();
  });

  it("opens the add modal on the window event, and says so when the token is gone", async () => {
    const page = await adminPage();
    await page.evaluate(() => window.dispatchEvent(new CustomEvent("admin:open-add-news")));
    await page.getByRole("dialog").getByRole("heading", { name: "Add News" }).waitFor();
    await escapeDialog(page, page.getByRole("dialog"));

    await page.evaluate(() => localStorage.removeItem("adminToken"));
    await chooseOption(page.getByRole("combobox", { name: "Filter by status" }), "Archived", { exact: false });
    await toast(page, "Authentication required");
    await page.getByText("No news found").waitFor();
    await page.context().close();
  });

  it("in Arabic: the form's messages and the server's reasons", async () => {
    const token = await adminToken();
    const title = `خبر للحذف ${Date.now().toString(36)}`;
    const news = apiClient(token).api.admin.news;
    const { news: draft } = await ok(news.$post({ json: { title, content: "نص", status: "draft" } }));
    const context = await consoleContext(browser(), token, "ar", { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${base}/admin/dashboard/news`);
    await page.getByRole("heading", { name: "إدارة الأخبار" }).waitFor();

    // The shared schema's reasons, in Arabic.
    await page.getByRole("button", { name: "إضافة خبر" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "إنشاء الخبر" }).click();
    await dialog.getByText("العنوان مطلوب").waitFor();
    await dialog.getByText("المحتوى مطلوب").waitFor();
    await dialog.getByLabel("رابط الصورة").fill("ليس رابطًا");
    await dialog.getByRole("button", { name: "إنشاء الخبر" }).click();
    await dialog.getByText("يجب أن يكون رابط الصورة رابطًا صحيحًا").waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    // The server's reason: the article was deleted while it was being edited.
    await page.getByRole("searchbox", { name: "البحث في الأخبار" }).fill(title);
    await page.getByRole("button", { name: `تعديل: ${title}` }).click();
    await dialog.getByRole("heading", { name: "تعديل الخبر" }).waitFor();
    await ok(news[":id"].$delete({ param: { id: String(draft.id) } }));
    await dialog.getByLabel("العنوان").fill(`${title} (معدّل)`);
    await dialog.getByRole("button", { name: "حفظ التغييرات" }).click();
    await toast(page, "الخبر غير موجود");
    expect(await dialog.isVisible()).toBe(true);
    await context.close();
  });
});
