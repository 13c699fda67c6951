/**
 * The pages of the state matrix: every public and admin page, what a visitor does on it (a lookup), and the
 * add/edit dialogs of each admin list. Labels come from the dictionaries, so the same steps run in both languages.
 */
import type { Locator, Page } from "playwright-core";
import ar from "../../../web/i18n/ar";
import en from "../../../web/i18n/en";
import type { Lookups } from "./school-states";

export type Lang = "ar" | "en";
export type Dict = typeof en;
export const DICTS: Record<Lang, Dict> = { ar: ar as unknown as Dict, en };

/** An ID nobody has: the lookups of the empty school. */
const UNKNOWN_ID = "29001011234567";
const arabicIndic = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));

export interface MatrixPage {
  path: string;
  /** Loaded in every state (the page shows the school's data), or once (it does not). */
  perState: boolean;
  /** Widths the page is also loaded at (besides 360 px then resized): for code that reads the width at load. */
  alsoLoadAt?: number[];
  /** After the page is ready: what a visitor does before the checks (a lookup); `pick` chooses the ID. */
  act?: (page: Page, lang: Lang, lookups: Lookups) => Promise<void>;
  /** Dialogs opened once, in the last state: each returns what to click; the dialog is checked at every width. */
  dialogs?: Array<{ name: string; open: (page: Page, d: Dict) => Locator | Promise<Locator>; inline?: boolean }>;
}

/** The ID a lane looks up: Arabic looks up the newest, English the one before (the per-ID rate limit is 10 a minute). */
const pick = (ids: string[], lang: Lang) => ids[lang === "ar" ? 0 : Math.min(1, ids.length - 1)] ?? UNKNOWN_ID;

async function lookup(page: Page, field: string, id: string, lang: Lang) {
  // Arabic visitors often type Arabic-Indic digits; the field converts them.
  await page.locator(field).fill(lang === "ar" ? arabicIndic(id) : id);
  await page.locator(`form:has(${field}) button[type=submit]:enabled`).click();
}

const button = (page: Page, name: string) => page.getByRole("button", { name, exact: true }).first();
/** The first row's button whose accessible name starts with `word` ("Edit …"). */
const rowButton = (page: Page, word: string) =>
  page
    .getByRole("button", { name: new RegExp(`^${word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(\\s|:|$)`, "u") })
    .first();

/**
 * The first carousel slide wholly inside the window. The pointer rests on the carousel first, which holds autoplay
 * (as for a visitor reaching for "Read more"), so the slide cannot move away before the click.
 */
async function slideInView(page: Page): Promise<Locator> {
  await page.locator('[aria-roledescription="carousel"]').hover();
  await page.locator('[data-testid="news-carousel"][data-playing="false"]').waitFor({ timeout: 15_000 });
  // A slide already moving finishes its glide (Embla's duration 30 ≈ 0.5 s): wait until the slides stand still.
  await page.waitForFunction(
    () => {
      const x = [...document.querySelectorAll('[aria-roledescription="slide"]')]
        .map((el) => el.getBoundingClientRect().left)
        .join();
      const w = window as unknown as { __slideX?: string };
      const still = w.__slideX === x;
      w.__slideX = x;
      return still;
    },
    undefined,
    { polling: 100 },
  );
  const index = await page.evaluate(() =>
    [...document.querySelectorAll('[aria-roledescription="slide"]')].findIndex((el) => {
      const r = el.getBoundingClientRect();
      return r.left >= 0 && r.right <= window.innerWidth + 1;
    }),
  );
  return page.locator('[aria-roledescription="slide"]').nth(Math.max(0, index));
}

export const PAGES: MatrixPage[] = [
  // The carousel sets itself up for the width it loads at (2 news crashed it from 640 px, 3 from 1024 px).
  {
    path: "/",
    perState: true,
    alsoLoadAt: [1366],
    // The article dialog of the first slide (a 255-character title, a long link in the text).
    dialogs: [
      {
        name: "news",
        open: async (p, d) =>
          slideInView(p).then((slide) => slide.getByRole("button", { name: d.news.public.readMore })),
      },
    ],
  },
  {
    path: "/results",
    perState: true,
    act: (page, lang, l) => lookup(page, "#national-id", pick(l.results, lang), lang),
  },
  {
    path: "/current-students",
    perState: true,
    act: (page, lang, l) => lookup(page, "#student-national-id", pick(l.selection, lang), lang),
  },
  { path: "/base-url-config", perState: false },
  // Pages whose lists these states never fill (online payments, messages, staff): their empty states, once.
  { path: "/pay", perState: false },
  { path: "/admin/dashboard/fees/online", perState: false },
  { path: "/admin/dashboard/messages", perState: false },
  { path: "/admin/dashboard/staff", perState: false },
  { path: "/admin/dashboard", perState: true },
  { path: "/admin/dashboard/reports", perState: true },
  {
    path: "/admin/dashboard/students",
    perState: true,
    dialogs: [
      { name: "add", open: (p, d) => button(p, d.students.addStudent) },
      { name: "edit", open: (p, d) => rowButton(p, d.students.actions.edit) },
    ],
  },
  {
    path: "/admin/dashboard/fees",
    perState: true,
    dialogs: [
      { name: "add", open: (p, d) => button(p, d.fees.add) },
      {
        name: "edit (inline)",
        open: (p, d) => p.getByRole("button", { name: d.fees.actions.edit, exact: true }).first(),
        inline: true,
      },
    ],
  },
  {
    path: "/admin/dashboard/fees/plans",
    perState: true,
    dialogs: [{ name: "add", open: (p, d) => button(p, d.fees.plans.add) }],
  },
  {
    path: "/admin/dashboard/results",
    perState: true,
    dialogs: [
      { name: "add", open: (p, d) => button(p, d.results.add) },
      { name: "edit", open: (p, d) => rowButton(p, d.results.actions.edit) },
    ],
  },
  {
    path: "/admin/dashboard/news",
    perState: true,
    dialogs: [
      { name: "add", open: (p, d) => button(p, d.news.admin.add) },
      { name: "edit", open: (p, d) => rowButton(p, d.news.admin.table.edit) },
    ],
  },
  { path: "/admin/dashboard/audit-log", perState: true },
  { path: "/admin/dashboard/guardians", perState: true },
  // The first number of the states: two siblings (the long names in state 3 and up), or "no student" in state 0.
  { path: "/admin/dashboard/guardians/+201000000001", perState: true },
  { path: "/admin/dashboard/course-selections", perState: true },
  {
    path: "/admin/dashboard/course-selections/subjects",
    perState: true,
    dialogs: [
      { name: "add", open: (p, d) => button(p, d.courseSelection.subjects.add) },
      { name: "edit", open: (p, d) => rowButton(p, d.courseSelection.common.edit) },
    ],
  },
  {
    path: "/admin/dashboard/course-selections/teachers",
    perState: true,
    dialogs: [
      { name: "add", open: (p, d) => button(p, d.courseSelection.teachers.add) },
      { name: "edit", open: (p, d) => rowButton(p, d.courseSelection.common.edit) },
    ],
  },
  {
    path: "/admin/dashboard/course-selections/periods",
    perState: true,
    dialogs: [
      { name: "add", open: (p, d) => button(p, d.courseSelection.periods.add) },
      { name: "edit", open: (p, d) => rowButton(p, d.courseSelection.common.edit) },
    ],
  },
  // The per-grade screens show local demo data, whatever the school's state.
  { path: "/admin/dashboard/students/grade-1", perState: false },
  { path: "/admin/dashboard/fees/grade-6", perState: false },
  {
    path: "/admin/dashboard/results/grade-12",
    perState: false,
    dialogs: [
      { name: "add", open: (p, d) => button(p, d.gradeDemo.results.add) },
      { name: "edit", open: (p, d) => rowButton(p, d.gradeDemo.results.actions.edit) },
    ],
  },
];
