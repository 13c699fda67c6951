/**
 * `/api/auth`: login, logout, update-password, me (docs/product.md#admin-sign-in, #staff-and-roles). Login also sets the console's HttpOnly
 * session cookie (worker/lib/session-cookie.ts) and logout clears it; the API itself reads only the bearer token.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { guarded } from "../route-permission";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { ApiError } from "../errors";
import { clearSessionCookie, setSessionCookie } from "../lib/session-cookie";
import { clientOf } from "../middleware/rate-limit";
import { createApi, errors, json } from "../openapi";
import { login, logout, TOKEN_TTL_MS, updatePassword } from "../services/auth";
import { closeStreams } from "../services/events";
import { meOf } from "../services/staff";
import { meJsonSchema } from "../contracts/staff";
import { loginJsonSchema, loginSchema, messageJsonSchema, updatePasswordSchema } from "../contracts/auth";

const tags = ["Auth"];

/**
 * Sign-in attempts one client address may send per minute (wrangler.toml `LOGIN_LIMITER`), counted by the Workers
 * rate-limit binding before anything reaches the database: a client over it costs no database write. Far above what
 * an office needs (the database lock allows 5 wrong passwords per 15 minutes per username and address).
 */
export const LOGIN_ATTEMPTS_PER_MINUTE = 30;

async function admitLoginRate(c: Context<AppEnv>): Promise<void> {
  if (c.env.BENCH_DISABLE_RATE_LIMIT === "1") return;
  const { success } = await c.env.LOGIN_LIMITER.limit({ key: `login:${clientOf(c)}` });
  if (!success) throw new ApiError("LOGIN_LOCKED", { retryAfter: 60 });
}

const loginRoute = createRoute({
  method: "post",
  path: "/login",
  tags,
  summary: "Sign in; returns a 2-hour bearer token",
  description:
    "401 INVALID_CREDENTIALS for an unknown username and a wrong password alike. Every attempt is counted before the password is checked: 429 LOGIN_LOCKED with Retry-After after 5 per 15 minutes from one address (50 per username from addresses it has not signed in from), and after 30 attempts a minute from one address whatever the username (Retry-After: 60, counted without touching the database).",
  request: { body: { required: true, content: { "application/json": { schema: loginSchema } } } },
  responses: { 200: json(loginJsonSchema, "Signed in"), ...errors(400, 401, 429) },
});

const logoutRoute = createRoute(
  guarded("session.own", {
    method: "post",
    path: "/logout",
    tags,
    summary: "Revoke the current token (its live-event streams close)",
    responses: { 200: json(messageJsonSchema, "Signed out"), ...errors(401) },
  }),
);

const updatePasswordRoute = createRoute(
  guarded("session.own", {
    method: "put",
    path: "/update-password",
    tags,
    summary: "Change the password; the admin's other tokens stop working",
    description:
      "400 in this order: PASSWORD_FIELDS_REQUIRED, PASSWORD_MISMATCH, PASSWORD_TOO_SHORT, PASSWORD_SAME_AS_OLD, PASSWORD_INCORRECT. Wrong current passwords are counted per session: the 6th within 15 minutes is 429 PASSWORD_CHANGE_LOCKED.",
    request: { body: { required: true, content: { "application/json": { schema: updatePasswordSchema } } } },
    responses: { 200: json(messageJsonSchema, "Password changed"), ...errors(400, 401, 429) },
  }),
);

const meRoute = createRoute(
  guarded("session.own", {
    method: "get",
    path: "/me",
    tags,
    summary: "Who is signed in: role, permissions, a teacher's assignments",
    description: "Also answers a token whose password is temporary (must_change_password: true).",
    responses: { 200: json(z.object({ staff: meJsonSchema }), "The signed-in person"), ...errors(401) },
  }),
);

export const authApi = createApi()
  .openapi(loginRoute, async (c) => {
    const { username, password } = c.req.valid("json");
    await admitLoginRate(c);
    const db = c.get("db");
    const result = await login(db, username, password, c.env.PASSWORD_PEPPER, new Date(), clientOf(c));
    setSessionCookie(c, result.token, TOKEN_TTL_MS);
    return c.json(
      {
        token: result.token,
        expiresAt: result.expiresAt,
        message: "Login successful",
        must_change_password: result.actor.mustChangePassword,
        staff: await meOf(db, result.actor),
      },
      200,
    );
  })
  .openapi(meRoute, async (c) => c.json({ staff: await meOf(c.var.ctx.db, c.var.ctx.actor) }, 200))
  .openapi(logoutRoute, async (c) => {
    await logout(c.var.ctx);
    await closeStreams(c.env, [c.var.ctx.actor.sessionId]);
    clearSessionCookie(c);
    return c.json({ message: "Logged out successfully" }, 200);
  })
  .openapi(updatePasswordRoute, async (c) => {
    const { oldPassword, newPassword } = c.req.valid("json");
    const revoked = await updatePassword(c.var.ctx, oldPassword, newPassword, c.env.PASSWORD_PEPPER);
    await closeStreams(c.env, revoked);
    return c.json({ message: "Password updated successfully!" }, 200);
  });
