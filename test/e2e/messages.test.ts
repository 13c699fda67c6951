/**
 * Guardians' messages end to end on the demo server (docs/product.md#guardians-and-messages): a student with a
 * guardian who agreed to WhatsApp, a payment recorded through the API → the queue delivers payment_received to the
 * local provider that `npm start` runs (scripts/lib/message-standin.ts), whose signed status webhooks take it to
 * delivered; the Messages page lists it so, and the provider's page lists what was sent. Arabic at 360 px (cards,
 * no horizontal overflow) and English at 1366 px (the table); the student dialog's guardians and history; a number
 * the provider reports undeliverable fails with its reason in the page's language, and once the number is corrected
 * Retry delivers to the new one. Any page or console error fails.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { watchErrors } from "../support/browser";
import { uniqueStudentNo } from "../support/selection-world";
import { adminApi } from "./admin-api";
import { adminToken, consolePage } from "./admin-session";
import { fileBrowser } from "./file-browser";
import { server } from "./server";
import { chooseOption } from "./select";

const base = server.baseUrl;
const browser = fileBrowser();
const mobile = () => `010${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
/** A number the local provider reports undeliverable (it ends in 0000). */
const undeliverable = () => `012${String(Math.floor(Math.random() * 1e4)).padStart(4, "0")}0000`;

/** A Prep-2 student whose mother agreed to WhatsApp, with 1,000 EGP of fees and 250 EGP paid now. */
async function paidFamily(name: string, language: "ar" | "en", phone = mobile()) {
  const token = await adminToken();
  const studentNo = uniqueStudentNo();
  await adminApi(token, "POST", "/api/students", {
    student_no: studentNo,
    full_name: name,
    nationality: "مصري",
    current_grade: "Prep-2",
    building_no: 2,
    guardians: [{ full_name: "ولية الأمر", relation: "mother", phone, language, whatsapp_consent: true }],
  });
  await adminApi(token, "POST", "/api/fees", {
    student_id: studentNo,
    grade: "Prep-2",
    total_amount: 1000,
    paid_amount: 0,
  });
  await adminApi(token, "POST", `/api/fees/${studentNo}/add-payment`, { payment_amount: 250 });
  return { token, studentNo, to: `+2${phone}` };
}

const noOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** Refreshes the page's log until the student's message is delivered (or read); answers its status badge's text. */
async function waitDelivered(
  page: Page,
  studentNo: string,
  wide: boolean,
  refresh: string,
  want = ["delivered", "read"],
) {
  const item = page.locator(wide ? "tr[data-message]" : "li[data-message]").filter({ hasText: studentNo });
  for (let i = 0; i < 40; i++) {
    if ((await item.count()) === 1) {
      const status = await item.locator("[data-status]").first().getAttribute("data-status");
      if (want.includes(status ?? ""))
        return ((await item.locator("[data-status]").first().textContent()) ?? "").trim();
    }
    await page.waitForTimeout(500);
    await page.getByRole("button", { name: refresh }).click();
    await page.locator('[aria-busy="true"]').waitFor({ state: "detached" });
  }
  throw new Error(`the message of ${studentNo} never reached delivered`);
}

describe("Messages page", () => {
  it("Arabic at 360 px: the payment's message reaches delivered through the local provider", async () => {
    const { token, studentNo, to } = await paidFamily("طالب رسالة الدفع", "ar");
    const page = await consolePage(browser(), token, "ar", 360);
    const errors = watchErrors(page);
    await page.goto(`${base}/admin/dashboard/messages?kind=payment_received`);
    await page.getByRole("heading", { level: 1, name: "الرسائل" }).waitFor();
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    const label = await waitDelivered(page, studentNo, false, "تحديث");
    expect(["وصلت", "قُرئت"]).toContain(label);
    const card = page.locator("li[data-message]").filter({ hasText: studentNo });
    expect((await card.textContent()) ?? "").toContain("تم استلام دفعة");
    expect((await card.textContent()) ?? "").toContain(to);
    // Counts in Arabic-Indic digits.
    expect((await page.locator('[data-period="messages-today"]').textContent()) ?? "").toMatch(/[٠-٩]/);
    expect(await noOverflow(page)).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("English at 1366 px: the table lists it delivered; the provider's page lists what was sent", async () => {
    const { token, studentNo, to } = await paidFamily("Payment Message Student", "en");
    const page = await consolePage(browser(), token, "en", 1366);
    const errors = watchErrors(page);
    await page.goto(`${base}/admin/dashboard/messages`);
    await page.getByRole("heading", { level: 1, name: "Messages" }).waitFor();
    await chooseOption(page.locator("#messages-kind"), "Payment received", { exact: false });
    await page.waitForURL(/kind=payment_received/);
    const label = await waitDelivered(page, studentNo, true, "Refresh");
    expect(["Delivered", "Read"]).toContain(label);
    const row = page.locator("tr[data-message]").filter({ hasText: studentNo });
    expect((await row.textContent()) ?? "").toContain("WhatsApp");
    // The settings are the administrator's.
    await page.getByRole("heading", { name: "Settings" }).waitFor();
    expect(await page.getByRole("switch", { name: "Payment received" }).isChecked()).toBe(true);
    expect(errors).toEqual([]);

    const provider = await browser().newPage();
    await provider.goto(server.messageStandinUrl!);
    expect((await provider.locator("body").textContent()) ?? "").toContain(to.slice(1));
    await provider.close();
    await page.context().close();
  });

  it("the student dialog edits guardians (PHONE_INVALID on the right row) and shows the student's messages", async () => {
    const name = `Guardian Dialog ${Date.now()}`;
    const { token, studentNo } = await paidFamily(name, "en");
    const page = await consolePage(browser(), token, "en", 1366);
    const errors = watchErrors(page);
    await page.goto(`${base}/admin/dashboard/students`);
    await page.getByLabel("Search", { exact: true }).fill(studentNo);
    await page.getByRole("button", { name: `Edit ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Student" });
    await dialog.locator("[data-student-messages] li").filter({ hasText: "Payment received" }).waitFor();
    const first = dialog.locator('[data-guardian="0"]');
    expect(await first.getByLabel("Mobile number").inputValue()).toMatch(/^\+2010/);
    await dialog.getByRole("button", { name: "Add guardian" }).click();
    const second = dialog.locator('[data-guardian="1"]');
    await second.getByLabel("Guardian's name").fill("Uncle");
    await second.getByLabel("Mobile number").fill("12345");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await second.getByText("Enter a mobile number such as 01001234567").waitFor();
    expect(await first.getByText("Enter a mobile number").count()).toBe(0);
    // No relation is assumed for a second guardian (not "Father"): the office chooses one.
    await expect(second.getByLabel("Relation").getAttribute("aria-invalid")).resolves.toBe("true");
    await chooseOption(second.getByLabel("Relation"), "Guardian");
    // Arabic-Indic digits with spaces are a valid number.
    await second.getByLabel("Mobile number").fill("٠١١ ٢٣٤٥ ٦٧٨٩");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await page.getByText("Student updated").waitFor();
    const body = await adminApi<{ students: { guardians: { phone: string }[] }[] }>(
      token,
      "GET",
      `/api/students?search=${studentNo}`,
    );
    expect(body.students[0]!.guardians.map((g) => g.phone)).toEqual([
      expect.stringMatching(/^\+2010/),
      "+201123456789",
    ]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("Arabic at 1366 px: an undeliverable number fails with the reason in Arabic; after the number is corrected, Retry delivers to the new one", async () => {
    const { token, studentNo, to } = await paidFamily("طالب رقم لا يصل", "ar", undeliverable());
    const page = await consolePage(browser(), token, "ar", 1366);
    const errors = watchErrors(page);
    await page.goto(`${base}/admin/dashboard/messages?status=failed`);
    expect(await waitDelivered(page, studentNo, true, "تحديث", ["failed"])).toBe("فشلت");
    const row = page.locator("tr[data-message]").filter({ hasText: studentNo });
    const reason = row.locator('[data-failure="whatsapp_undeliverable"]');
    expect((await reason.textContent()) ?? "").toContain("تعذّر على واتساب توصيلها");
    expect(await reason.getAttribute("title")).toMatch(/^\(#131026\) Message undeliverable/);

    // The registrar corrects the number; Retry goes to the new one.
    const fixed = mobile();
    const found = await adminApi<{ students: Record<string, unknown>[] }>(
      token,
      "GET",
      `/api/students?search=${studentNo}`,
    );
    const {
      id,
      guardians,
      created_at: _c,
      updated_at: _u,
      ...rest
    } = found.students[0]! as {
      id: number;
      guardians: Record<string, unknown>[];
      created_at: string;
      updated_at: string;
    };
    await adminApi(token, "PUT", `/api/students/${id}`, { ...rest, guardians: [{ ...guardians[0], phone: fixed }] });
    await row.getByRole("button", { name: /إعادة إرسال الرسالة/ }).click();
    await page.getByText("عادت الرسالة إلى قائمة الإرسال.").waitFor();
    await page.goto(`${base}/admin/dashboard/messages?kind=payment_received`);
    expect(["وصلت", "قُرئت"]).toContain(await waitDelivered(page, studentNo, true, "تحديث"));
    const after = page.locator("tr[data-message]").filter({ hasText: studentNo });
    expect((await after.textContent()) ?? "").toContain(`+2${fixed}`);
    expect((await after.textContent()) ?? "").not.toContain(to);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
