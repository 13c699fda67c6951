/** playwright-core driving Debian's Chromium (never a downloaded browser; docs/decisions/0003-testing.md). */
import { chromium, type Browser } from "playwright-core";

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

/** Launches `executablePath` (the tests' headless shell unless told otherwise) with CHROMIUM_ARGS and `extraArgs`. */
export function launchBrowser(executablePath = TEST_CHROMIUM, extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath, args: [...CHROMIUM_ARGS, ...extraArgs] });
}
