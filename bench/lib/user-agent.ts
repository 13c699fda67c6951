/**
 * The user agent a benchmark's browser context sends: the Chrome a school's office or a family uses, not
 * "HeadlessChrome". The server answers a bot (isbot: "HeadlessChrome" is one) only once every streamed figure is
 * ready (web/entry.server.tsx), so a headless user agent measures the bots' page, not the one people get.
 */
import type { Browser } from "playwright-core";

/** The desktop Chrome user agent of `browser`'s version, e.g. "Mozilla/5.0 (X11; Linux x86_64) … Chrome/156.0.0.0 …". */
export function personUserAgent(browser: Browser): string {
  const major = browser.version().split(".")[0];
  return `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Safari/537.36`;
}
