/**
 * `requireAdmin`: the one gate in front of every admin endpoint (docs/product.md#admin-sign-in). Accepts only
 * `Authorization: Bearer <token>` (never a token in the URL), looks up the SHA-256 of the token, and refuses a missing
 * or malformed token (401 AUTH_REQUIRED) and an unknown, expired or revoked one (401 SESSION_EXPIRED; `params.ended`
 * says why a revoked one ended: deactivated, password_reset or ended). A signed-in
 * request gets `actor` and the request context `ctx` (worker/request-context.ts) that handlers pass to services.
 */
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { ApiError } from "../errors";
import { requestNow } from "../request-clock";
import { findSession, sessionEndOf } from "../services/auth";
import { TOKEN_SHAPE } from "../lib/session-cookie";

export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  // Registered on admin sub-apps and again by each guarded route: the person is looked up once per request.
  if (c.get("actor")) return next();
  const header = c.req.header("Authorization") ?? "";
  const token = /^Bearer\s+(\S+)$/.exec(header.trim())?.[1];
  if (!token || !TOKEN_SHAPE.test(token)) throw new ApiError("AUTH_REQUIRED");
  // Sessions live on the Worker's clock (they were issued by it), never on the test clock.
  const actor = await findSession(c.get("db"), token, new Date());
  if (!actor) {
    // `params.ended` lets the sign-in page say why (deactivated, password reset, ended); expired tokens say nothing.
    const ended = await sessionEndOf(c.get("db"), token);
    throw new ApiError("SESSION_EXPIRED", ended ? { params: { ended } } : {});
  }
  c.set("actor", actor);
  c.set("ctx", { db: c.get("db"), actor, now: requestNow(c), requestId: c.get("requestId") });
  await next();
});
