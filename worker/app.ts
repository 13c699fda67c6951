/**
 * The Hono API app: `/health` and `/api/*` (docs/product.md#api-errors, #base-url-override). Middleware order:
 * request id → CORS → no-store → JSON bodies only (415) → body limit → db; then one chained sub-app per resource;
 * JSON 404; one `onError`.
 */
import { Hono } from "hono";
import { createRoute, z } from "@hono/zod-openapi";
import { createApi, docsPage, errorSchema, json, openApiDocument } from "./openapi";
import type { MiddlewareAnswer } from "./openapi-document";
import { bodyLimit } from "hono/body-limit";
import { cors } from "hono/cors";
import type { AppEnv } from "./env";
import { getDb, getProbeDb } from "./db";
import { dbHealth, WRITE_PROBE_MS } from "./services/health";
import { ApiError, errorBody } from "./errors";
import { onError } from "./middleware/error-handler";
import { requireJsonBody } from "./middleware/content-type";
import { requestId } from "./middleware/request-id";
import { authApi } from "./api/auth";
import { studentsApi } from "./api/students";
import { feesApi } from "./api/fees";
import { adminResultsApi } from "./api/results";
import { adminNewsApi, publicNewsApi } from "./api/news";
import { publicResultsApi } from "./api/public-results";
import { adminSelectionApi } from "./api/selection-admin";
import { publicSelectionApi } from "./api/public-selection";
import { auditApi } from "./api/audit";
import { feePlansApi } from "./api/fee-plans";
import { settingsApi } from "./api/settings";
import { importApi } from "./api/import";
import { staffApi } from "./api/staff";
import { messagesApi } from "./api/messages";
import { whatsappWebhookApi } from "./api/whatsapp-webhook";
import { familyAdminApi, familyApi, guardiansApi } from "./api/family";
import { onlinePaymentsApi, paymobCallbackApi } from "./api/online-payments";
import { adminOnlinePaymentsApi } from "./api/online-payments-admin";
import { rolloverApi } from "./api/rollover";
import { academicYearsApi } from "./api/academic-years";
import { reportsApi } from "./api/reports";
import { IMPORT_MAX_BODY_BYTES } from "./contracts/import";

/** Largest accepted request body (bytes) everywhere but the import routes (IMPORT_MAX_BODY_BYTES). */
export const MAX_BODY_BYTES = 1024 * 1024;

const restartsSchema = {
  restarts: z
    .number()
    .int()
    .nullable()
    .openapi({ description: "Restarts of the local database server by its supervisor (0 in production)" }),
  last_restart_at: z.string().nullable().openapi({ description: "ISO 8601 UTC of the last restart" }),
};

const healthRoute = createRoute({
  method: "get",
  path: "/health",
  tags: ["Health"],
  summary: "Liveness and database status, writes included",
  description:
    "200 only when a write transaction commits within 2 s. 503 DATABASE_UNAVAILABLE with Retry-After: 5 when writes fail: `db` is `read_only` if reads still answer, `down` if not.",
  responses: {
    200: json(
      z.object({ status: z.literal("ok"), db: z.literal("ok"), ...restartsSchema }),
      "Up: reads and writes work",
    ),
    503: json(
      errorSchema.extend({ status: z.literal("degraded"), db: z.enum(["read_only", "down"]), ...restartsSchema }),
      "Writes fail (DATABASE_UNAVAILABLE, Retry-After: 5)",
    ),
  },
});

/** `GET /health` (outside `/api`: the base-URL page's Test calls it), never cached. */
const healthApi = createApi().openapi(healthRoute, async (c) => {
  c.header("Cache-Control", "no-store");
  const h = await dbHealth(getProbeDb(c.env, WRITE_PROBE_MS), c.env.LIBSQL_URL);
  const restarts = { restarts: h.restarts, last_restart_at: h.lastRestartAt };
  if (h.db === "ok") return c.json({ status: "ok" as const, db: "ok" as const, ...restarts }, 200);
  c.header("Retry-After", "5");
  return c.json({ ...errorBody("DATABASE_UNAVAILABLE"), status: "degraded" as const, db: h.db, ...restarts }, 503);
});

const api = createApi()
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
  .route("/admin/fee-plans", feePlansApi)
  .route("/admin/settings", settingsApi)
  .route("/admin/import", importApi)
  .route("/admin/staff", staffApi)
  .route("/admin/messages", messagesApi)
  .route("/webhooks/whatsapp", whatsappWebhookApi)
  .route("/family", familyApi)
  .route("/admin/family", familyAdminApi)
  .route("/admin/guardians", guardiansApi)
  .route("/public", onlinePaymentsApi)
  .route("/payments/paymob", paymobCallbackApi)
  .route("/admin/online-payments", adminOnlinePaymentsApi)
  .route("/admin/academic-years", academicYearsApi)
  .route("/admin/rollover", rolloverApi)
  .route("/admin/reports", reportsApi);

// Served at the root, documented with the API (openApiDocument keeps its path as it is).
api.openAPIRegistry.registerPath(healthRoute);

/** The largest request body the route at `path` accepts (bytes): the body limit below and the document's 413. */
const maxBodyBytes = (path: string) => (path.startsWith("/api/admin/import/") ? IMPORT_MAX_BODY_BYTES : MAX_BODY_BYTES);
/** Methods whose requests carry a body (workerd refuses a body on GET and HEAD), so reach the two body checks. */
const carriesBody = (method: string) => method !== "get" && method !== "head";

/** What the `/api/*` middleware below answers by itself, for the document (its test sends each to every operation). */
const MIDDLEWARE_ANSWERS: MiddlewareAnswer[] = [
  {
    status: 413,
    describe: ({ path, method }) =>
      path.startsWith("/api/") && carriesBody(method)
        ? `Request body over ${maxBodyBytes(path)} bytes (PAYLOAD_TOO_LARGE)`
        : null,
  },
  {
    status: 415,
    describe: ({ path, method }) =>
      path.startsWith("/api/") && carriesBody(method)
        ? "A body whose Content-Type is not application/json (UNSUPPORTED_MEDIA_TYPE)"
        : null,
  },
];

// Generated once per isolate, the page with it: the routes do not change while it lives.
let document: ReturnType<typeof openApiDocument> | undefined;
let docsHtml: string | undefined;
const apiDocument = () => (document ??= openApiDocument(api, MIDDLEWARE_ANSWERS));
api
  .get("/openapi.json", (c) => {
    c.header("Cache-Control", "public, max-age=300");
    return c.json(apiDocument());
  })
  .get("/docs", (c) => {
    c.header("Cache-Control", "public, max-age=300");
    docsHtml ??= docsPage(apiDocument());
    return c.html(docsHtml);
  });

const payloadTooLarge = (): never => {
  throw new ApiError("PAYLOAD_TOO_LARGE");
};
const bodyLimitOf1Mb = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: payloadTooLarge });
const importBodyLimit = bodyLimit({ maxSize: IMPORT_MAX_BODY_BYTES, onError: payloadTooLarge });

/** Response headers a cross-origin caller may read (Access-Control-Expose-Headers). */
const EXPOSE_HEADERS = "Retry-After";

/** The CORS middleware for a `CORS_ORIGINS` value, built once per isolate like the body limits (the value is fixed per deployment). */
let corsCache: { origins: string; handler: ReturnType<typeof cors> } | null = null;
function corsFor(origins: string): ReturnType<typeof cors> {
  if (corsCache?.origins !== origins) {
    const allowed = origins
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    const handler = cors({
      origin: (origin) => (allowed.includes(origin) ? origin : null),
      allowHeaders: ["Authorization", "Content-Type", "Idempotency-Key"],
      // No `exposeHeaders`: Hono's cors sets it through `c.res`, which builds a Response before the handler runs,
      // and the handler's answer is then copied into yet another one (two extra Responses and a header copy on every
      // /api request). It is set as a prepared header below instead (EXPOSE_HEADERS).
      allowMethods: ["GET", "POST", "PUT", "DELETE", "OPTIONS"],
      maxAge: 600,
    });
    corsCache = { origins, handler };
  }
  return corsCache.handler;
}

export const app = new Hono<AppEnv>()
  .use(requestId)
  .use("/api/*", (c, next) => {
    // The console reads how long a 429 asks it to wait (login lockout), also from another origin. Set on every /api
    // answer (preflights included) as cors's `exposeHeaders` did, but as a prepared header: no early Response.
    c.header("Access-Control-Expose-Headers", EXPOSE_HEADERS);
    return corsFor(c.env.CORS_ORIGINS ?? "")(c, next);
  })
  .use("/api/*", async (c, next) => {
    await next();
    if (!c.res.headers.has("Cache-Control")) c.header("Cache-Control", "no-store");
    c.header("X-Content-Type-Options", "nosniff");
  })
  .use("/api/*", requireJsonBody)
  // The bulk import takes up to 5,000 rows (docs/product.md#bulk-import); every other route keeps 1 MB.
  .use("/api/*", (c, next) =>
    (maxBodyBytes(c.req.path) === IMPORT_MAX_BODY_BYTES ? importBodyLimit : bodyLimitOf1Mb)(c, next),
  )
  .use(async (c, next) => {
    c.set("db", getDb(c.env));
    await next();
  })
  .route("/", healthApi)
  .route("/api", api)
  .all("/api/*", () => {
    throw new ApiError("ROUTE_NOT_FOUND");
  })
  .onError(onError);

export type AppType = typeof app;
