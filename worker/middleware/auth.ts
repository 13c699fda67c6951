/**
 * `requireAdmin`: the one gate in front of every admin endpoint. Accepts only `Authorization: Bearer <token>`
 * (never a token in the URL), looks up the SHA-256 of the token, and refuses expired or revoked sessions (401).
 */
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { ApiError, legacyError } from "../errors";
import { findSession } from "../services/auth";

export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header("Authorization") ?? "";
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header.trim());
  if (!match) throw legacyError("UNAUTHORIZED", "Authentication required");
  const admin = await findSession(c.get("db"), match[1]!, new Date());
  if (!admin) throw legacyError("UNAUTHORIZED", "Session expired or invalid. Please login again.");
  c.set("admin", admin);
  await next();
});
