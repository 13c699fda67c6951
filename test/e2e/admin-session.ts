/**
 * Signing the demo admin in for the browser tests: through the API (a bearer token for setting up and checking
 * data), through the login form, as a person does, or by handing a page the token and the console language (what
 * the console keeps after a sign-in). The password is the one global-setup gave the e2e admin.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { expect, inject } from "vitest";
import { TOKEN_EXPIRES_KEY, TOKEN_KEY } from "../../web/lib/auth-storage";
import { server } from "./server";

const base = () => server.baseUrl;

/** A bearer token from `POST /api/auth/login`. Throws (fails the test) if the login is refused. */
export async function adminToken(): Promise<string> {
  const res = await fetch(`${base()}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: "admin", password: inject("e2eAdminPassword") }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** Logs in through the login form and waits for the dashboard. */
export async function signIn(page: Page): Promise<void> {
  await page.goto(`${base()}/admin/login`);
  await page.getByLabel("Username").fill("admin");
  await page.getByLabel("Password", { exact: true }).fill(inject("e2eAdminPassword"));
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL(`${base()}/admin/dashboard`);
}

/**
 * A browser context already signed in with `token` (the token the console keeps in localStorage), the console in
 * `lang`: a page opened in it starts on any console URL without the login form.
 */
export async function consoleContext(
  browser: Browser,
  token: string,
  lang: "ar" | "en",
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.addCookies([{ name: "admin_lang", value: lang, url: base() }]);
  await context.addInitScript(
    ([tk, keys]) => {
      localStorage.setItem(keys.token, tk);
      localStorage.setItem(keys.expires, String(Date.now() + 3_600_000));
    },
    [token, { token: TOKEN_KEY, expires: TOKEN_EXPIRES_KEY }] as const,
  );
  return context;
}

/** A new page of the console in `lang` at `width` px, already signed in with `token` (no login form). */
export async function consolePage(browser: Browser, token: string, lang: "en" | "ar", width = 1280): Promise<Page> {
  return (await consoleContext(browser, token, lang, { viewport: { width, height: 900 } })).newPage();
}
