/**
 * The state matrix: every public and admin page of a school that starts empty (the `SEED_DEMO=0` server) and
 * grows through the API to 1, 2, 3 and many items of every entity, with the longest Arabic and English texts
 * each field takes (test/support/matrix/school-states.ts). Each page is loaded once per language per state at
 * 360 px, then resized to 768 and 1366 px, and fails on page errors, console errors, 5xx answers, failed
 * requests, the error screen, and horizontal overflow of the document (test/support/matrix/page-audit.ts). The
 * add/edit dialogs of every list are opened in the last state. Arabic and English run side by side, one page each,
 * reused for every load; fake time (`clock.runFor`) fires timers such as the carousel's autoplay. State 3 runs with
 * every font file refused, as a phone shows the pages before Cairo arrives (wider Latin and digit glyphs); the other
 * states wait for Cairo. Left to timing, a check could see either font: a 4 px overflow of the 360 px dashboard in
 * the fallback font showed only on a slow machine.
 */
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { refuseFonts } from "../support/browser";
import { AdminApi } from "../support/matrix/admin-api";
import { PageAudit, HEIGHT } from "../support/matrix/page-audit";
import { DICTS, PAGES, type Lang, type MatrixPage } from "../support/matrix/pages";
import { type Lookups, type StateName, SchoolBuilder } from "../support/matrix/school-states";
import { server } from "./server";
import { fileBrowser } from "./file-browser";

const base = server.emptyBaseUrl;
const STATES: StateName[] = (process.env.MATRIX_STATES?.split(",") as StateName[] | undefined) ?? [
  "0",
  "1",
  "2",
  "3",
  "many",
];
/** The states shown in the fallback font (the longest texts of items 1-3 are all there in state 3). */
const FALLBACK_FONT_STATES: StateName[] = ["3"];
const LANGS: Lang[] = ["ar", "en"];
const ERROR_TITLES = [DICTS.ar.error.title, DICTS.en.error.title];

/** The public site and the console run in separate lanes, so four pages load at once. */
type Side = "public" | "admin";
const SIDES: Side[] = ["public", "admin"];
const sideOf = (path: string): Side => (path.startsWith("/admin") ? "admin" : "public");

interface Lane {
  lang: Lang;
  side: Side;
  /** The page shows the console (client-side navigation is possible). */
  inConsole: boolean;
  context: BrowserContext;
  audit: PageAudit;
  at: string;
}

const browser = fileBrowser();
let school: SchoolBuilder;
const lanes: Lane[] = [];
const timings: { state: StateName; lang: Lang; what: string; ms: number }[] = [];
const phases: { state: StateName; setupMs: number; pagesMs: number }[] = [];
const steps: { state: StateName; lang: Lang; what: string; ms: number }[] = [];
const step = (state: StateName, lang: Lang, what: string, since: number) =>
  steps.push({ state, lang, what, ms: Date.now() - since });

beforeAll(async () => {
  const api = await AdminApi.login(base, "admin", inject("e2eAdminPassword"));
  school = new SchoolBuilder(api);
  for (const lang of LANGS)
    for (const side of SIDES) {
      const context = await browser().newContext({ viewport: { width: 360, height: HEIGHT } });
      await context.addCookies([
        { name: "lang", value: lang, url: base },
        { name: "admin_lang", value: lang, url: base },
      ]);
      await context.addInitScript(
        ([token, expiresAt]) => {
          localStorage.setItem("adminToken", token);
          localStorage.setItem("adminTokenExpiresAt", String(Date.parse(expiresAt)));
        },
        [api.token, api.expiresAt] as const,
      );
      await context.clock.install();
      const lane: Lane = { lang, side, context, at: "", inConsole: false, audit: null as unknown as PageAudit };
      lane.audit = new PageAudit(await context.newPage(), () => lane.at, ERROR_TITLES);
      lanes.push(lane);
    }
});

afterAll(async () => {
  printTimings();
});

/**
 * Opens `spec` at 360 px: a full load, or for a console page after the first one of the state a client-side
 * navigation (as the office moves through the console; the first load covers the console's server render and
 * hydration). Then its step (a lookup), the checks at every width, and its dialogs when asked. `alsoLoadAt`
 * widths get a full load each, checked at that width.
 */
async function visit(lane: Lane, state: StateName, spec: MatrixPage, lookups: Lookups, withDialogs: boolean) {
  const { audit, lang } = lane;
  const page = audit.page;
  const label = `state=${state} ${lang} ${spec.path}`;
  const t0 = Date.now();
  const admin = spec.path.startsWith("/admin");
  lane.at = `${label} @360 (${admin && lane.inConsole ? "navigation" : "load"})`;
  await page.setViewportSize({ width: 360, height: HEIGHT });
  if (admin && lane.inConsole) {
    await page.evaluate(
      (path) =>
        (
          window as unknown as { __reactRouterDataRouter: { navigate: (p: string) => Promise<void> } }
        ).__reactRouterDataRouter.navigate(path),
      spec.path,
    );
  } else await page.goto(`${base}${spec.path}`, { waitUntil: "commit" });
  const ok = await audit.ready();
  step(state, lang, `${spec.path} open`, t0);
  if (ok) {
    lane.inConsole = admin;
    if (spec.act) {
      lane.at = `${label} @360 (lookup)`;
      await spec.act(page, lang, lookups);
      await audit.ready();
    }
    const tw = Date.now();
    await audit.checkWidths(
      (w) => (lane.at = `${label} @${w}`),
      () => audit.runTimers(),
    );
    step(state, lang, `${spec.path} widths`, tw);
    if (withDialogs) for (const dialog of spec.dialogs ?? []) await openDialog(lane, label, dialog);
  }
  for (const width of spec.alsoLoadAt ?? []) {
    const tl = Date.now();
    lane.at = `${label} @${width} (load)`;
    await page.setViewportSize({ width, height: HEIGHT });
    await page.goto(`${base}${spec.path}`, { waitUntil: "commit" });
    if (!(await audit.ready())) continue;
    lane.inConsole = admin;
    await audit.runTimers();
    await audit.checkNow();
    step(state, lang, `${spec.path} load@${width}`, tl);
  }
  timings.push({ state, lang, what: spec.path, ms: Date.now() - t0 });
}

/** How long a dialog may take to open or close: its code loads on first use, on a machine busy with 4 pages. */
const DIALOG_WAIT_MS = 15_000;

/** Opens one add/edit dialog at 1366 px, checks it at every width, and closes it with Escape. */
async function openDialog(lane: Lane, label: string, dialog: NonNullable<MatrixPage["dialogs"]>[number]) {
  const { audit, lang } = lane;
  const page = audit.page;
  lane.at = `${label} ${dialog.name} dialog (open)`;
  try {
    await (await dialog.open(page, DICTS[lang])).click({ timeout: DIALOG_WAIT_MS });
    if (!dialog.inline) await page.getByRole("dialog").waitFor({ timeout: DIALOG_WAIT_MS });
    await audit.ready();
    await audit.checkWidths((w) => (lane.at = `${label} ${dialog.name} dialog @${w}`));
    await page.keyboard.press("Escape");
    if (!dialog.inline) await page.getByRole("dialog").waitFor({ state: "hidden", timeout: DIALOG_WAIT_MS });
  } catch (err) {
    audit.fail(`could not open/close: ${(err as Error).message.split("\n")[0]}`);
  }
}

async function runLane(lane: Lane, state: StateName, lookups: Lookups) {
  // The data changed since the last state: the first console page of this state is a full load.
  lane.inConsole = false;
  for (const spec of PAGES.filter((p) => sideOf(p.path) === lane.side)) {
    if (spec.perState || state === "0") await visit(lane, state, spec, lookups, state === "many");
  }
  // The once-only pages have their dialogs too: open them in the last state.
  if (state === "many")
    for (const spec of PAGES.filter((p) => !p.perState && p.dialogs && sideOf(p.path) === lane.side))
      await visit(lane, state, spec, lookups, true);
}

/*
 * Each state's limit is about three times its time on a loaded 2-core machine (bench/README.md, "Test suite"): states
 * 0-3 take 20-37 s; "many" grows the school (6-10 s), loads its pages and opens every dialog (55-75 s).
 */
describe("state matrix (empty school → many items, ar + en, 360/768/1366 px)", () => {
  for (const state of STATES) {
    it(`state ${state}`, { timeout: state === "many" ? 240_000 : 120_000 }, async () => {
      const t0 = Date.now();
      const lookups = state === "0" ? { results: [], selection: [] } : await school.grow(state);
      const t1 = Date.now();
      const before = lanes.map((l) => l.audit.failures.length);
      const fallbackFonts = FALLBACK_FONT_STATES.includes(state);
      const restoreFonts: Array<() => Promise<void>> = [];
      for (const lane of lanes) {
        lane.audit.fallbackFonts = fallbackFonts;
        if (fallbackFonts) restoreFonts.push(await refuseFonts(lane.context));
      }
      await Promise.all(lanes.map((lane) => runLane(lane, state, lookups)));
      for (const restore of restoreFonts) await restore();
      phases.push({ state, setupMs: t1 - t0, pagesMs: Date.now() - t1 });
      const failures = lanes.flatMap((l, i) => l.audit.failures.slice(before[i]));
      expect(failures).toEqual([]);
    });
  }
});

function printTimings() {
  const sec = (ms: number) => `${(ms / 1000).toFixed(1)}s`;
  const lines = phases.map((p) => {
    const mine = timings.filter((t) => t.state === p.state);
    const slow = [...mine].sort((a, b) => b.ms - a.ms)[0];
    return `  state ${p.state.padEnd(4)} setup ${sec(p.setupMs).padStart(6)}  pages ${sec(p.pagesMs).padStart(6)}  (${mine.length} loads, slowest ${slow ? `${slow.lang} ${slow.what} ${sec(slow.ms)}` : "-"})`;
  });
  const total = phases.reduce((s, p) => s + p.setupMs + p.pagesMs, 0);
  console.log(`[state matrix] ${sec(total)} in all\n${lines.join("\n")}`);
  if (process.env.MATRIX_PROFILE)
    for (const s of steps) console.log(`[profile] ${s.state} ${s.lang} ${s.what} ${s.ms}`);
}
