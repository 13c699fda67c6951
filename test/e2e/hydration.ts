/**
 * Waiting for the app, not for its scripts: `__reactRouterRouteModules` exists as soon as the boot module has run,
 * before React has hydrated and attached the page's listeners; a scroll or key sent in between is lost. The root
 * layout marks `<html>` once its first effects have run (web/root.tsx HYDRATED_MARK).
 */
import type { Page } from "playwright-core";

/** Resolves once `page` has hydrated (its first render's effects have run); Playwright's default timeout. */
export async function hydrated(page: Page): Promise<void> {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}
