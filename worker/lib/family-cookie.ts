/**
 * The family session cookie (docs/product.md#family-accounts, docs/decisions/0043-family-sign-in.md): `family_session`,
 * HttpOnly, SameSite=Lax, Path=/ (the /family page and /api/family both read it), 30 days, Secure except over plain
 * HTTP on a loopback address (`npm start` at http://127.0.0.1). It is not the console's cookie (`admin_session`, Path
 * /admin) and no staff route reads it; family routes read nothing else.
 */
import type { Context } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import { parse } from "hono/utils/cookie";
import { TOKEN_SHAPE } from "./session-cookie";

export const FAMILY_COOKIE = "family_session";

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

const options = (url: string) => {
  const u = new URL(url);
  const secure = u.protocol === "https:" || !LOOPBACK.has(u.hostname);
  return { path: "/", httpOnly: true, sameSite: "Lax", secure } as const;
};

/** Sets the cookie on the sign-in answer; `maxAgeMs` is the session's lifetime. */
export function setFamilyCookie(c: Context, token: string, maxAgeMs: number): void {
  setCookie(c, FAMILY_COOKIE, token, { ...options(c.req.url), maxAge: Math.floor(maxAgeMs / 1000) });
}

/** Clears the cookie (sign out). */
export function clearFamilyCookie(c: Context): void {
  deleteCookie(c, FAMILY_COOKIE, options(c.req.url));
}

/** The token in the request's family cookie, or null when there is none or it is malformed. */
export function familyTokenOf(request: Request): string | null {
  const value = parse(request.headers.get("Cookie") ?? "", FAMILY_COOKIE)[FAMILY_COOKIE];
  return value && TOKEN_SHAPE.test(value) ? value : null;
}
