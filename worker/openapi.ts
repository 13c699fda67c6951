/**
 * The API as OpenAPI routes (@hono/zod-openapi, ADR 0020): each resource declares its routes with `createRoute`
 * (request schemas that validate, response schemas the handlers' answers are type-checked against), so the
 * document at `/api/openapi.json` is generated from the code and cannot drift from it. `/api/docs` renders the same
 * document as one self-contained page (no external scripts, so it passes the CSP).
 */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { ZodType } from "zod";
import type { AppEnv } from "./env";
import { STATUS, type ErrorCode } from "./errors";
import { requireAdmin } from "./middleware/auth";
import { ERROR_TEXT, finishDocument, type MiddlewareAnswer, type Operation } from "./openapi-document";
import { validationHook } from "./validate";

/** A sub-app whose routes are OpenAPI routes; invalid input answers 400 in the error shape (worker/validate.ts). */
export function createApi() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
}

const CODES = Object.keys(STATUS) as [ErrorCode, ...ErrorCode[]];

/**
 * A sub-app of admin routes: `requireAdmin` in front of every route (registered on the app itself, so the chain of
 * `.openapi()` calls keeps its OpenAPI type), which also sets the request context `c.var.ctx` the handlers pass to
 * services (worker/request-context.ts). Each route names its permission with `guarded()`
 * (worker/route-permission.ts), which also gives it `security: bearer` in the document.
 */
export function createAdminApi() {
  const app = createApi();
  app.use(requireAdmin);
  return app;
}

/** The error shape (docs/product.md#api-errors). */
export const errorSchema = z
  .object({
    success: z.literal(false),
    code: z.enum(CODES),
    reason: z.string().describe("Stable name of what went wrong (worker/reasons.ts)"),
    message: z.string(),
    error: z.string(),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    issues: z
      .array(
        z.object({
          path: z.string(),
          reason: z.string(),
          params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
          message: z.string(),
        }),
      )
      .optional(),
  })
  .openapi("Error");

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 503;

/** The error answers of a route, e.g. `...errors(400, 401, 404)`; 503 is added to every route. */
export function errors<S extends ErrorStatus>(...statuses: S[]) {
  const out = {} as Record<
    S | 503,
    { description: string; content: { "application/json": { schema: typeof errorSchema } } }
  >;
  for (const s of [...statuses, 503 as const])
    out[s as S] = { description: ERROR_TEXT[s]!, content: { "application/json": { schema: errorSchema } } };
  return out;
}

/** A JSON answer of a route. */
export const json = <T extends ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

/** The `security` of a route behind `requireAdmin`. */
export const bearer = [{ bearer: [] }];

const INFO = {
  title: "School platform API",
  version: "1.0.0",
  description:
    "Arabic-first school platform. Money in EGP (2 decimals); dates ISO 8601 UTC. Errors: `{success:false, code, reason, message, error}`.",
};

/** The Worker serves the API on its own origin: paths are relative to wherever the document was fetched from. */
const SERVERS = [{ url: "/", description: "The origin serving this document (the Worker: UI and API)" }];

/**
 * The OpenAPI 3.1 document of `api` (the app mounted at /api; paths are given with that prefix), finished with the
 * answers of the app's `middleware` and the rest of worker/openapi-document.ts.
 */
export function openApiDocument(api: OpenAPIHono<AppEnv>, middleware: MiddlewareAnswer[] = []) {
  api.openAPIRegistry.registerComponent("securitySchemes", "bearer", { type: "http", scheme: "bearer" });
  const doc = api.getOpenAPI31Document({ openapi: "3.1.0", info: INFO, servers: SERVERS });
  const paths: Record<string, unknown> = {};
  for (const [path, item] of Object.entries(doc.paths ?? {})) paths[path === "/health" ? path : `/api${path}`] = item;
  return finishDocument({ ...doc, paths }, middleware);
}

const esc = (s: string) =>
  s.replace(/[&<>"]/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[ch]!);

/** A readable HTML page of the document: operations grouped by tag, with their parameters and schemas. */
export function docsPage(doc: ReturnType<typeof openApiDocument>): string {
  const groups = new Map<string, string[]>();
  const schema = (s: unknown) => `<pre>${esc(JSON.stringify(s, null, 2))}</pre>`;
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Operation>>)) {
    for (const [method, op] of Object.entries(item)) {
      const tag = op.tags?.[0] ?? "Other";
      const params = (op.parameters ?? [])
        .map(
          (p) =>
            `<li><code>${esc(p.name)}</code> (${esc(p.in)}${p.required ? ", required" : ""})${p.description ? ` — ${esc(p.description)}` : ""}</li>`,
        )
        .join("");
      const body = op.requestBody?.content?.["application/json"]?.schema;
      const responses = Object.entries(op.responses ?? {})
        .map(
          ([s, r]) =>
            `<li><b>${esc(s)}</b> ${esc(r.description ?? "")}${Number(s) < 400 && r.content?.["application/json"]?.schema ? schema(r.content["application/json"].schema) : ""}</li>`,
        )
        .join("");
      const html = `<details><summary><b class="m ${esc(method)}">${esc(method.toUpperCase())}</b> <code>${esc(path)}</code> — ${esc(op.summary ?? "")}${op.security?.length ? " 🔒" : ""}${op.deprecated ? " (deprecated)" : ""}</summary>
        ${op.description ? `<p>${esc(op.description)}</p>` : ""}${params ? `<p>Parameters</p><ul>${params}</ul>` : ""}${body ? `<p>Body</p>${schema(body)}` : ""}<ul>${responses}</ul></details>`;
      groups.set(tag, [...(groups.get(tag) ?? []), html]);
    }
  }
  const sections = [...groups].map(([tag, ops]) => `<h2>${esc(tag)}</h2>${ops.join("")}`).join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>API docs</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#0f172a}details{border:1px solid #e2e8f0;border-radius:8px;margin:.5rem 0;padding:.5rem .75rem}pre{background:#f8fafc;padding:.75rem;overflow:auto;font-size:12px}.m{display:inline-block;min-width:4.5em}.get{color:#0369a1}.post{color:#15803d}.put{color:#b45309}.delete{color:#b91c1c}</style></head>
<body><h1>${esc(INFO.title)}</h1><p>${esc(INFO.description)} 🔒 = <code>Authorization: Bearer &lt;token&gt;</code>. Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a>.</p>${sections}</body></html>`;
}
