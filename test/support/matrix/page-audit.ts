/**
 * What the state matrix checks on a page, and how it knows the page is ready to be checked:
 * - failures collected while the page lives: uncaught page errors, console errors (but not the browser's own
 *   "Failed to load resource" line for a 4xx the page expects, e.g. a lookup of an unknown ID), responses ≥ 500
 *   and requests that failed outright;
 * - at each width: no error screen (the root error boundary) and no horizontal overflow of the document;
 * - ready = React Router hydrated and idle, an `h1` on the page, nothing `aria-busy`, no skeleton or spinner, no
 *   font still loading (Cairo loaded, or failed in a fallback-font state), and no API request in flight (event
 *   streams excepted), then fake time run forward so timers (carousel autoplay, debounces, polls) fire before the
 *   checks. Without the font condition a check could measure either font, depending on the machine's speed.
 */
import type { Page, Request } from "playwright-core";
import { cairoInUse } from "../browser";

export const WIDTHS = [360, 768, 1366] as const;
export const HEIGHT = 800;
/** How long the page must be without API traffic to count as ready (ms). */
const QUIET_MS = 120;

/** Where a failure happened, e.g. `state=2 en /admin/dashboard/news @768`. */
export type Where = () => string;

/** Collects the failures of one page (a lane of the matrix) with the label of what it is doing. */
export class PageAudit {
  readonly failures: string[] = [];
  /** The page's font files are refused (the state before Cairo arrives); checked on every page. */
  fallbackFonts = false;
  private inflight = new Set<Request>();
  /** When a tracked request last started or ended (ms since epoch). */
  private lastActivity = 0;
  private idleWaiters: Array<() => void> = [];

  constructor(
    readonly page: Page,
    private readonly where: Where,
    private readonly errorTitles: readonly string[],
  ) {
    page.on("pageerror", (err) => this.fail(`page error: ${err.message.split("\n")[0]}`));
    page.on("console", (msg) => {
      if (msg.type() !== "error") return;
      const text = msg.text();
      if (/^Failed to load resource: the server responded with a status of 4\d\d/.test(text)) return;
      this.fail(`console error: ${text.slice(0, 300)}`);
    });
    page.on("response", (res) => {
      if (res.status() >= 500)
        this.fail(`HTTP ${res.status()} ${res.request().method()} ${new URL(res.url()).pathname}`);
    });
    page.on("request", (req) => {
      if (!isTracked(req)) return;
      this.inflight.add(req);
      this.lastActivity = Date.now();
    });
    const done = (req: Request) => {
      if (!this.inflight.delete(req)) return;
      this.lastActivity = Date.now();
      if (this.inflight.size === 0) for (const w of this.idleWaiters.splice(0)) w();
    };
    page.on("requestfinished", done);
    page.on("requestfailed", (req) => {
      done(req);
      const error = req.failure()?.errorText ?? "";
      // A navigation or an unmount cancels what the previous screen was fetching; that is not a failure.
      if (!/ERR_ABORTED|NS_BINDING_ABORTED/.test(error))
        this.fail(`request failed: ${req.method()} ${new URL(req.url()).pathname} ${error}`);
    });
  }

  fail(message: string) {
    this.failures.push(`${this.where()}: ${message}`);
  }

  /** Resolves when no tracked request is in flight. */
  private networkIdle(): Promise<void> {
    return this.inflight.size === 0 ? Promise.resolve() : new Promise((res) => this.idleWaiters.push(res));
  }

  /** Waits until the page is ready (see the file comment); a page that never gets there is a failure. */
  async ready(timeoutMs = 15_000): Promise<boolean> {
    const start = Date.now();
    const deadline = start + timeoutMs;
    for (;;) {
      const left = deadline - Date.now();
      try {
        await this.page.waitForFunction(isSettled, undefined, { timeout: Math.max(1, left), polling: 50 });
        await Promise.race([
          this.networkIdle(),
          new Promise((_, rej) => setTimeout(() => rej(new Error("network")), Math.max(1, deadline - Date.now()))),
        ]);
        // Quiet for QUIET_MS: a screen may start its request in an effect after its first render, and a response
        // may start a render that shows a skeleton again.
        const quietFor = Date.now() - Math.max(this.lastActivity, start);
        if (quietFor < QUIET_MS) await new Promise((r) => setTimeout(r, QUIET_MS - quietFor));
        else if (this.inflight.size === 0 && (await this.page.evaluate(isSettled))) return true;
      } catch {
        const state = await this.page.evaluate(describeUnsettled).catch(() => "closed");
        this.fail(
          `not ready after ${timeoutMs} ms (${state}; ${this.inflight.size} API requests in flight: ${[...this.inflight].map((r) => new URL(r.url()).pathname).join(", ")})`,
        );
        return false;
      }
    }
  }

  /** Jumps fake time forward so timers due in the next `ms` fire (once each) (the context's clock must be installed). */
  async runTimers(ms = 6_000) {
    await this.page.clock.fastForward(ms);
  }

  /** At each width: resize, let layout settle (then `afterResize`, e.g. run timers), check the error screen and overflow. */
  async checkWidths(onWidth?: (width: number) => void, afterResize?: () => Promise<void>) {
    for (const width of WIDTHS) {
      onWidth?.(width);
      if (this.page.viewportSize()?.width !== width) await this.page.setViewportSize({ width, height: HEIGHT });
      await this.page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      await afterResize?.();
      await this.checkNow();
    }
  }

  /** The error-screen and overflow checks at the current width. */
  async checkNow() {
    const found = await this.page.evaluate(inspect, this.errorTitles);
    if (found.errorScreen) this.fail(`error screen: ${found.errorScreen}`);
    const cairo = await cairoInUse(this.page);
    if (cairo === this.fallbackFonts) this.fail(`Cairo ${cairo ? "loaded in a fallback-font state" : "not loaded"}`);
    if (found.overflow)
      this.fail(
        `horizontal overflow: document ${found.overflow.scrollWidth} px > window ${found.overflow.innerWidth} px; widest: ${found.overflow.culprits.join(" | ")}`,
      );
  }
}

/** API requests the page waits for; event streams stay open for as long as the page lives. */
function isTracked(req: Request): boolean {
  const url = req.url();
  return url.includes("/api/") && !/\/events(\/stream)?(\?|$)/.test(url) && req.resourceType() !== "eventsource";
}

/** In the page: hydrated, idle, a heading, nothing loading. */
function isSettled(): boolean {
  const router = (
    window as unknown as {
      __reactRouterDataRouter?: { state: { initialized: boolean; navigation: { state: string } } };
    }
  ).__reactRouterDataRouter;
  if (!router?.state.initialized || router.state.navigation.state !== "idle") return false;
  if (!document.querySelector("h1") || document.fonts.status !== "loaded") return false;
  return !document.querySelector('[aria-busy="true"], [data-slot="skeleton"], svg[role="status"].animate-spin');
}

/** In the page: why it is not settled (for the failure message). */
function describeUnsettled(): string {
  const router = (
    window as unknown as {
      __reactRouterDataRouter?: { state: { initialized: boolean; navigation: { state: string } } };
    }
  ).__reactRouterDataRouter;
  const busy = [
    ...document.querySelectorAll('[aria-busy="true"], [data-slot="skeleton"], svg[role="status"].animate-spin'),
  ]
    .slice(0, 3)
    .map((e) => `${e.tagName.toLowerCase()}.${String(e.getAttribute("class")).slice(0, 40)}`);
  return `router ${router ? `${router.state.initialized ? "initialized" : "not initialized"}, ${router.state.navigation.state}` : "absent"}; h1 ${document.querySelector("h1") ? "present" : "absent"}; fonts ${document.fonts.status}; busy: ${busy.join(", ") || "none"}`;
}

/** In the page: the error boundary's title if shown, and the document's horizontal overflow with its widest causes. */
function inspect(errorTitles: readonly string[]) {
  const alert = [...document.querySelectorAll('[role="alert"] h1, [role="alert"] h2')]
    .map((e) => e.textContent?.trim() ?? "")
    .find((t) => errorTitles.includes(t));
  const { scrollWidth } = document.documentElement;
  const { innerWidth } = window;
  let overflow: { scrollWidth: number; innerWidth: number; culprits: string[] } | null = null;
  if (scrollWidth > innerWidth) {
    const rtl = document.documentElement.dir === "rtl";
    const wide: { el: Element; by: number }[] = [];
    for (const el of document.body.querySelectorAll("*")) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      const by = rtl ? -r.left : r.right - innerWidth;
      if (by > 1) wide.push({ el, by });
    }
    // The outermost elements that stick out (their children usually stick out with them).
    const outer = wide.filter((w) => !wide.some((o) => o.el !== w.el && o.el.contains(w.el) && o.by >= w.by - 1));
    const name = (el: Element) => {
      const id = el.id ? `#${el.id}` : "";
      const cls = (el.getAttribute("class") ?? "").split(/\s+/).filter(Boolean).slice(0, 4).join(".");
      return `${el.tagName.toLowerCase()}${id}${cls ? `.${cls}` : ""} "${(el.textContent ?? "").trim().slice(0, 30)}"`;
    };
    overflow = {
      scrollWidth,
      innerWidth,
      culprits: outer
        .sort((a, b) => b.by - a.by)
        .slice(0, 3)
        .map((w) => `${name(w.el)} +${Math.round(w.by)}px`),
    };
  }
  return { errorScreen: alert ?? null, overflow };
}
