/**
 * `/api/auth`: login, logout, update-password (contract "Auth"). Login also sets the console's HttpOnly session
 * cookie (worker/lib/session-cookie.ts) and logout clears it; the API itself reads only the bearer token.
 */
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { clearSessionCookie, setSessionCookie } from "../lib/session-cookie";
import { requireAdmin } from "../middleware/auth";
import { login, logout, TOKEN_TTL_MS, updatePassword } from "../services/auth";
import { validate } from "../validate";
import { loginSchema, updatePasswordSchema } from "./auth.schema";

export const authApi = new Hono<AppEnv>()
  .post("/login", validate("json", loginSchema), async (c) => {
    const { username, password } = c.req.valid("json");
    const result = await login(c.get("db"), username, password, c.env.PASSWORD_PEPPER, new Date());
    setSessionCookie(c, result.token, TOKEN_TTL_MS);
    return c.json({ token: result.token, expiresAt: result.expiresAt, message: "Login successful" });
  })
  .post("/logout", requireAdmin, async (c) => {
    await logout(c.get("db"), c.get("admin"), new Date());
    clearSessionCookie(c);
    return c.json({ message: "Logged out successfully" });
  })
  .put("/update-password", requireAdmin, validate("json", updatePasswordSchema), async (c) => {
    const { oldPassword, newPassword } = c.req.valid("json");
    await updatePassword(c.get("db"), c.get("admin"), oldPassword, newPassword, c.env.PASSWORD_PEPPER, new Date(), c.get("requestId"));
    return c.json({ message: "Password updated successfully!" });
  });
