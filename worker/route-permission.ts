/**
 * How an admin route names the permission it needs (docs/product.md#staff-and-roles, ADR 0035). `guarded(need, route)`
 * adds the bearer security, the check and an `x-permission` entry to the route, so the OpenAPI document lists each
 * operation's permission and test/workers/permissions-matrix.test.ts sends every operation as every role: a route
 * without a permission fails that test.
 */
import type { RouteConfig } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./env";
import { ApiError } from "./errors";
import { requireAdmin } from "./middleware/auth";
import { bearer } from "./openapi";
import { can, type Permission, rolesWith } from "./permissions";

/** What a route needs: one permission, or one chosen by a path parameter's value (the import's kind). */
export type RoutePermission = Permission | { param: string; by: Readonly<Record<string, Permission>> };

/**
 * The permission `need` asks of a request whose path parameters are `params`; unknown values need the first one.
 * Only the map's own keys count: `constructor` or `__proto__` as the value would otherwise find Object's members.
 */
export function permissionFor(need: RoutePermission, params: Record<string, string | undefined>): Permission {
  if (typeof need === "string") return need;
  const value = params[need.param] ?? "";
  return Object.hasOwn(need.by, value) ? need.by[value]! : Object.values(need.by)[0]!;
}

/**
 * The check itself, after `requireAdmin` (worker/middleware/auth.ts) has found the person. A temporary password
 * allows only the person's own session routes (PASSWORD_CHANGE_REQUIRED); a role without the permission is refused
 * with FORBIDDEN_FOR_ROLE. Both are 403 and run before the request is validated: a refused role learns nothing.
 */
export function permit(need: RoutePermission): MiddlewareHandler<AppEnv> {
  return createMiddleware<AppEnv>(async (c, next) => {
    const actor = c.get("actor");
    const permission = permissionFor(need, c.req.param() as Record<string, string>);
    if (actor.mustChangePassword && permission !== "session.own") throw new ApiError("PASSWORD_CHANGE_REQUIRED");
    if (!can(actor.role, permission)) {
      throw new ApiError("FORBIDDEN_FOR_ROLE", { params: { permission } });
    }
    await next();
  });
}

/** The document's `x-permission` of a route: the permission, or `kind=students:students.write, …`. */
function describe(need: RoutePermission): string {
  if (typeof need === "string") return need;
  return Object.entries(need.by)
    .map(([value, p]) => `${need.param}=${value}:${p}`)
    .join(", ");
}

/** The roles that hold `need` (every choice of it), for the document's readers. */
function rolesOf(need: RoutePermission): string[] {
  const ps = typeof need === "string" ? [need] : [...new Set(Object.values(need.by))];
  return [...new Set(ps.flatMap(rolesWith))];
}

/** A route config with its permission: pass the result to `createRoute`. */
export function guarded<
  P extends string,
  R extends Omit<RouteConfig, "path" | "security" | "middleware"> & { path: P },
>(need: RoutePermission, route: R) {
  const middleware: MiddlewareHandler<AppEnv>[] = [requireAdmin, permit(need)];
  return {
    ...route,
    security: bearer,
    // requireAdmin finds the person once per request, also on routes of a sub-app that is not all signed-in.
    middleware,
    "x-permission": describe(need),
    "x-roles": rolesOf(need),
  };
}
