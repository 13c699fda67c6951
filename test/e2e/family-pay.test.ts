/**
 * A family pays for two children in one checkout (docs/product.md#family-accounts, #online-payments): a mother of
 * two signs in on /family with the code the local message provider received, sees both children, pays the arrears
 * of one and the next instalment of the other in one checkout of the local Paymob stand-in, comes back to the
 * return page with a receipt per child, and opens both receipts to print. Arabic at 360 px and English at 1366 px,
 * no page or console error, no sideways scroll; screenshots go to screenshots/.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { watchErrors } from "../support/browser";
import { uniqueStudentNo } from "../support/selection-world";
import { adminApi } from "./admin-api";
import { adminToken } from "./admin-session";
import { fileBrowser } from "./file-browser";
import { server } from "./server";

const base = server.baseUrl;
const browser = fileBrowser();
const SHOTS = join(process.cwd(), "screenshots");
const mobile = () => `010${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A mother of two: the older child owes 1,000 EGP on last year's account (its arrears) and 3,000 this year (1,500
 * due in 10 days, 1,500 in 90); the younger owes 3,000 this year on the same schedule. Names carry `tag`.
 */
async function motherOfTwo(tag: string) {
  const token = await adminToken();
  const years = await adminApi<{ current: string; years: Array<{ name: string }> }>(
    token,
    "GET",
    "/api/admin/academic-years",
  );
  const past = years.years.map((y) => y.name).find((n) => n < years.current);
  expect(past, "the demo data has last year").toBeTruthy();
  const phone = mobile();
  const guardian = { full_name: "منى حسن", relation: "mother", phone, whatsapp_consent: true };
  const child = async (name: string) => {
    const no = uniqueStudentNo();
    await adminApi(token, "POST", "/api/students", {
      student_no: no,
      full_name: name,
      nationality: "مصري",
      current_grade: "Prep-2",
      building_no: 2,
      guardians: [guardian],
    });
    await adminApi(token, "POST", "/api/fees", { student_id: no, grade: "Prep-2", total_amount: 3000, paid_amount: 0 });
    await adminApi(token, "PUT", `/api/fees/${no}/schedule`, {
      instalments: [
        { line: "المصروفات", line_en: "Tuition", due_date: day(10), amount: 1500 },
        { line: "المصروفات", line_en: "Tuition", due_date: day(90), amount: 1500 },
      ],
    });
    return no;
  };
  const older = await child(`سلمى ${tag}`);
  await child(`يوسف ${tag}`);
  await adminApi(token, "POST", "/api/fees", {
    student_id: older,
    grade: "Prep-1",
    total_amount: 2000,
    paid_amount: 1000,
    academic_year_name: past,
  });
  return { phone };
}

/** The newest sign-in code the local provider received for `phone` (local form) since `after`. */
async function codeFromProvider(phone: string, after: number): Promise<string> {
  const to = `20${phone.slice(1)}`;
  for (let i = 0; i < 60; i++) {
    const list = (await (await fetch(`${server.messageStandinUrl}/_standin/messages`)).json()) as {
      to: string;
      params: string[];
      text: string | null;
      template: string | null;
      receivedAt: string;
    }[];
    const last = list
      .filter((m) => m.to.replace(/^\+/, "") === to && Date.parse(m.receivedAt) >= after)
      .filter((m) => m.template === "school_sign_in_code" || /\b\d{6}\b/.test(m.text ?? ""))
      .at(-1);
    const code = last?.template === "school_sign_in_code" ? last.params[0] : /\b\d{6}\b/.exec(last?.text ?? "")?.[0];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no code reached the provider for ${phone}`);
}

async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  writeFileSync(join(SHOTS, `${name}.png`), await page.screenshot({ fullPage: true }));
}
const noOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

const TEXTS = {
  ar: {
    phone: "رقم الهاتف المحمول",
    send: "إرسال الرمز",
    code: "الرمز",
    verify: "تسجيل الدخول",
    overdue: "كل المتأخر",
    next: "القسط التالي",
    receipts: "الإيصالات",
    total: "٢٬٥٠٠",
  },
  en: {
    phone: "Mobile number",
    send: "Send code",
    code: "Code",
    verify: "Sign in",
    overdue: "All overdue",
    next: "Next instalment",
    receipts: "Receipts",
    total: "2,500",
  },
} as const;

beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true });
});

describe("/family: one checkout for two children", () => {
  for (const [lang, width] of [
    ["ar", 360],
    ["en", 1366],
  ] as const) {
    it(`${lang} at ${width} px: pays one child's arrears and the other's next instalment, prints both receipts`, async () => {
      const tag = `${lang}${width}${Math.floor(Math.random() * 1e6)}`;
      const { phone } = await motherOfTwo(tag);
      const x = TEXTS[lang];
      const context = await browser().newContext({ viewport: { width, height: 900 } });
      if (lang === "en") await context.addCookies([{ name: "lang", value: "en", url: base }]);
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(`${base}/family`);
      await page.getByLabel(x.phone).fill(phone);
      const asked = Date.now() - 1000;
      await page.getByRole("button", { name: x.send }).click();
      await page.getByTestId("code-sent").waitFor();
      await page.getByLabel(x.code, { exact: true }).fill(await codeFromProvider(phone, asked));
      await page.getByRole("button", { name: x.verify }).click();
      await expect.poll(() => page.getByTestId("children").getByRole("button").count()).toBe(2);

      const card = page.getByTestId("family-pay");
      await card.waitFor();
      const older = card.locator("li[data-pay-child]", { hasText: `سلمى ${tag}` });
      const younger = card.locator("li[data-pay-child]", { hasText: `يوسف ${tag}` });
      await older.locator('input[type="checkbox"]').check();
      await older.getByLabel(x.overdue).check();
      await younger.locator('input[type="checkbox"]').check();
      await younger.getByLabel(x.next).check();
      await expect.poll(() => card.locator("[data-pay-total]").textContent()).toContain(x.total);
      expect(await noOverflow(page)).toBe(true);
      await shot(page, `family-pay-${lang}-${width}`);

      await card.locator("button[data-pay]").click();
      await page.waitForURL(/\/unifiedcheckout\//);
      expect(await page.locator("[data-item]").count()).toBe(2);
      await page.locator('button[data-action="card"]').click();
      await page.waitForURL(/\/family\/payments\/return/);
      await page.locator('[data-payment-state="paid"]').waitFor();
      const links = page.locator("a[data-receipt-link]");
      await expect.poll(() => links.count()).toBe(2);
      expect(await noOverflow(page)).toBe(true);
      await shot(page, `family-pay-return-${lang}-${width}`);

      const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
      const receipts: string[] = [];
      for (const [i, href] of hrefs.entries()) {
        const receipt = await context.newPage();
        const res = await receipt.goto(`${base}${href}`);
        expect(res?.status()).toBe(200);
        receipts.push((await receipt.locator("body").textContent()) ?? "");
        await receipt.screenshot({
          path: join(SHOTS, `family-pay-receipt-${i + 1}-${lang}-${width}.png`),
          fullPage: true,
        });
        await receipt.close();
      }
      expect(receipts[0]).toContain(`سلمى ${tag}`);
      expect(receipts[1]).toContain(`يوسف ${tag}`);

      // The family's receipts list shows each child's receipt of this payment.
      const numbers = await page
        .locator("a[data-receipt-link]")
        .evaluateAll((as) => as.map((a) => /RCP-[\d-]+/.exec(a.textContent ?? "")?.[0] ?? ""));
      await page.goto(`${base}/family`);
      for (const [i, name] of [`سلمى ${tag}`, `يوسف ${tag}`].entries()) {
        await page
          .getByTestId("children")
          .getByRole("button", { name: new RegExp(name) })
          .click();
        await page.getByRole("tab", { name: x.receipts }).click();
        await page.getByRole("tabpanel").getByText(numbers[i]!).waitFor();
      }
      expect(await noOverflow(page)).toBe(true);
      await shot(page, `family-pay-receipts-${lang}-${width}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
