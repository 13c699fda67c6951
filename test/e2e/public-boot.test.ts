/**
 * Public pages load their JavaScript after the first paint (web/lib/deferred-boot.server.ts, ADR 0016): the HTML
 * carries no fetching modulepreload and an inert boot module; in Chromium no /assets/ script is requested before
 * the first contentful paint, and the page still hydrates. The console is left as React Router renders it.
 */
import { describe, expect, it } from "vitest";
import { server } from "./server";
import { fileBrowser } from "./file-browser";

const base = server.baseUrl;
const PUBLIC_PAGES = ["/", "/results", "/current-students", "/base-url-config"];
const browser = fileBrowser();

describe("public pages load their modules after the first paint", () => {
  it.each(PUBLIC_PAGES)("%s: the HTML holds the modules back behind one nonce'd boot script", async (path) => {
    const res = await fetch(`${base}${path}`);
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get("Content-Security-Policy") ?? "")?.[1];
    const html = await res.text();
    expect(html).not.toMatch(/<link[^>]*rel="modulepreload"/);
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(html).toMatch(/<link rel="x-deferred-modulepreload" href="\/assets\/entry\.client-[^"]+\.js"/);
    expect(html.match(/<script[^>]*type="text\/x-deferred-module"/g)).toHaveLength(1);
    const boot = [...html.matchAll(/<script nonce="([^"]+)">\(function\(\)\{var done=false/g)];
    expect(boot).toHaveLength(1);
    expect(boot[0]![1]).toBe(nonce);
    // After the deferred module, so it is already in the document when the boot script runs.
    expect(html.indexOf("text/x-deferred-module")).toBeLessThan(boot[0]!.index!);
  });

  it("leaves the console's modules as React Router renders them", async () => {
    const html = await (await fetch(`${base}/admin/login`)).text();
    expect(html).toMatch(/<link[^>]*rel="modulepreload"/);
    expect(html).toMatch(/<script[^>]*type="module"/);
    expect(html).not.toContain("x-deferred");
  });

  it.each(["/", "/results"])(
    "%s in Chromium: no script is fetched before the first contentful paint, then it hydrates",
    async (path) => {
      const context = await browser().newContext({ viewport: { width: 360, height: 740 } });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
      await page.goto(`${base}${path}`);
      await page.waitForFunction(
        () => "__reactRouterRouteModules" in window && document.querySelectorAll('script[type="module"]').length === 1,
      );
      const timing = await page.evaluate(() => ({
        fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
        scripts: performance
          .getEntriesByType("resource")
          .filter((e) => /\/assets\/.+\.js$/.test(new URL(e.name).pathname))
          .map((e) => e.startTime),
      }));
      expect(timing.fcp).not.toBeNull();
      expect(timing.scripts.length).toBeGreaterThan(5);
      expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.fcp!);
      // Hydrated: the page answers a client-side navigation without a document request.
      let documents = 0;
      page.on("request", (r) => r.resourceType() === "document" && documents++);
      await page
        .locator(`a[href="${path === "/" ? "/results" : "/"}"]:visible`)
        .first()
        .click();
      await page.waitForURL(`${base}${path === "/" ? "/results" : "/"}`);
      expect(documents).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
