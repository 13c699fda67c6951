/**
 * The Reports page's "usable" time at 4× CPU throttling (docs/product.md#reports; bench/README.md "Reports"): a cold
 * load of `/admin/dashboard/reports` from the built app as the benchmark server serves it (the production build under
 * `wrangler dev`, never a dev server), in Chromium with `Emulation.setCPUThrottlingRate` 4, signed in as the bench
 * admin (token and session cookie, as after the sign-in page), Arabic. Usable = the first moment, in ms from
 * navigation start, when all of these hold at once:
 * - React Router has hydrated (its router is initialised: links, the year chooser and the buttons respond);
 * - every one of the six report cards shows its chart drawn (its SVG with at least one mark: a bar or a line) or
 *   says its year has nothing to show;
 * - no report request is still in flight (the figures drawn are the answers, not a skeleton).
 * Measured in the page (a check every animation frame), so the time is the page's own, not the driver's polling.
 */
import type { Browser } from "playwright-core";
import { TOKEN_EXPIRES_KEY, TOKEN_KEY } from "../../web/lib/auth-storage";
import { personUserAgent } from "../../test/support/browser";

export const REPORT_CARDS = ["collection", "overdue", "sources", "messages", "marks", "pass"] as const;

export interface UsableLoad {
  /** ms from navigation start to usable (see the module doc). */
  usableMs: number;
  /** ms from navigation start to the router hydrated. */
  hydratedMs: number;
  /** ms from navigation start to the last card drawn. */
  drawnMs: number;
  /** Script bytes transferred (all script responses up to usable), KB. */
  scriptKb: number;
  /** Report API answers' bodies, KB. */
  apiKb: number;
  /** Long tasks (> 50 ms) up to usable, and their total, ms (throttled). */
  longTasks: number;
  longTaskMs: number;
  /** ms from navigation start to each card drawn. */
  cards: Record<string, number>;
  /** With `profile`: the functions with most self time (throttled ms), "function file:line". */
  top?: Array<{ fn: string; ms: number }>;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/** Self time per function of a CPU profile (samples × interval), largest first. */
function topFunctions(p: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }, n = 25) {
  const byId = new Map(p.nodes.map((x) => [x.id, x]));
  const self = new Map<string, number>();
  p.samples.forEach((id, i) => {
    const f = byId.get(id)!.callFrame;
    const key = `${f.functionName || "(anonymous)"} ${f.url.split("/").pop()}:${f.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (p.timeDeltas[i] ?? 0) / 1000);
  });
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([fn, ms]) => ({ fn, ms: Math.round(ms) }));
}

/** One cold load of the Reports page at `width` px in a fresh context (see the module doc). */
export async function reportsUsable(
  browser: Browser,
  base: string,
  token: string,
  width: number,
  profile = false,
): Promise<UsableLoad> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, userAgent: personUserAgent(browser) });
  try {
    // Signed in as the console signs in: the token in localStorage and the session cookie beside it (ADR 0022).
    await context.addCookies([
      { name: "admin_lang", value: "ar", url: base },
      { name: "admin_session", value: token, url: `${base}/admin`, httpOnly: true, sameSite: "Strict" },
    ]);
    await context.addInitScript(
      ([tk, keys]) => {
        localStorage.setItem(keys!.token, tk as string);
        localStorage.setItem(keys!.expires, String(Date.now() + 3_600_000));
      },
      [token, { token: TOKEN_KEY, expires: TOKEN_EXPIRES_KEY }] as const,
    );
    await context.addInitScript(() => {
      const w = window as unknown as { __long: number[] };
      w.__long = [];
      new PerformanceObserver((l) => {
        for (const e of l.getEntries()) w.__long.push(e.duration);
      }).observe({ type: "longtask", buffered: true });
      // Report requests in flight, counted where the page makes them.
      const pending = window as unknown as { __pending: number };
      pending.__pending = 0;
      const orig = window.fetch.bind(window);
      window.fetch = (input, init) => {
        const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
        if (!url.includes("/api/admin/reports/")) return orig(input, init);
        pending.__pending++;
        return orig(input, init).finally(() => pending.__pending--);
      };
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    if (profile) {
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.start");
    }
    let scriptBytes = 0;
    let apiBytes = 0;
    page.on("response", (res) => {
      const path = new URL(res.url()).pathname;
      // Every sizes() promise handled: a load that ends first closes its context and rejects the ones pending.
      const sizes = res.request().sizes();
      sizes.catch(() => undefined);
      if (res.request().resourceType() === "script" || /\.m?js$/.test(path))
        void sizes.then((s) => (scriptBytes += s.responseBodySize)).catch(() => undefined);
      else if (path.startsWith("/api/admin/reports/"))
        void sizes.then((s) => (apiBytes += s.responseBodySize)).catch(() => undefined);
    });
    await page.goto(`${base}/admin/dashboard/reports`, { waitUntil: "commit" });
    type Probe = { __reactRouterDataRouter?: { state: { initialized: boolean } }; __t?: Record<string, number> };
    await page.waitForFunction(
      (cards) => {
        const w = window as unknown as Probe;
        if (!w.__t) w.__t = {};
        const t = w.__t;
        const now = performance.now();
        if (w.__reactRouterDataRouter?.state.initialized) t.hydrated ??= now;
        const done = cards
          .map((id) => {
            const card = document.getElementById(`report-${id}`);
            if (!card) return false;
            const marks = card.querySelectorAll("svg[data-surface] [data-mark]").length;
            const drawn = marks > 0 || /لا توجد بيانات/.test(card.textContent ?? "");
            const key = `card:${id}`;
            if (drawn && t[key] === undefined) t[key] = now;
            return drawn;
          })
          .every(Boolean);
        if (done) t.drawn ??= now;
        const inFlight = (window as unknown as { __pending: number }).__pending > 0;
        if (t.hydrated !== undefined && done && !inFlight) {
          t.usable ??= now;
          return true;
        }
        return false;
      },
      REPORT_CARDS,
      { polling: "raf", timeout: 120_000 },
    );
    const t = await page.evaluate(() => {
      const w = window as unknown as { __t: Record<string, number>; __long: number[] };
      const long = w.__long.filter((d) => d > 50);
      const cards = Object.fromEntries(
        Object.entries(w.__t)
          .filter(([k]) => k.startsWith("card:"))
          .map(([k, v]) => [k.slice(5), Math.round(v)]),
      );
      return {
        cards,
        usable: w.__t.usable ?? Number.NaN,
        hydrated: w.__t.hydrated ?? Number.NaN,
        drawn: w.__t.drawn ?? Number.NaN,
        longTasks: long.length,
        longTaskMs: long.reduce((a, b) => a + b, 0),
      };
    });
    return {
      usableMs: Math.round(t.usable),
      hydratedMs: Math.round(t.hydrated),
      drawnMs: Math.round(t.drawn),
      scriptKb: Math.round(scriptBytes / 1024),
      apiKb: Math.round(apiBytes / 1024),
      longTasks: t.longTasks,
      longTaskMs: Math.round(t.longTaskMs),
      cards: t.cards,
      ...(profile ? { top: topFunctions((await cdp.send("Profiler.stop")).profile as never) } : {}),
    };
  } finally {
    await context.close();
  }
}
