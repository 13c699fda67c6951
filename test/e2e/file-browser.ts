/**
 * The browser of one test file: `const browser = fileBrowser();` at the top of the file launches the tests' Chromium
 * before the file's own `beforeAll` hooks (registered after it) and closes it after its `afterAll` hooks; `browser()`
 * is the running browser, for `browser().newContext(…)` or `consolePage(browser(), …)`.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchBrowser } from "../support/browser";

export function fileBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error("fileBrowser(): the browser is not launched yet (call it in a test or hook)");
    return browser;
  };
}
