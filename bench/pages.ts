/**
 * Benchmark 4, pages: per route, the JavaScript of a cold first load in Chromium — every script response
 * after the load event until 2 s pass without a new one, counted in bytes as transferred (`wrangler dev` serves
 * them gzip-encoded; Playwright's `responseBodySize`), with zlib level-9 gzip of the bodies as a cross-check — and
 * for the public routes LCP, CLS and TBT as the median of 3 Lighthouse mobile runs (Lighthouse 13's default config:
 * mobile emulation, simulated slow 4G and 4× CPU). Admin routes get the bench admin's token in localStorage and are
 * measured for JS only. /admin/login needs no token and is held to the public targets. For information (no target),
 * each public route is also loaded 3 times under real slow-4G and 4× CPU throttling: the browser's own LCP, and
 * when the page finished hydrating (what loading modules after the first paint costs; docs/decisions/0016).
 */
import { gzipSync } from "node:zlib";
import lighthouse from "lighthouse";
import type { Browser } from "playwright-core";
import { FULL_CHROMIUM, launchBrowser } from "../test/support/browser";
import { TOKEN_EXPIRES_KEY, TOKEN_KEY } from "../web/lib/auth-storage";
import { freePort } from "../scripts/lib/sqld";
import type { BenchServer } from "./lib/server";
import { adminToken } from "./lib/server";
import { median } from "./lib/load";
import { fig, type BenchResult, type Figure } from "./lib/report";
import { KEEP_NAMES_SHIM } from "./lib/students-page";

const PUBLIC = ["/", "/results", "/current-students", "/base-url-config", "/admin/login"];
const ADMIN = [
  "/admin/dashboard",
  "/admin/dashboard/students",
  "/admin/dashboard/fees",
  "/admin/dashboard/results",
  "/admin/dashboard/news",
  "/admin/dashboard/course-selections",
];
const LIGHTHOUSE_RUNS = 3;

interface JsFigures {
  files: number;
  /** Bytes on the wire as served (Content-Encoding as sent: `wrangler dev` gzips), in KB. */
  transferredKb: number;
  rawKb: number;
  /** The same bodies gzipped here with zlib level 9, in KB (a cross-check independent of the server). */
  gzip9Kb: number;
  /** Content-Encoding values the server sent for scripts ("identity" when none). */
  encodings: string[];
  /** The five largest scripts: path and KB as served. */
  largest: Array<{ path: string; kb: number }>;
}

/** Loads `url` in a fresh context (cold cache) and sums the script responses of the first load. */
async function javascriptOf(browser: Browser, url: string, token: string | null): Promise<JsFigures> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    await context.addInitScript(KEEP_NAMES_SHIM);
    if (token) {
      await context.addInitScript(
        ([t, k, e]) => {
          try {
            localStorage.setItem(k!, t!);
            localStorage.setItem(e!, String(Date.now() + 7_200_000));
          } catch {
            /* about:blank */
          }
        },
        [token, TOKEN_KEY, TOKEN_EXPIRES_KEY],
      );
    }
    const page = await context.newPage();
    const bodies: Array<Promise<{ path: string; wire: number; raw: number; gzip: number; encoding: string }>> = [];
    let lastScriptAt = Date.now();
    page.on("response", (res) => {
      const isScript = res.request().resourceType() === "script" || /\.m?js(\?|$)/.test(new URL(res.url()).pathname);
      if (!isScript || res.status() !== 200) return;
      lastScriptAt = Date.now();
      bodies.push(
        Promise.all([res.body(), res.request().sizes()]).then(([b, sizes]) => ({
          path: new URL(res.url()).pathname,
          wire: sizes.responseBodySize,
          raw: b.length,
          gzip: gzipSync(b, { level: 9 }).length,
          encoding: res.headers()["content-encoding"] ?? "identity",
        })),
      );
    });
    // Not "networkidle": admin pages hold a live-event stream open. Load, then 2 s without a new script (max 30 s).
    await page.goto(url, { waitUntil: "load", timeout: 120_000 });
    for (const end = Date.now() + 30_000; Date.now() - lastScriptAt < 2000 && Date.now() < end; )
      await page.waitForTimeout(250);
    const files = await Promise.all(bodies);
    const kb = (key: "wire" | "raw" | "gzip") => files.reduce((n, f) => n + f[key], 0) / 1024;
    return {
      files: files.length,
      transferredKb: kb("wire"),
      rawKb: kb("raw"),
      gzip9Kb: kb("gzip"),
      encodings: [...new Set(files.map((f) => f.encoding))],
      largest: files
        .sort((a, b) => b.wire - a.wire)
        .slice(0, 5)
        .map((f) => ({ path: f.path, kb: Math.round(f.wire / 102.4) / 10 })),
    };
  } finally {
    await context.close();
  }
}

interface Vitals {
  lcpMs: number;
  cls: number;
  tbtMs: number;
  performanceScore: number;
  /** LCP in the unthrottled page load Lighthouse observes (ms); its simulation counts what finished before it. */
  observedLcpMs: number;
  /** KB (as transferred) of the requests that finished before the observed LCP: what the simulated LCP must load. */
  kbBeforeLcp: number;
  /** The LCP element's HTML snippet, as Lighthouse reports it. */
  lcpElement: string | null;
  /** Lighthouse "bootup-time": the three scripts with the most main-thread time (ms, simulated). */
  heaviestScripts: Array<{ url: string; ms: number }>;
}

/** The first DOM snippet in whichever LCP audit this Lighthouse version has (names moved between versions). */
function lcpSnippet(audits: Record<string, { details?: unknown }>): string | null {
  for (const id of ["largest-contentful-paint-element", "lcp-breakdown-insight", "lcp-discovery-insight"]) {
    const m = /"snippet":"((?:[^"\\]|\\.)*)"/.exec(JSON.stringify(audits[id]?.details ?? null));
    if (m) return JSON.parse(`"${m[1]}"`) as string;
  }
  return null;
}

/** One Lighthouse mobile navigation run (performance category only) against a Chromium on `port`. */
async function lighthouseRun(url: string, port: number): Promise<Vitals> {
  const result = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { audits, categories, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`Lighthouse ${url}: ${runtimeError.code} ${runtimeError.message}`);
  const observedLcpMs =
    (audits.metrics?.details as { items?: Array<{ observedLargestContentfulPaint?: number }> } | undefined)?.items?.[0]
      ?.observedLargestContentfulPaint ?? NaN;
  const requests =
    (
      audits["network-requests"]?.details as
        | { items?: Array<{ networkEndTime: number; transferSize: number }> }
        | undefined
    )?.items ?? [];
  return {
    observedLcpMs,
    kbBeforeLcp:
      Math.round(
        requests.filter((r) => r.networkEndTime <= observedLcpMs).reduce((n, r) => n + r.transferSize, 0) / 102.4,
      ) / 10,
    lcpMs: audits["largest-contentful-paint"]!.numericValue!,
    cls: audits["cumulative-layout-shift"]!.numericValue!,
    tbtMs: audits["total-blocking-time"]!.numericValue!,
    performanceScore: Math.round((categories.performance?.score ?? 0) * 100),
    lcpElement: lcpSnippet(audits),
    heaviestScripts: (
      (audits["bootup-time"]?.details as { items?: Array<{ url: string; total: number }> } | undefined)?.items ?? []
    )
      .slice(0, 3)
      .map((i) => ({ url: i.url.replace(/^https?:\/\/[^/]+/, ""), ms: Math.round(i.total) })),
  };
}

/** Slow 4G as Lighthouse simulates it, applied for real (CDP): 150 ms latency, 1.6 Mbps down, 750 Kbps up. */
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

/**
 * One cold load of `url` under real slow-4G and 4× CPU throttling at 412 px: FCP, LCP (the browser's own entries)
 * and when React Router finished hydrating (its router initialised), in ms from navigation start. This is what
 * public pages pay for loading their modules after the first paint (docs/decisions/0016).
 */
async function throttledLoad(
  browser: Browser,
  url: string,
): Promise<{ fcpMs: number; lcpMs: number; hydratedMs: number }> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.addInitScript(() => {
      const w = window as unknown as { __benchLcp: number };
      w.__benchLcp = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__benchLcp = e.startTime;
      }).observe({
        type: "largest-contentful-paint",
        buffered: true,
      });
    });
    await page.goto(url, { waitUntil: "commit" });
    type RouterWindow = { __reactRouterDataRouter?: { state: { initialized: boolean } } };
    await page.waitForFunction(
      () => (window as unknown as RouterWindow).__reactRouterDataRouter?.state.initialized === true,
      null,
      { timeout: 60_000, polling: 20 },
    );
    const hydratedMs = await page.evaluate(() => performance.now());
    await page.waitForTimeout(500);
    const paint = await page.evaluate(() => ({
      fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN,
      lcp: (window as unknown as { __benchLcp: number }).__benchLcp,
    }));
    return { fcpMs: paint.fcp, lcpMs: paint.lcp, hydratedMs };
  } finally {
    await context.close();
  }
}

export async function pages(server: BenchServer): Promise<BenchResult> {
  const started = Date.now();
  const token = await adminToken(server.url);
  const js = new Map<string, JsFigures>();
  const throttled = new Map<string, Array<{ fcpMs: number; lcpMs: number; hydratedMs: number }>>();
  const browser = await launchBrowser(FULL_CHROMIUM);
  try {
    for (const route of [...PUBLIC, ...ADMIN])
      js.set(route, await javascriptOf(browser, `${server.url}${route}`, ADMIN.includes(route) ? token : null));
    for (const route of PUBLIC) {
      const runs = [];
      for (let i = 0; i < LIGHTHOUSE_RUNS; i++) runs.push(await throttledLoad(browser, `${server.url}${route}`));
      throttled.set(route, runs);
    }
  } finally {
    await browser.close();
  }

  const vitals = new Map<string, Vitals[]>();
  const port = await freePort();
  const lhBrowser = await launchBrowser(FULL_CHROMIUM, [`--remote-debugging-port=${port}`]);
  try {
    for (const route of PUBLIC) {
      const runs: Vitals[] = [];
      for (let i = 0; i < LIGHTHOUSE_RUNS; i++) runs.push(await lighthouseRun(`${server.url}${route}`, port));
      vitals.set(route, runs);
    }
  } finally {
    await lhBrowser.close();
  }

  const figures: Figure[] = [];
  for (const route of PUBLIC) {
    const runs = vitals.get(route)!;
    figures.push(
      fig(`${route} JS transferred (gzip)`, js.get(route)!.transferredKb, "KB", { op: "<=", value: 150 }),
      fig(`${route} LCP (median of ${LIGHTHOUSE_RUNS})`, median(runs.map((r) => r.lcpMs)), "ms", {
        op: "<=",
        value: 2500,
      }),
      fig(`${route} CLS`, median(runs.map((r) => r.cls)), "", { op: "<=", value: 0.1 }),
      fig(`${route} TBT`, median(runs.map((r) => r.tbtMs)), "ms", { op: "<=", value: 200 }),
      fig(`${route} real slow 4G: LCP`, median(throttled.get(route)!.map((r) => r.lcpMs)), "ms"),
      fig(`${route} real slow 4G: hydrated`, median(throttled.get(route)!.map((r) => r.hydratedMs)), "ms"),
    );
  }
  for (const route of ADMIN)
    figures.push(fig(`${route} JS transferred (gzip)`, js.get(route)!.transferredKb, "KB", { op: "<=", value: 300 }));
  return {
    name: "4 Pages",
    figures,
    errors: [],
    details: {
      javascript: Object.fromEntries(js),
      lighthouse: Object.fromEntries(vitals),
      realSlow4g: Object.fromEntries(throttled),
      method:
        "JS = script responses of a cold load (after the load event, until 2 s without a new script), bytes as transferred (gzip from wrangler dev); gzip9Kb = zlib level 9 cross-check; vitals = Lighthouse 13 default (mobile) config; realSlow4g = CDP throttling (150 ms, 1.6 Mbps, 4x CPU), median of 3 cold loads",
    },
    seconds: (Date.now() - started) / 1000,
  };
}
