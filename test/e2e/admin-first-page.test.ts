/**
 * The Students page's first rows on a cold load (docs/decisions/0022). Signed in through the form, the browser
 * holds the HttpOnly session cookie beside the localStorage token, and the first page comes with the HTML: no API
 * request for it. Without the cookie (a token from an older sign-in) the page asks the API as before; with a
 * base-URL override it shows that backend's first page, never this server's. Console HTML is never cached, and
 * the sign-in page clears the cookie.
 */
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { TOKEN_EXPIRES_KEY, TOKEN_KEY } from "../../web/lib/auth-storage";
import { apiClient, ok } from "./admin-api";
import { adminToken, signIn } from "./admin-session";
import { server } from "./server";
import { fileBrowser } from "./file-browser";

const base = server.baseUrl;
const STUDENTS = `${base}/admin/dashboard/students`;
const FIRST_PAGE = "/api/students?page=1&limit=15";
const ROW = "table tbody tr th[scope=row]";
const browser = fileBrowser();
let token: string;

beforeAll(async () => {
  token = await adminToken();
});

const newContext = () => browser().newContext({ viewport: { width: 1366, height: 900 } });

/** Opens the Students page in `context` and returns the page, its document's headers and the API paths it asked. */
async function openStudents(
  context: BrowserContext,
): Promise<{ page: Page; cacheControl: string | undefined; asked: string[] }> {
  const page = await context.newPage();
  const asked: string[] = [];
  page.on("request", (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith("/api/")) asked.push(url.pathname + url.search);
  });
  const res = await page.goto(STUDENTS);
  await page.locator(ROW).first().waitFor();
  return { page, cacheControl: res?.headers()["cache-control"], asked };
}

/** The name in the first row of `GET /api/students?page=1&limit=15` (what the page's first row must show). */
async function firstStudentName(): Promise<string> {
  const { students } = await ok(apiClient(token).api.students.$get({ query: { page: "1", limit: "15" } }));
  return students[0]!.full_name;
}

describe("Students: first page on a cold load", () => {
  it("signed in through the form: the first page comes with the HTML, which is never cached", async () => {
    const context = await newContext();
    await signIn(await context.newPage());
    const cookie = (await context.cookies()).find((c) => c.name === "admin_session");
    expect(cookie).toMatchObject({ httpOnly: true, path: "/admin", sameSite: "Strict" });

    const { page, cacheControl, asked } = await openStudents(context);
    expect(await page.locator(ROW).first().textContent()).toContain(await firstStudentName());
    expect(asked).not.toContain(FIRST_PAGE);
    expect(cacheControl).toBe("no-store");
    // The page is live as before: paging still asks the API.
    const second = page.waitForRequest((req) => req.url().includes("/api/students?page=2"));
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("button", { name: "Page 2" }).click();
    await second;
    await context.close();
  });

  it("with only a stored token (no cookie): the page asks the API for its first page", async () => {
    const context = await newContext();
    await context.addInitScript(
      ([t, k, e]) => {
        localStorage.setItem(k!, t!);
        localStorage.setItem(e!, String(Date.now() + 3_600_000));
      },
      [token, TOKEN_KEY, TOKEN_EXPIRES_KEY],
    );
    const { page, asked } = await openStudents(context);
    expect(asked).toContain(FIRST_PAGE);
    expect(await page.locator(ROW).first().textContent()).toContain(await firstStudentName());
    await context.close();
  });

  it("with a base-URL override: the other backend's first page, not this server's", async () => {
    const context = await newContext();
    await signIn(await context.newPage());
    const other = "https://override.example.test"; // one of the backends the CSP allows (E2E_BACKEND_ORIGINS)
    await context.addInitScript((url) => localStorage.setItem("customBaseUrl", url), other);
    const elsewhere = {
      id: 1,
      student_no: "29901010101010",
      full_name: "Other Backend Student",
      nationality: "Egyptian",
      religion: null,
      current_grade: "Prep-1",
      building_no: 1,
      gender: "male",
      is_active: true,
      created_at: "2026-01-01T00:00:00Z",
      updated_at: "2026-01-01T00:00:00Z",
    };
    const cors = {
      "Access-Control-Allow-Origin": base,
      "Access-Control-Allow-Headers": "Authorization, Content-Type, Accept",
      "Access-Control-Allow-Methods": "GET",
    };
    await context.route(`${other}/**`, (route) => {
      const url = new URL(route.request().url());
      if (route.request().method() === "OPTIONS") return route.fulfill({ status: 204, headers: cors });
      if (url.pathname === "/api/students")
        return route.fulfill({
          json: { students: [elsewhere], pagination: { page: 1, limit: 15, total: 1, totalPages: 1 } },
          headers: cors,
        });
      return route.abort();
    });
    const { page } = await openStudents(context);
    expect(await page.locator(ROW).allTextContents()).toEqual([expect.stringContaining("Other Backend Student")]);
    await context.close();
  });

  it("the sign-in page clears the cookie, also after a logout whose request never reached the server", async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page);
    await context.route("**/api/auth/logout", (route) => route.abort());
    await page.getByRole("button", { name: "Logout" }).click();
    await page.getByText("Are you sure you want to logout?").waitFor();
    await page.getByRole("button", { name: "Yes" }).click();
    await page.waitForURL(`${base}/admin/login`);
    expect((await context.cookies()).find((c) => c.name === "admin_session")).toBeUndefined();
    await context.close();
  });
});
