/**
 * Browser half of benchmark 3: the Students page in Chromium with 4× CPU throttling (CDP
 * `Emulation.setCPUThrottlingRate`). Times are `performance.now()` inside the page (ms since navigation start).
 * - usable: navigation start → the first data row is in the table (cold context each run: empty HTTP cache);
 * - search: a value set on the search box plus an `input` event → the table (rows or the matching count) has
 *   changed and the next frame has run (rAF + a task, i.e. after the browser could paint).
 */
import type { Page } from "playwright-core";
import { FULL_CHROMIUM, launchBrowser, personUserAgent } from "../../test/support/browser";
import { TOKEN_EXPIRES_KEY, TOKEN_KEY } from "../../web/lib/auth-storage";

const ROW = "table tbody tr th[scope=row]";
/** A string (not a function) so tsx leaves it alone. */
export const KEEP_NAMES_SHIM = "globalThis.__name = (fn) => fn;";

/** Installed before any page script: stores the token and records when the first data row appears. */
function initScript({
  token,
  tokenKey,
  expiresKey,
  row,
}: {
  token: string;
  tokenKey: string;
  expiresKey: string;
  row: string;
}) {
  try {
    localStorage.setItem(tokenKey, token);
    localStorage.setItem(expiresKey, String(Date.now() + 7_200_000));
  } catch {
    /* about:blank has no storage */
  }
  const w = window as unknown as { __firstRowAt?: number };
  const observer = new MutationObserver(() => {
    if (w.__firstRowAt === undefined && document.querySelector(row)) {
      w.__firstRowAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** Types `values` one after another into the search box; per value, ms until the table changed and painted. */
async function typeAndTime(
  page: Page,
  values: string[],
): Promise<Array<{ value: string; domMs: number; paintMs: number } | { value: string; unchanged: true }>> {
  return page.evaluate(async (vals) => {
    const input = document.querySelector<HTMLInputElement>("#students-search")!;
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
    const signature = () =>
      `${document.querySelector("table tbody")?.textContent ?? ""}|${input.closest("section")?.textContent ?? ""}`;
    const frame = () => new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    const out = [];
    for (const value of vals) {
      await frame();
      const before = signature();
      const changed = new Promise<number | null>((resolve) => {
        const done = (v: number | null) => {
          observer.disconnect();
          clearTimeout(timer);
          resolve(v);
        };
        const observer = new MutationObserver(() => signature() !== before && done(performance.now()));
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        const timer = setTimeout(() => done(null), 3000);
      });
      const t0 = performance.now();
      setValue.call(input, value);
      input.dispatchEvent(new Event("input", { bubbles: true }));
      const at = await changed;
      if (at === null) {
        out.push({ value, unchanged: true as const });
        continue;
      }
      await frame();
      out.push({ value, domMs: at - t0, paintMs: performance.now() - t0 });
    }
    return out;
  }, values);
}

export interface StudentsPageFigures {
  usableMs: number[];
  keystrokes: Array<{ value: string; domMs: number; paintMs: number }>;
  unchangedKeystrokes: string[];
}

/**
 * Loads `url` (the Students page) `runs` times in fresh contexts and measures when it becomes usable, then types
 * `searchFor` one character at a time in the last one. Throws if the page shows no data row within 60 s.
 */
export async function measureStudentsPage(
  url: string,
  token: string,
  searchFor: string,
  runs = 3,
): Promise<StudentsPageFigures> {
  const browser = await launchBrowser(FULL_CHROMIUM);
  try {
    const usableMs: number[] = [];
    let page: Page | null = null;
    for (let i = 0; i < runs; i++) {
      await page?.context().close();
      const context = await browser.newContext({
        viewport: { width: 1280, height: 900 },
        userAgent: personUserAgent(browser),
      });
      // tsx compiles with keepNames: functions sent to the page call `__name`, which must exist there.
      await context.addInitScript(KEEP_NAMES_SHIM);
      await context.addInitScript(initScript, { token, tokenKey: TOKEN_KEY, expiresKey: TOKEN_EXPIRES_KEY, row: ROW });
      page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
      await page.goto(url, { waitUntil: "commit" });
      await page.locator(ROW).first().waitFor({ timeout: 60_000 });
      usableMs.push(await page.evaluate(() => (window as unknown as { __firstRowAt: number }).__firstRowAt));
    }
    // Not "networkidle": the page holds a live-event stream open. Let it settle, then wait for an idle main thread.
    await page!.waitForTimeout(1000);
    await page!.evaluate(() => new Promise<void>((r) => requestIdleCallback(() => r(), { timeout: 5000 })));
    const prefixes = Array.from(searchFor, (_, i) => searchFor.slice(0, i + 1));
    const typed = await typeAndTime(page!, [...prefixes, ""]);
    return {
      usableMs,
      keystrokes: typed.filter((k): k is { value: string; domMs: number; paintMs: number } => !("unchanged" in k)),
      unchangedKeystrokes: typed.filter((k) => "unchanged" in k).map((k) => k.value),
    };
  } finally {
    await browser.close();
  }
}
