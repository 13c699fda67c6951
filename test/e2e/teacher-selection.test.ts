/**
 * /current-students in Chromium against the built Worker with the demo data (docs/product.md#teacher-selection).
 * The real flow uses a Prep-3 student without selections found through the admin API (not the README sample,
 * which other runs may use): choose five teachers → confirm → "Registration Complete" and the selections → update
 * once → no more updates (UI, and a direct POST refused with 403). The API allows 10 lookups per ID a minute per
 * scope (docs/decisions/0007-public-rate-limits.md); this file makes 6 "selection" GETs and 3 "select" POSTs for that
 * ID.
 * The live-seat poll and the failure outcomes are checked with intercepted responses and Playwright's fake clock.
 */
import type { BrowserContext, Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { adminToken } from "./admin-session";
import { fileBrowser } from "./file-browser";
import { server } from "./server";
import { escapeDialog } from "./dialogs";

const base = server.baseUrl;
const browser = fileBrowser();
const README_SAMPLE = "31004191378125";
const arabicIndic = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
const SEL = "**/api/public/selection";

let studentNo: string;
let studentName: string;
/** Subjects to choose now (5 in the demo data; other files may add their own while they run). */
let subjectCount: number;

async function adminGet<T>(path: string, token: string): Promise<T> {
  const res = await fetch(`${base}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

beforeAll(async () => {
  const token = await adminToken();
  const { students } = await adminGet<{
    students: { student_no: string; full_name: string; is_active: boolean; current_grade: string }[];
  }>("/api/students?grade=Prep-3&status=active", token);
  const { data } = await adminGet<{ data: { student_ids: string[] }[] }>("/api/admin/selection/summary", token);
  const taken = new Set(data.flatMap((r) => r.student_ids));
  // The subjects a student must choose: active ones with an active teacher (a subject nobody teaches is not asked).
  const subjects = await adminGet<{ data: { id: number; is_active: boolean }[] }>(
    "/api/admin/selection/subjects",
    token,
  );
  const teachers = await adminGet<{ data: { subject_id: number | null; is_active: boolean }[] }>(
    "/api/admin/selection/teachers",
    token,
  );
  const taught = new Set(teachers.data.filter((x) => x.is_active).map((x) => x.subject_id));
  subjectCount = subjects.data.filter((x) => x.is_active && taught.has(x.id)).length;
  const free = students.filter(
    (s) => s.is_active && s.current_grade === "Prep-3" && !taken.has(s.student_no) && s.student_no !== README_SAMPLE,
  );
  expect(free.length).toBeGreaterThan(5);
  // A random one, so another file choosing "the first free student" is unlikely to collide with this one.
  const pick = free[Math.floor(Math.random() * free.length)]!;
  studentNo = pick.student_no;
  studentName = pick.full_name;
});

async function open(context?: BrowserContext, lang: "ar" | "en" = "ar"): Promise<Page> {
  const ctx = context ?? (await browser().newContext({ viewport: { width: 1280, height: 900 } }));
  if (lang === "en") await ctx.addCookies([{ name: "lang", value: "en", url: base }]);
  const page = await ctx.newPage();
  await page.goto(`${base}/current-students`);
  await page.locator("form[data-hydrated]:has(#student-national-id)").waitFor(); // the app handles the form
  return page;
}
const field = (page: Page) => page.locator("#student-national-id");
const searchButton = (page: Page) => page.locator("form:has(#student-national-id) button[type=submit]");
const groups = (page: Page) => page.getByRole("radiogroup");
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });
const nameOf = async (card: Locator) => (await card.locator("[data-teacher-name]").textContent())!.trim();
const subjectOf = async (page: Page, group: Locator) =>
  (await page.locator(`#${await group.getAttribute("aria-labelledby")}`).textContent())!.trim();

/** The selections table rows as {subject, teacher, group}. */
async function tableRows(page: Page) {
  const rows = page.locator(`#current-selections table tbody tr`);
  return rows.evaluateAll((trs) =>
    trs
      .map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent!.trim()))
      .map(([subject, teacher, group]) => ({ subject, teacher, group })),
  );
}

describe("/current-students: choose, update once, no more updates (real API, demo data)", () => {
  let page: Page;
  const firstChoice = new Map<string, string>(); // subject → teacher

  it("finds the student by an ID typed in Arabic-Indic digits and shows one radiogroup per subject (five in the demo)", async () => {
    page = await open();
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    expect(await field(page).getAttribute("inputmode")).toBe("numeric");
    expect(await field(page).getAttribute("type")).toBe("text");
    await field(page).click();
    await page.keyboard.type(arabicIndic(studentNo));
    expect(await field(page).inputValue()).toBe(studentNo);
    await searchButton(page).click();
    await page.getByRole("heading", { name: studentName }).waitFor();
    await page.locator("article dd").filter({ hasText: "الصف الثالث الإعدادي" }).waitFor();
    expect(await page.locator("[data-mode]").getAttribute("data-mode")).toBe("choose");
    await groups(page).first().waitFor();
    expect(await groups(page).count()).toBe(subjectCount);
    await page.getByText(`تم اختيار ٠ من ${arabicIndic(String(subjectCount))}`).waitFor();
    expect(await page.getByRole("button", { name: "تأكيد الاختيارات" }).isDisabled()).toBe(true);
  });

  it("chooses a teacher per subject (keyboard in a radiogroup works), confirms, sees Registration Complete and the selections", async () => {
    const count = await groups(page).count();
    for (let i = 0; i < count; i++) {
      const card = groups(page).nth(i).locator("label:not([data-full])").first();
      await card.click();
      firstChoice.set(await subjectOf(page, groups(page).nth(i)), await nameOf(card));
    }
    // Arrow keys move the choice inside one subject (native radios in a radiogroup), then back.
    const g0 = groups(page).nth(0);
    const checkedBefore = await g0.locator("input:checked").getAttribute("id");
    await g0.locator("input:checked").focus();
    await page.keyboard.press("ArrowDown");
    expect(await g0.locator("input:checked").getAttribute("id")).not.toBe(checkedBefore);
    await page.keyboard.press("ArrowUp");
    expect(await g0.locator("input:checked").getAttribute("id")).toBe(checkedBefore);

    const all = arabicIndic(String(subjectCount));
    await page.getByText(`تم اختيار ${all} من ${all}`).waitFor();
    await page.getByRole("button", { name: "تأكيد الاختيارات" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByRole("heading", { name: "تأكيد الاختيارات" }).waitFor();
    for (const teacher of firstChoice.values()) await dialog.getByText(teacher).waitFor();
    await dialog.getByRole("button", { name: "تأكيد وحفظ" }).click();

    await toast(page, "تم التسجيل بنجاح").waitFor();
    await toast(page, "تم حفظ اختياراتك بنجاح.").waitFor();
    await page.locator("[data-mode=update]").waitFor();
    const rows = await tableRows(page);
    expect(rows.map((r) => [r.subject, r.teacher]).sort()).toEqual([...firstChoice.entries()].sort());
    for (const r of rows) expect(r.group).toMatch(/^المجموعة [١٢]$/);
    // The view scrolled to the selections and moved focus there.
    await page.waitForFunction(() => {
      const r = document.getElementById("current-selections")!.getBoundingClientRect();
      return r.top >= 0 && r.top < window.innerHeight / 2 && document.activeElement?.id === "current-selections";
    });
  });

  it("updates once: a different teacher for one subject; the others keep their groups, as the dialog says", async () => {
    // Update mode pre-selects the current teachers and shows the deadline.
    expect(await page.locator("[data-mode=update]").textContent()).toMatch(/حتى .+/);
    await page
      .getByText(`تم اختيار ${arabicIndic(String(subjectCount))} من ${arabicIndic(String(subjectCount))}`)
      .waitFor();
    const before = await tableRows(page);
    const g0 = groups(page).nth(0);
    const subject = await subjectOf(page, g0);
    const other = g0.locator("label:not([data-full]):not(:has(input:checked))").first();
    const newTeacher = await nameOf(other);
    expect(newTeacher).not.toBe(firstChoice.get(subject));
    await other.click();
    await page.getByRole("button", { name: "تحديث الاختيارات" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByRole("heading", { name: "تأكيد تعديل الاختيارات" }).waitFor();
    // Each row: the group the student keeps (the one in the table), or "assigned on save" for the changed teacher.
    const dialogRows = await dialog.locator("li[data-confirm-row]").evaluateAll((lis) =>
      lis.map((li) => ({
        subject: li.querySelector("span")!.textContent!.trim(),
        group: li.querySelector("[data-group]")!.textContent!.trim(),
      })),
    );
    expect(dialogRows).toHaveLength(subjectCount);
    for (const row of dialogRows) {
      if (row.subject === subject) expect(row.group).toBe("تُحدَّد المجموعة عند الحفظ");
      else expect(row.group).toBe(`تبقى في ${before.find((b) => b.subject === row.subject)!.group}`);
    }
    await dialog.getByRole("button", { name: "تأكيد التعديل" }).click();
    await toast(page, "تم تحديث اختياراتك بنجاح.").waitFor();
    await page.locator("[data-mode=used]").waitFor();
    const rows = await tableRows(page);
    expect(rows.find((r) => r.subject === subject)?.teacher).toBe(newTeacher);
    expect(rows).toHaveLength(subjectCount);
    // The groups the dialog promised are the groups saved.
    for (const r of rows.filter((x) => x.subject !== subject))
      expect(r.group).toBe(before.find((b) => b.subject === r.subject)!.group);
  });

  it("cannot update again: view only in the page, and a direct POST is refused with 403", async () => {
    await page.getByText("لقد استخدمت فرصة التعديل الوحيدة").waitFor();
    expect(await groups(page).count()).toBe(0);
    expect(await page.getByRole("button", { name: "تحديث الاختيارات" }).count()).toBe(0);
    const state = (await (await fetch(`${base}/api/public/selection/student/${studentNo}/selections`)).json()) as {
      data: { hasUpdated: boolean; canUpdate: boolean; selections: { subject_id: number; teacher_id: number }[] };
    };
    expect(state.data).toMatchObject({ hasUpdated: true, canUpdate: false });
    const res = await fetch(`${base}/api/public/selection/student/select`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        student_id: studentNo,
        selections: state.data.selections.map(({ subject_id, teacher_id }) => ({ subject_id, teacher_id })),
      }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      reason: "UPDATE_USED",
      message: "You have already used your one allowed update.",
      hasUpdated: true,
    });
    await page.context().close();
  });
});

// ---- Intercepted responses: no rate-limit budget spent, every outcome reproducible. ----

const FAKE_ID = "30001010000001";
const SUBJECTS = ["Math", "Arabic", "English", "Science", "Social"];
const teachers = SUBJECTS.flatMap((name, si) =>
  [1, 2].map((k) => ({
    teacher_id: si * 10 + k,
    teacher_code: `T${si}${k}`,
    teacher_name: `Teacher ${name} ${k}`,
    building_no: "5",
    subject_id: si + 1,
    subject_name: name,
    session_1_available: 10,
    session_2_available: 8,
    recommended_session: 1,
  })),
);
const seatsOf = (overrides: Record<number, [number, number]> = {}) =>
  teachers.map((t) => {
    const [a, b] = overrides[t.teacher_id] ?? [t.session_1_available, t.session_2_available];
    return {
      teacher_id: t.teacher_id,
      session_1_available: a,
      session_2_available: b,
      recommended_session: a === 0 && b === 0 ? null : a >= b ? 1 : 2,
    };
  });

/** A page whose lookups answer from fixtures; `seatCalls()` counts the live-seat polls. */
async function mockedPage(lang: "ar" | "en", opts: { clock?: boolean } = {}) {
  const ctx = await browser().newContext({ viewport: { width: 360, height: 800 } });
  let seats = seatsOf();
  let seatCalls = 0;
  let teacherCalls = 0;
  await ctx.route(`${SEL}/student/${FAKE_ID}`, (r) =>
    r.fulfill({
      json: { success: true, data: { student_no: FAKE_ID, full_name: "Test Student", current_grade: "Prep-3" } },
    }),
  );
  await ctx.route(`${SEL}/student/${FAKE_ID}/selections`, (r) =>
    r.fulfill({
      json: {
        success: true,
        data: {
          has_selections: false,
          selections: [],
          canUpdate: false,
          updateDeadline: null,
          hasUpdated: false,
          periodClosed: false,
        },
      },
    }),
  );
  await ctx.route(`${SEL}/teachers/${FAKE_ID}`, (r) => {
    teacherCalls++;
    return r.fulfill({ json: { success: true, teachers } });
  });
  await ctx.route(`${SEL}/seats`, (r) => {
    seatCalls++;
    return r.fulfill({ json: { success: true, seats } });
  });
  if (opts.clock) await ctx.clock.install();
  const page = await open(ctx, lang);
  return {
    page,
    setSeats: (s: ReturnType<typeof seatsOf>) => {
      seats = s;
    },
    seatCalls: () => seatCalls,
    teacherCalls: () => teacherCalls,
  };
}

async function lookUp(page: Page, id = FAKE_ID) {
  await field(page).fill(id);
  await searchButton(page).click();
}

const setVisibility = (page: Page, state: "visible" | "hidden") =>
  page.evaluate((s) => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => s });
    document.dispatchEvent(new Event("visibilitychange"));
  }, state);

describe("/current-students: live seats and failure outcomes (intercepted)", () => {
  it("polls the seats every 10 s while visible, pauses while hidden, and updates the cards without a reload", async () => {
    const { page, setSeats, seatCalls } = await mockedPage("en", { clock: true });
    await lookUp(page);
    await groups(page).first().waitFor();
    await groups(page).nth(0).locator("label").nth(0).click(); // choose teacher 1 of Math
    expect(seatCalls()).toBe(0);
    setSeats(seatsOf({ 1: [0, 0], 2: [3, 0] }));
    await page.clock.runFor(10_000);
    await page.locator("[data-teacher-card='1'][data-full]").waitFor();
    expect(await page.locator("#teacher-1").isDisabled()).toBe(true);
    await page.locator("[data-teacher-card='2']").getByText("Group 1: 3 seats left").waitFor();
    await page.locator("[data-teacher-card='2']").getByText("Group 2: no seats left").waitFor();
    // The chosen teacher filled up: the choice is dropped and the student is told.
    await toast(page, "is now full").waitFor();
    await page.getByText("0 of 5 chosen").waitFor();
    expect(seatCalls()).toBe(1);

    await setVisibility(page, "hidden");
    await page.clock.runFor(35_000);
    expect(seatCalls()).toBe(1);
    setSeats(seatsOf());
    await setVisibility(page, "visible"); // polls at once when shown again
    await page.locator("[data-teacher-card='1']:not([data-full])").waitFor();
    expect(seatCalls()).toBe(2);
    await page.context().close();
  });

  it("empty ID → toast; 404 → invalid-ID modal; closed period → closed modal; 429 → inline; 5xx → server-error toast", async () => {
    const { page } = await mockedPage("ar");
    await field(page).fill("   ");
    await searchButton(page).click();
    await toast(page, "يجب إدخال الرقم القومي للطالب").waitFor();

    // The page decides by the reason; the English text is reworded to show it is not read.
    const answer = async (status: number, reason: string) => {
      const message = "reworded";
      await page.unroute(`${SEL}/student/*`).catch(() => {});
      await page.route(`${SEL}/student/*`, (r) =>
        r.fulfill({ status, json: { success: false, code: "X", reason, message, error: message } }),
      );
      await lookUp(page, "30001010000002");
    };
    const modal = async (title: string) => {
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("heading", { name: title }).waitFor();
      for (let i = 0; i < 3; i++) {
        await page.keyboard.press("Tab");
        expect(await page.evaluate(() => !!document.activeElement?.closest("[role=dialog]"))).toBe(true);
      }
      await escapeDialog(page, dialog);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("student-national-id");
    };
    await answer(404, "STUDENT_NOT_FOUND");
    await modal("رقم قومي غير صحيح");
    await answer(403, "PERIOD_NOT_OPEN");
    await modal("فترة الاختيار مغلقة");
    await answer(403, "SELECTION_NOT_ELIGIBLE");
    await modal("الاختيار غير متاح لهذا الطالب");
    await answer(429, "RATE_LIMITED");
    await page.getByRole("alert").filter({ hasText: "محاولات كثيرة جدًا" }).waitFor();
    await answer(500, "INTERNAL");
    await toast(page, "خطأ في الخادم. يرجى المحاولة لاحقًا").waitFor();
    await page.context().close();
  });

  it("incomplete → modal naming all five subjects; 409 → toast naming the subject and teachers reloaded; 403 closed → modal", async () => {
    const { page, teacherCalls } = await mockedPage("en");
    await lookUp(page);
    await groups(page).first().waitFor();
    for (let i = 0; i < 3; i++) await groups(page).nth(i).locator("label").first().click();
    await page.getByRole("button", { name: "Confirm selections" }).click();
    const dialog = page.getByRole("dialog");
    await dialog
      .getByText("Teachers must be chosen for all five subjects before saving. You have chosen 3 of 5.")
      .waitFor();
    await escapeDialog(page, dialog);
    for (let i = 3; i < 5; i++) await groups(page).nth(i).locator("label").first().click();

    const post = async (status: number, body: Record<string, unknown>) => {
      await page.unroute(`${SEL}/student/select`).catch(() => {});
      await page.route(`${SEL}/student/select`, (r) => r.fulfill({ status, json: { success: false, ...body } }));
      await page.getByRole("button", { name: "Confirm selections" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Confirm and save" }).click();
    };
    const before = teacherCalls();
    await post(409, {
      code: "CONFLICT",
      reason: "NO_SEATS",
      message: "No seats left with Teacher Math 1 for Math.",
      subject_name: "Math",
      subject_id: 1,
    });
    await toast(page, "No seats left with the chosen teacher for Math").waitFor();
    await expect.poll(() => teacherCalls()).toBe(before + 1);
    await post(403, { code: "FORBIDDEN", reason: "NO_ACTIVE_PERIOD", message: "reworded" });
    const closed = page.getByRole("dialog");
    await closed.getByRole("heading", { name: "Selection Period Closed" }).waitFor();
    // Closed with its button: Radix listens for Escape only a render after the dialog shows, and the confirmation
    // is still fading out then, so a key pressed at once can miss it (the lookup modals' test covers Escape).
    await closed.getByRole("button", { name: "OK" }).click();
    await closed.waitFor({ state: "detached" });
    await post(500, { code: "INTERNAL", reason: "INTERNAL", message: "" });
    await toast(page, "Failed to save selections").waitFor();
    await page.context().close();
  });

  it("503 while saving → 'Saving...' stays, the same save goes again with the same key after Retry-After, then saved", async () => {
    const { page } = await mockedPage("en");
    await lookUp(page);
    await groups(page).first().waitFor();
    for (let i = 0; i < 5; i++) await groups(page).nth(i).locator("label").first().click();
    const keys: string[] = [];
    await page.route(`${SEL}/student/select`, (r) => {
      keys.push(r.request().headers()["idempotency-key"] ?? "");
      if (keys.length < 3)
        return r.fulfill({
          status: 503,
          headers: { "Retry-After": "1" },
          json: { success: false, code: "SERVICE_UNAVAILABLE", reason: "SERVICE_UNAVAILABLE", message: "busy" },
        });
      return r.fulfill({
        status: 201,
        json: { success: true, action: "created", hasUpdated: false, message: "Your selections were saved." },
      });
    });
    await page.getByRole("button", { name: "Confirm selections" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Confirm and save" }).click();
    await page.getByRole("button", { name: "Saving..." }).waitFor();
    await toast(page, "Registration Complete").waitFor();
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[\x21-\x7e]{1,255}$/);
    expect(await page.getByText("Failed to save selections").count()).toBe(0);
    await page.context().close();
  });
});
