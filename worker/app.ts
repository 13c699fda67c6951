/**
 * The Hono API app: `/health` and `/api/*` (contract "General"). Middleware order: request id → CORS →
 * no-store → body limit → db; then one chained sub-app per resource; JSON 404; one `onError`.
 */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { cors } from "hono/cors";
import { sql } from "drizzle-orm";
import type { AppEnv } from "./env";
import { getDb } from "./db";
import { ApiError, errorBody } from "./errors";
import { onError } from "./middleware/error-handler";
import { authApi } from "./api/auth";
import { studentsApi } from "./api/students";
import { feesApi } from "./api/fees";
import { adminResultsApi } from "./api/results";
import { adminNewsApi, publicNewsApi } from "./api/news";
import { publicResultsApi } from "./api/public-results";
import { adminSelectionApi } from "./api/selection-admin";
import { publicSelectionApi } from "./api/public-selection";
import { auditApi } from "./api/audit";
import { docsPage, openApiDocument } from "./openapi";

/** Largest accepted request body (bytes). */
export const MAX_BODY_BYTES = 1024 * 1024;

const api = new Hono<AppEnv>()
  .route("/auth", authApi)
  .route("/students", studentsApi)
  .route("/fees", feesApi)
  .route("/admin/results", adminResultsApi)
  .route("/admin/news", adminNewsApi)
  .route("/public/news", publicNewsApi)
  .route("/student/results", publicResultsApi)
  .route("/admin/selection", adminSelectionApi)
  .route("/public/selection", publicSelectionApi)
  .route("/admin/audit", auditApi)
  .get("/openapi.json", (c) => {
    c.header("Cache-Control", "public, max-age=300");
    return c.json(openApiDocument());
  })
  .get("/docs", (c) => {
    c.header("Cache-Control", "public, max-age=300");
    return c.html(docsPage());
  });

export const app = new Hono<AppEnv>()
  .use(async (c, next) => {
    const id = c.req.header("X-Request-Id")?.slice(0, 64) || crypto.randomUUID();
    c.set("requestId", id);
    c.header("X-Request-Id", id);
    await next();
  })
  .use("/api/*", (c, next) => {
    const allowed = (c.env.CORS_ORIGINS ?? "").split(",").map((s) => s.trim()).filter(Boolean);
    return cors({
      origin: (origin) => (allowed.includes(origin) ? origin : null),
      allowHeaders: ["Authorization", "Content-Type", "Idempotency-Key"],
      // The console reads how long a 429 asks it to wait (login lockout), also from another origin.
      exposeHeaders: ["Retry-After"],
      allowMethods: ["GET", "POST", "PUT", "DELETE", "OPTIONS"],
      maxAge: 600,
    })(c, next);
  })
  .use("/api/*", async (c, next) => {
    await next();
    if (!c.res.headers.has("Cache-Control")) c.header("Cache-Control", "no-store");
    c.header("X-Content-Type-Options", "nosniff");
  })
  .use(
    "/api/*",
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        throw new ApiError("PAYLOAD_TOO_LARGE", "Request body is too large");
      },
    }),
  )
  .use(async (c, next) => {
    c.set("db", getDb(c.env));
    await next();
  })
  .get("/health", async (c) => {
    c.header("Cache-Control", "no-store");
    try {
      await c.get("db").run(sql`select 1`);
      return c.json({ status: "ok", db: "ok" });
    } catch {
      c.header("Retry-After", "5");
      return c.json({ ...errorBody("SERVICE_UNAVAILABLE", "Database unavailable"), status: "degraded", db: "down" }, 503);
    }
  })
  .route("/api", api)
  .all("/api/*", () => {
    throw new ApiError("NOT_FOUND", "API route not found");
  })
  .onError(onError);

export type AppType = typeof app;
