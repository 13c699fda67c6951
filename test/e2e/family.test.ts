/**
 * Family accounts in the browser (docs/product.md#family-accounts): a mother of two signs in on /family with the
 * code the local message provider received (scripts/lib/message-standin.ts), sees both children with initials and
 * grade, one child's fees by year and receipt, her sessions and preferences; Arabic at 360 px (typed in
 * Arabic-Indic digits) and English at 1366 px, no page or console error, no sideways scroll. Screenshots of the
 * sign-in and the signed-in page in both languages at both widths go to screenshots/.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { watchErrors } from "../support/browser";
import { uniqueStudentNo } from "../support/selection-world";
import { adminApi } from "./admin-api";
import { codeFromProvider } from "./family-code";
import { adminToken } from "./admin-session";
import { fileBrowser } from "./file-browser";
import { server } from "./server";

const base = server.baseUrl;
const browser = fileBrowser();
const SHOTS = join(process.cwd(), "screenshots");
const mobile = () => `010${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
const arabicDigits = (s: string) => s.replace(/\d/g, (d) => "٠١٢٣٤٥٦٧٨٩"[Number(d)]!);

/** A mother (WhatsApp consent) of two: an older child with 1,000 EGP of fees and 250 EGP paid, a younger one. */
async function motherOfTwo() {
  const token = await adminToken();
  const phone = mobile();
  const guardian = { full_name: "منى حسن", relation: "mother", phone, whatsapp_consent: true };
  const older = uniqueStudentNo();
  await adminApi(token, "POST", "/api/students", {
    student_no: older,
    full_name: "سلمى عادل",
    nationality: "مصري",
    current_grade: "Prep-2",
    building_no: 2,
    guardians: [guardian],
  });
  await adminApi(token, "POST", "/api/students", {
    student_no: uniqueStudentNo(),
    full_name: "يوسف عادل",
    nationality: "مصري",
    current_grade: "KG-2",
    building_no: 1,
    guardians: [{ ...guardian, relation: "mother" }],
  });
  await adminApi(token, "POST", "/api/fees", {
    student_id: older,
    grade: "Prep-2",
    total_amount: 1000,
    paid_amount: 0,
  });
  await adminApi(token, "POST", `/api/fees/${older}/add-payment`, { payment_amount: 250 });
  return phone;
}

async function familyPage(b: Browser, lang: "ar" | "en", width: number): Promise<Page> {
  const context = await b.newContext({ viewport: { width, height: 900 } });
  if (lang === "en") await context.addCookies([{ name: "lang", value: "en", url: base }]);
  return context.newPage();
}

/** A full-page screenshot from the top (a fixed header scrolled with the page would sit mid-page in it). */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  writeFileSync(join(SHOTS, `${name}.png`), await page.screenshot({ fullPage: true }));
}
const noOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** Signs in through the page: the number as typed, then the code from the provider. */
async function signInThrough(
  page: Page,
  phone: string,
  typed: string,
  labels: { phone: string; send: string; code: string; verify: string },
) {
  await page.getByLabel(labels.phone).fill(typed);
  const asked = Date.now() - 1000;
  await page.getByRole("button", { name: labels.send }).click();
  await page.getByTestId("code-sent").waitFor();
  const code = await codeFromProvider(phone, asked);
  await page.getByLabel(labels.code, { exact: true }).fill(code);
  await page.getByRole("button", { name: labels.verify }).click();
  await page.getByTestId("children").waitFor();
}

beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true });
});

describe("/family", () => {
  it("Arabic at 360 px: signs in with the provider's code, sees both children and a child's fees and receipt", async () => {
    const phone = await motherOfTwo();
    const page = await familyPage(browser(), "ar", 360);
    const errors = watchErrors(page);
    await page.goto(`${base}/family`);
    await page.getByRole("heading", { level: 1, name: "أبناؤك في مكان واحد" }).waitFor();
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    await page.getByLabel("رقم الهاتف المحمول").waitFor();
    await shot(page, "family-sign-in-ar-360");
    await signInThrough(page, phone, arabicDigits(phone), {
      phone: "رقم الهاتف المحمول",
      send: "إرسال الرمز",
      code: "الرمز",
      verify: "تسجيل الدخول",
    });
    const children = page.getByTestId("children").getByRole("button");
    await expect.poll(() => children.count()).toBe(2);
    expect(await children.first().textContent()).toContain("سلمى عادل");
    expect(await children.first().textContent()).toContain("سع");
    await page.getByRole("tab", { name: "المصروفات" }).click();
    await page.getByText("المتبقي").first().waitFor();
    expect(await page.getByRole("tabpanel").textContent()).toContain("٧٥٠");
    await shot(page, "family-ar-360");
    await page.getByRole("tab", { name: "الإيصالات" }).click();
    await page.getByRole("link", { name: /فتح الإيصال RCP-/ }).waitFor();
    expect(await noOverflow(page)).toBe(true);
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.getByRole("tab", { name: "المصروفات" }).click();
    await shot(page, "family-ar-1366");
    expect(errors).toEqual([]);
  });

  it("English at 1366 px: signs in, sees the children, sets a preference, signs out on every device", async () => {
    const phone = await motherOfTwo();
    const page = await familyPage(browser(), "en", 1366);
    const errors = watchErrors(page);
    await page.goto(`${base}/family`);
    await page.getByRole("heading", { level: 1, name: "Your children in one place" }).waitFor();
    await page.getByLabel("Mobile number").waitFor();
    await shot(page, "family-sign-in-en-1366");
    await signInThrough(page, phone, phone, {
      phone: "Mobile number",
      send: "Send code",
      code: "Code",
      verify: "Sign in",
    });
    await expect.poll(() => page.getByTestId("children").getByRole("button").count()).toBe(2);
    // Signed in, the hero no longer asks to sign in.
    await page.getByText("Each child's results, fees, receipts and messages").waitFor();
    expect(await page.getByText("Sign in with the mobile number").count()).toBe(0);
    await page.getByRole("tab", { name: "Fees" }).click();
    await page.getByText("Remaining").first().waitFor();
    await shot(page, "family-en-1366");
    const reminder = page.getByRole("switch", { name: "Instalment due" });
    await expect.poll(() => reminder.getAttribute("aria-checked")).toBe("true");
    await reminder.click();
    await page.getByText("Saved.").waitFor();
    expect(await reminder.getAttribute("aria-checked")).toBe("false");
    await page.setViewportSize({ width: 360, height: 900 });
    expect(await noOverflow(page)).toBe(true);
    await shot(page, "family-en-360");
    await page.getByRole("button", { name: "Sign out on every device" }).click();
    await page.getByLabel("Mobile number").waitFor();
    await shot(page, "family-sign-in-en-360");
    await page.reload();
    await page.getByLabel("Mobile number").waitFor();
    expect(errors).toEqual([]);
  });
});
