/**
 * The admin lists on a 360 px phone (docs/product.md#admin-shell), in both languages: no page scrolls sideways, no
 * table is wider than its box, and every button of every row is on screen and is what a tap at its centre hits.
 * Also the list searches that ask the server (Students, Fees): one request once the typing rests 300 ms, not one
 * per keystroke, on a fake clock.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { adminToken, consoleContext } from "./admin-session";
import { server } from "./server";
import { fileBrowser } from "./file-browser";
import { chooseOption } from "./select";

const base = server.baseUrl;
const browser = fileBrowser();
let token: string;

const LISTS = [
  "students",
  "fees",
  "results",
  "news",
  "audit-log",
  "course-selections",
  "course-selections/subjects",
  "course-selections/teachers",
  "course-selections/periods",
] as const;

beforeAll(async () => {
  token = await adminToken();
  // The audit log lists writes: make sure there is one, whichever test files ran before.
  const studentNo = `PHONE${Date.now()}`.slice(0, 20);
  const headers = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
  const body = JSON.stringify({
    student_no: studentNo,
    full_name: "Phone Test",
    nationality: "Egyptian",
    current_grade: "KG-2",
    building_no: 1,
  });
  expect((await fetch(`${base}/api/students`, { method: "POST", headers, body })).status).toBe(201);
  expect((await fetch(`${base}/api/students/${studentNo}`, { method: "DELETE", headers })).status).toBe(200);
});

async function adminPage(lang: "en" | "ar", width: number): Promise<Page> {
  return (await consoleContext(browser(), token, lang, { viewport: { width, height: 800 } })).newPage();
}

/** Problems of the list on screen: sideways scrolling, overflowing tables, row buttons off screen or covered. */
function listProblems(): string[] {
  const problems: string[] = [];
  const doc = document.documentElement;
  if (doc.scrollWidth > doc.clientWidth) problems.push(`document ${doc.scrollWidth} px wide in ${doc.clientWidth}`);
  for (const box of document.querySelectorAll<HTMLElement>("[data-slot=data-table]")) {
    if (box.offsetParent && box.scrollWidth > box.clientWidth + 1)
      problems.push(`table ${box.scrollWidth} px wide in ${box.clientWidth}`);
  }
  const rows = [...document.querySelectorAll<HTMLElement>("main table tbody tr, main li")].filter(
    (r) => r.offsetParent && r.querySelector("button"),
  );
  if (rows.length === 0) problems.push("no row with buttons");
  for (const row of rows) {
    for (const button of row.querySelectorAll<HTMLButtonElement>("button")) {
      // Hidden and disabled buttons (e.g. Add Payment on a settled row) are not meant to be tapped.
      if (!button.offsetParent || button.disabled) continue;
      button.scrollIntoView({ block: "center", inline: "nearest" });
      const r = button.getBoundingClientRect();
      const label = button.getAttribute("aria-label") ?? button.textContent?.trim() ?? "button";
      if (r.left < 0 || r.right > window.innerWidth)
        problems.push(`${label}: ${Math.round(r.left)}-${Math.round(r.right)} px, off screen`);
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (!hit || !button.contains(hit)) problems.push(`${label}: covered by ${hit?.tagName ?? "nothing"}`);
    }
  }
  return problems;
}

describe("admin lists at 360 px (and 1280 px)", () => {
  for (const lang of ["en", "ar"] as const) {
    it(`every list fits and every row's buttons can be tapped (${lang})`, async () => {
      const page = await adminPage(lang, 360);
      const found: Record<string, string[]> = {};
      for (const list of LISTS) {
        await page.goto(`${base}/admin/dashboard/${list}`);
        await page
          .locator("main table tbody tr:not([aria-hidden]) button:visible, main li button:visible")
          .first()
          .waitFor({ timeout: 15_000 })
          .catch(() => {
            found[list] = ["no row with buttons"];
          });
        await page.waitForFunction(() => !document.querySelector("[aria-busy=true]"));
        const problems = await page.evaluate(listProblems);
        if (problems.length) found[list] = problems.slice(0, 5);
      }
      expect(found).toEqual({});
      await page.context().close();
    });
  }

  it("a desktop shows every column of the students and fees lists, and the name keeps its resize handle", async () => {
    // Width estimates once hid Nationality, Religion and Grade at 1280 px with room to spare. A grade no other
    // browser test adds to: its rows are the demo's (14-digit IDs), whichever files ran before. A longer ID (the
    // 20 characters a student number may have) rightly moves a column under the name at this width.
    const page = await adminPage("en", 1280);
    for (const list of ["students", "fees"]) {
      await page.goto(`${base}/admin/dashboard/${list}`);
      await page.locator("main table tbody tr th[scope=row]").first().waitFor();
      await chooseOption(page.getByLabel("Grade", { exact: true }), "Primary-2");
      // The fees list notes each account's academic year under its grade.
      await expect
        .poll(() =>
          page
            .locator("main table tbody tr td")
            .filter({ hasText: /^Primary-2(\d{4}-\d{4})?$/ })
            .count(),
        )
        .toBeGreaterThan(0);
      await page.waitForFunction(() => !document.querySelector("[aria-busy=true]"));
      const box = page.locator("[data-slot=data-table]");
      // The table fits again once the page's fonts are in (it measures with them): wait for that refit.
      await expect.poll(() => box.getAttribute("data-layout")).toBe("full");
      await expect(page.locator("main table tbody tr th[scope=row] [data-slot=row-details]").count()).resolves.toBe(0);
    }
    // Widening the name until the row no longer fits moves a column under it, and the handle stays.
    await page.goto(`${base}/admin/dashboard/students`);
    const handle = page.getByRole("separator", { name: "Resize column Name" });
    await handle.focus();
    await page.keyboard.press("End");
    await expect(page.locator("[data-slot=data-table]").getAttribute("data-layout")).resolves.toBe("compact");
    await expect(handle.getAttribute("aria-valuenow")).resolves.toBe("500");
    await page.context().close();
  });

  it("a row's action works on a phone: Edit opens the student form", async () => {
    const page = await adminPage("en", 360);
    await page.goto(`${base}/admin/dashboard/students`);
    const row = page.locator("main table tbody tr").first();
    await row.getByRole("button", { name: /^Edit / }).click();
    await page.getByRole("dialog", { name: "Edit Student" }).waitFor();
    await page.context().close();
  });
});

describe("list searches wait for the typing to rest", () => {
  for (const [list, box] of [
    ["students", "#students-search"],
    ["fees", "#fees-search"],
  ] as const) {
    it(`${list}: one request 300 ms after the last keystroke`, async () => {
      const page = await adminPage("en", 1280);
      await page.clock.install();
      await page.goto(`${base}/admin/dashboard/${list}`);
      await page.locator("main table tbody tr th[scope=row]").first().waitFor();
      await page.waitForFunction(() => !document.querySelector("table[aria-busy]"));
      await page.clock.pauseAt(Date.now() + 60_000);
      const searches: string[] = [];
      page.on("request", (r) => {
        const search = new URL(r.url()).searchParams.get("search");
        if (r.url().includes(`/api/${list}`) && search) searches.push(search);
      });
      await page.locator(box).pressSequentially("محمد", { delay: 50 });
      await page.clock.runFor(299);
      expect(searches).toEqual([]);
      await page.clock.runFor(2);
      await expect.poll(() => searches).toEqual(["محمد"]);
      await page.clock.runFor(1000);
      expect(searches).toEqual(["محمد"]);
      await page.context().close();
    });
  }
});
