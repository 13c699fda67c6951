/**
 * Server-only: the admin whose console session cookie came with a page request (docs/decisions/0022), for route
 * loaders that render a console page's first data on the server. The API never uses this: it authenticates by the
 * bearer token alone (worker/middleware/auth.ts). See docs/product.md#admin-sign-in.
 */
import type { Db } from "../../worker/db";
import type { ActingStaff } from "../../worker/env";
import { sessionTokenOf } from "../../worker/lib/session-cookie";
import { findSession } from "../../worker/services/auth";

/**
 * The staff member behind the request's `admin_session` cookie, or null (no cookie, an expired or revoked session, a
 * deactivated account). Callers check the person's role (worker/permissions.ts) before reading anything for them.
 */
export async function cookieAdmin(request: Request, db: Db): Promise<ActingStaff | null> {
  const token = sessionTokenOf(request);
  return token ? findSession(db, token, new Date()) : null;
}
