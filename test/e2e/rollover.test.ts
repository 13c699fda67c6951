/**
 * Close the year in Chromium against the built Worker with the demo data (docs/product.md#the-year-end-rollover):
 * in Arabic at 360 px, the dry run per grade, a grade's students, an exception marked by hand and others imported
 * from a CSV sheet, nothing wider than the phone; in English at 1366 px, the dry run with an exception, the apply
 * with its confirmation, the result, and the undo (which leaves the demo school as it was for the other files).
 * Screenshots of both go to screenshots/ (ignored by git) for a person to look at.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, consolePage } from "./admin-session";
import { fileBrowser } from "./file-browser";
import { server } from "./server";

const base = server.baseUrl;
const browser = fileBrowser();
const SHOTS = join(process.cwd(), "screenshots");
let token: string;
let students: Array<{ student_no: string; grade: string }> = [];

const api = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${base}/api/admin/rollover${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as any };
};

beforeAll(async () => {
  token = await adminToken();
  mkdirSync(SHOTS, { recursive: true });
  const dry = await api("POST", "/dry-run", { exceptions: [] });
  expect(dry.status).toBe(200);
  students = dry.json.grades.flatMap((g: any) => g.students.filter((s: any) => s.outcome === "promoted"));
  expect(students.length).toBeGreaterThan(3);
});

afterAll(async () => {
  // Whatever happened, the demo school is left without a rollover.
  const status = await api("GET", "");
  if (status.json.run?.state === "applied") await api("POST", "/undo", { run_id: status.json.run.id });
});

const shot = async (page: Page, name: string, fullPage = true) =>
  writeFileSync(join(SHOTS, `${name}.png`), await page.screenshot({ fullPage }));

const wide = () =>
  document.documentElement.scrollWidth > document.documentElement.clientWidth
    ? `${document.documentElement.scrollWidth} in ${document.documentElement.clientWidth}`
    : null;

describe("Close the year", () => {
  it("Arabic at 360 px: the dry run per grade, exceptions by hand and from a sheet", async () => {
    const page = await consolePage(browser(), token, "ar", 360);
    await page.goto(`${base}/admin/dashboard/rollover`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("إغلاق العام");
    await page.getByRole("switch").click();
    await page.getByRole("button", { name: "معاينة (تجربة دون حفظ)" }).click();
    await page.getByRole("heading", { name: /^المعاينة/ }).waitFor();
    // A sheet of two exceptions, in Arabic.
    const [a, b] = students;
    const csv = `رقم الطالب,الحالة,المبنى,الفصل\n${a!.student_no},باقٍ للإعادة,,\n${b!.student_no},ترك,,\n`;
    await page
      .getByTestId("exceptions-file")
      .setInputFiles({ name: "exceptions.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await expect.poll(() => page.getByText("استثناءان").count()).toBe(1);
    await page.getByText("أعد المعاينة قبل التطبيق").waitFor();
    await page.getByRole("button", { name: "معاينة (تجربة دون حفظ)" }).click();
    await expect.poll(() => page.getByText("أعد المعاينة قبل التطبيق").count()).toBe(0);
    // The first grade's students, and an exception marked by hand.
    const first = page.locator("section[aria-labelledby^=grade-] h3 button").first();
    await first.click();
    // A student of the grade not in the sheet (the sheet's are the first promoted ones).
    const select = page.getByRole("combobox", { name: /^استثناء للطالب/ }).nth(3);
    await select.selectOption("retained");
    await expect.poll(() => page.getByText(/^(٣|3) استثناءات$/).count()).toBe(1);
    expect(await page.evaluate(wide)).toBeNull();
    await shot(page, "rollover-ar-360");
    await shot(page, "rollover-ar-360-top", false);
    await first.scrollIntoViewIfNeeded();
    await shot(page, "rollover-ar-360-grade", false);
    await page.setViewportSize({ width: 1366, height: 900 });
    await shot(page, "rollover-ar-1366");
    await page.context().close();
  });

  it("English at 1366 px: apply with an exception, see the result, undo", async () => {
    const page = await consolePage(browser(), token, "en", 1366);
    await page.goto(`${base}/admin/dashboard/rollover`);
    await page.getByRole("button", { name: "Preview (dry run)" }).click();
    await page.getByRole("heading", { name: /^Dry run/ }).waitFor();
    const grade = page.locator("section[aria-labelledby^=grade-] h3 button").first();
    await grade.click();
    await page
      .getByRole("combobox", { name: /^Exception for/ })
      .first()
      .selectOption("left");
    await page.getByRole("button", { name: "Preview (dry run)" }).click();
    await expect.poll(() => page.getByText("preview again before applying").count()).toBe(0);
    await shot(page, "rollover-en-1366-preview");
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await page.evaluate(wide)).toBeNull();
    await shot(page, "rollover-en-360-preview", false);
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.getByRole("button", { name: "Apply", exact: true }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Apply" }).click();
    await page.getByRole("heading", { name: /^Rollover .* applied$/ }).waitFor({ timeout: 60_000 });
    const status = await api("GET", "");
    expect(status.json.run).toMatchObject({ state: "applied", undoable: true });
    expect(status.json.run.counts.left).toBeGreaterThanOrEqual(1);
    expect(await page.evaluate(wide)).toBeNull();
    await shot(page, "rollover-en-1366-applied");
    await page.getByRole("button", { name: "Undo the rollover" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Undo the rollover" }).click();
    await page.getByRole("button", { name: "Preview (dry run)" }).waitFor();
    expect((await api("GET", "")).json.run).toBeNull();
    await page.context().close();
  });
});
