/** playwright-core driving Debian's Chromium (never a downloaded browser; docs/decisions/0003-testing.md). */
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";

const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  // The headless shell hints glyphs to whole pixels unless told not to, which widens text: a desktop table that fits
  // in Chromium (and in a person's browser) then moved a column under the name. Full Chromium lays out the same either way.
  "--font-render-hinting=none",
];

/**
 * The tests' browser: Debian's `chromium-headless-shell`, the same Blink and V8 as `chromium` without the desktop
 * browser around them (what Playwright itself runs headless). The browser tests took about a third less time with it
 * (docs/decisions/0027-headless-shell-for-browser-tests.md). `CHROMIUM_PATH` overrides both this and FULL_CHROMIUM.
 */
export const TEST_CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";

/** Full Chromium, for the benchmarks: they measure what a person's browser does. */
export const FULL_CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * The user agent of a person's Chrome of `browser`'s version, for a context that must get what people get: the
 * server treats "HeadlessChrome" as a bot and answers a bot only once every streamed figure is ready
 * (web/entry.server.tsx), so a headless user agent sees neither the streamed page nor its hydration.
 */
export function personUserAgent(browser: Browser): string {
  const major = browser.version().split(".")[0];
  return `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Safari/537.36`;
}

/** Launches `executablePath` (the tests' headless shell unless told otherwise) with CHROMIUM_ARGS and `extraArgs`. */
export function launchBrowser(executablePath = TEST_CHROMIUM, extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

/**
 * Resolves once every font the page has asked for is loaded or failed (`document.fonts.ready`). Layout checks wait
 * for it, so they measure Cairo and not, on a slow machine, the fallback font shown before it arrives.
 */
export async function fontsSettled(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** The self-hosted font files (woff2, and the woff a browser falls back to when woff2 fails). */
const FONT_FILES = /\.woff2?(\?|$)/;

/**
 * Answers 404 for every font file of `context`: its pages show what a phone shows before Cairo arrives (wider Latin
 * letters and digits). Routing also turns the HTTP cache off, so no page gets Cairo from earlier loads. Resolves to
 * a function that lets the fonts through again.
 */
export async function refuseFonts(context: BrowserContext): Promise<() => Promise<void>> {
  await context.route(FONT_FILES, (route) => route.fulfill({ status: 404 }));
  return () => context.unroute(FONT_FILES);
}

/** Whether any face of Cairo is loaded in `page` (false while only the fallback font shows). */
export function cairoInUse(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    [...document.fonts].some((f) => f.family.replace(/"/g, "") === "Cairo" && f.status === "loaded"),
  );
}

/**
 * Collects `page`'s uncaught errors and console errors, except console messages matching `ignore` (e.g. the 404s of
 * refused font files). The returned array fills as they happen.
 */
export function watchErrors(page: Page, ignore?: RegExp): string[] {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error" && !ignore?.test(m.text())) errors.push(`console: ${m.text()}`);
  });
  return errors;
}
