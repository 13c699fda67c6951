/** `/api/auth`: login, logout, update-password (contract "Auth"). */
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { requireAdmin } from "../middleware/auth";
import { clientOf } from "../middleware/rate-limit";
import { login, logout, updatePassword } from "../services/auth";
import { closeStreams } from "../services/events";
import { validate } from "../validate";
import { loginSchema, updatePasswordSchema } from "./auth.schema";

export const authApi = new Hono<AppEnv>()
  .post("/login", validate("json", loginSchema), async (c) => {
    const { username, password } = c.req.valid("json");
    const result = await login(c.get("db"), username, password, c.env.PASSWORD_PEPPER, new Date(), clientOf(c));
    return c.json({ token: result.token, expiresAt: result.expiresAt, message: "Login successful" });
  })
  .post("/logout", requireAdmin, async (c) => {
    const admin = c.get("admin");
    await logout(c.get("db"), admin, new Date());
    await closeStreams(c.env, [admin.sessionId]);
    return c.json({ message: "Logged out successfully" });
  })
  .put("/update-password", requireAdmin, validate("json", updatePasswordSchema), async (c) => {
    const { oldPassword, newPassword } = c.req.valid("json");
    const revoked = await updatePassword(c.get("db"), c.get("admin"), oldPassword, newPassword, c.env.PASSWORD_PEPPER, new Date(), c.get("requestId"));
    await closeStreams(c.env, revoked);
    return c.json({ message: "Password updated successfully!" });
  });
