/**
 * The console's session cookie (docs/decisions/0022): the opaque token the login returns as the bearer token is
 * also set as a cookie, so that the server can render a console page's first data for the admin who asks for it.
 * - Path=/admin: sent with console pages only, never with /api, so every API endpoint keeps authenticating by the
 *   Authorization header alone (a cookie never authorises a write: no CSRF surface);
 * - HttpOnly (page scripts cannot read it), SameSite=Strict, Secure over HTTPS (not on http://127.0.0.1 locally);
 * - Max-Age = the session's lifetime; logout and every load of the login page clear it, and revoking the session on
 *   the server voids it.
 * See docs/product.md#admin-sign-in ("Session cookie").
 */
import type { Context } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import { parse, serialize } from "hono/utils/cookie";

export const SESSION_COOKIE = "admin_session";
const PATH = "/admin";
/** What `newToken()` makes (base64url); anything else in the cookie is ignored without a database read. */
/** What a session token looks like (base64url, 20-200 characters); anything else is refused before any lookup. */
export const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,200}$/;

const options = (url: string) =>
  ({ path: PATH, httpOnly: true, sameSite: "Strict", secure: new URL(url).protocol === "https:" }) as const;

/** Sets the cookie on the login response; `maxAgeMs` is the session's lifetime in ms. */
export function setSessionCookie(c: Context, token: string, maxAgeMs: number): void {
  setCookie(c, SESSION_COOKIE, token, { ...options(c.req.url), maxAge: Math.floor(maxAgeMs / 1000) });
}

/** Clears the cookie (logout). */
export function clearSessionCookie(c: Context): void {
  deleteCookie(c, SESSION_COOKIE, options(c.req.url));
}

/** A `Set-Cookie` value that clears the cookie, for a response to `url` made outside Hono (a page loader). */
export function clearedSessionCookie(url: string): string {
  return serialize(SESSION_COOKIE, "", { ...options(url), maxAge: 0 });
}

/** The session token in the request's cookie, or null when there is none or it is malformed. */
export function sessionTokenOf(request: Request): string | null {
  const value = parse(request.headers.get("Cookie") ?? "", SESSION_COOKIE)[SESSION_COOKIE];
  return value && TOKEN_SHAPE.test(value) ? value : null;
}
