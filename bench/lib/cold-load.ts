/**
 * One cold page load in a fresh browser context (empty HTTP cache, no open connection) under a slow link and a slow
 * CPU, as a phone or an old office PC gets it: CDP network throttling (150 ms latency, 1.6 Mbps down, 750 Kbps up:
 * Lighthouse's "slow 4G") and 4× CPU throttling. Figures come from the page's own Resource and Paint Timing, in ms
 * since navigation start:
 * - scripts: every `/assets/*.js` the load fetched (modulepreloads, imports, lazy chunks), its count and bytes as
 *   transferred (`encodedBodySize`: the compressed body, headers excluded), until 2 s pass without a new one;
 * - fcp; hydrated (React Router's router initialised); lastScriptMs (the last script's responseEnd);
 * - firstRowMs when `firstRow` is given: the first matching element in the DOM (a data row of a console table);
 * - protocols and connections the document's origin was served over (a check that HTTP/2 really multiplexed).
 */
import type { Browser } from "playwright-core";
import { TOKEN_EXPIRES_KEY, TOKEN_KEY } from "../../web/lib/auth-storage";
import { KEEP_NAMES_SHIM } from "./students-page";
import { personUserAgent } from "../../test/support/browser";

/** Slow 4G as Lighthouse simulates it, applied for real through CDP. */
export const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
export const CPU_SLOWDOWN = 4;

export interface ColdLoadOptions {
  /**
   * The admin's session token (console pages): put in localStorage, and set as the HttpOnly `admin_session` cookie
   * the way the login response sets it (builds without that cookie ignore it).
   */
  token?: string;
  /** CSS selector whose first appearance is timed (e.g. a data row). */
  firstRow?: string;
  viewport: { width: number; height: number };
}

export interface ColdLoad {
  scripts: number;
  /** Script bodies as transferred, KB. */
  jsKb: number;
  /** Script bodies decoded, KB. */
  jsRawKb: number;
  fcpMs: number;
  hydratedMs: number;
  lastScriptMs: number;
  firstRowMs: number | null;
  /** Protocols of the responses from the page's origin (expected: ["h2"]). */
  protocols: string[];
  /** Distinct connections to the page's origin (expected: 1). */
  connections: number;
  /** The API requests the load made (path and query), in order. */
  api: string[];
}

/** Stores the token and records when `row` first appears (runs before any page script). */
function pageInit({
  token,
  tokenKey,
  expiresKey,
  row,
}: {
  token: string | null;
  tokenKey: string;
  expiresKey: string;
  row: string | null;
}) {
  try {
    if (token) {
      localStorage.setItem(tokenKey, token);
      localStorage.setItem(expiresKey, String(Date.now() + 7_200_000));
    }
  } catch {
    /* about:blank has no storage */
  }
  const w = window as unknown as {
    __firstRowAt?: number;
    __hydratedAt?: number;
    __reactRouterDataRouter?: { state: { initialized: boolean } };
  };
  // Polled in the page (a property read every 20 ms), so the time does not depend on the harness's round trips.
  const poll = setInterval(() => {
    if (w.__reactRouterDataRouter?.state.initialized !== true) return;
    w.__hydratedAt = performance.now();
    clearInterval(poll);
  }, 20);
  if (!row) return;
  const observer = new MutationObserver(() => {
    if (w.__firstRowAt === undefined && document.querySelector(row)) {
      w.__firstRowAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
}

type PageState = {
  scripts: Array<{ name: string; size: number; raw: number; end: number }>;
  fcp: number | null;
  hydrated: number | null;
  firstRow: number | null;
};

/** Loads `url` once, cold and throttled (see the module doc). Throws when the page does not get there in 60 s. */
export async function coldLoad(browser: Browser, url: string, opts: ColdLoadOptions): Promise<ColdLoad> {
  const context = await browser.newContext({
    viewport: opts.viewport,
    ignoreHTTPSErrors: true,
    userAgent: personUserAgent(browser),
  });
  try {
    await context.addInitScript(KEEP_NAMES_SHIM);
    if (opts.token)
      await context.addCookies([
        {
          name: "admin_session",
          value: opts.token,
          url: `${new URL(url).origin}/admin`,
          httpOnly: true,
          secure: url.startsWith("https:"),
          sameSite: "Strict",
        },
      ]);
    await context.addInitScript(pageInit, {
      token: opts.token ?? null,
      tokenKey: TOKEN_KEY,
      expiresKey: TOKEN_EXPIRES_KEY,
      row: opts.firstRow ?? null,
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (err) => errors.push(`page error: ${err.message}`));
    page.on("console", (msg) => msg.type() === "error" && errors.push(`console: ${msg.text()}`));
    const cdp = await context.newCDPSession(page);
    const origin = new URL(url).origin;
    const protocols = new Set<string>();
    const connections = new Set<number>();
    const failures: string[] = [];
    const urls = new Map<string, string>();
    const api: string[] = [];
    cdp.on("Network.requestWillBeSent", ({ requestId, request }) => {
      urls.set(requestId, request.url);
      const u = new URL(request.url);
      if (u.origin === origin && u.pathname.startsWith("/api/")) api.push(u.pathname + u.search);
    });
    const done = new Set<string>();
    cdp.on("Network.loadingFinished", ({ requestId }) => done.add(requestId));
    cdp.on("Network.loadingFailed", ({ requestId, errorText, canceled }) => {
      done.add(requestId);
      if (!canceled) failures.push(`${urls.get(requestId)}: ${errorText}`);
    });
    cdp.on("Network.responseReceived", ({ response }) => {
      if (!response.url.startsWith(origin) || response.fromDiskCache) return;
      protocols.add(response.protocol ?? "?");
      connections.add(response.connectionId);
      if (response.status >= 500) failures.push(`${response.url}: ${response.status}`);
    });
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });

    const navigatedAt = Date.now();
    await page.goto(url, { waitUntil: "commit", timeout: 60_000 });
    const state = () =>
      page.evaluate((): PageState => {
        const w = window as unknown as { __firstRowAt?: number; __hydratedAt?: number };
        const scripts = (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
          .filter((e) => /\/assets\/[^?#]+\.m?js(\?|#|$)/.test(e.name))
          .map((e) => ({
            name: new URL(e.name).pathname,
            size: e.encodedBodySize,
            raw: e.decodedBodySize,
            end: e.responseEnd,
          }));
        return {
          scripts,
          fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
          hydrated: w.__hydratedAt ?? null,
          firstRow: w.__firstRowAt ?? null,
        };
      });

    // Hydrated (and the row shown, if asked), then 2 s without a new script: idle-loaded chunks count too.
    let seen = -1;
    let quietSince = Date.now();
    let last: PageState;
    for (;;) {
      last = await state();
      if (last.scripts.length !== seen) {
        seen = last.scripts.length;
        quietSince = Date.now();
      }
      const ready = last.hydrated !== null && (!opts.firstRow || last.firstRow !== null);
      if (ready && Date.now() - quietSince >= 2000) break;
      if (Date.now() - navigatedAt > 60_000) {
        const pending = [...urls]
          .filter(([id, u]) => !done.has(id) && !u.includes("/events"))
          .map(([, u]) => `pending: ${u}`);
        failures.push(...pending);
        throw new Error(
          `${url}: not ${last.hydrated === null ? "hydrated" : "showing a row"} after 60 s${[...failures, ...errors].map((f) => `; ${f}`).join("")}`,
        );
      }
      await page.waitForTimeout(50);
    }
    const kb = (key: "size" | "raw") => last.scripts.reduce((n, s) => n + s[key], 0) / 1024;
    return {
      scripts: last.scripts.length,
      jsKb: kb("size"),
      jsRawKb: kb("raw"),
      fcpMs: last.fcp ?? NaN,
      hydratedMs: last.hydrated!,
      lastScriptMs: Math.max(0, ...last.scripts.map((s) => s.end)),
      firstRowMs: last.firstRow,
      protocols: [...protocols],
      connections: connections.size,
      api,
    };
  } finally {
    await context.close();
  }
}
