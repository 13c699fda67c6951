/**
 * The OpenAPI 3.1 document, generated from the same zod schemas the handlers validate with (`z.toJSONSchema`).
 * Each resource module adds its operations to `operations`; `/api/openapi.json` serves the document and
 * `/api/docs` a readable page rendered from it (no external scripts, so it passes the CSP).
 */
import { z, type ZodType } from "zod";
import { loginSchema, updatePasswordSchema } from "./api/auth.schema";

export interface Operation {
  method: "get" | "post" | "put" | "delete";
  path: string;
  tag: string;
  summary: string;
  auth?: boolean;
  body?: ZodType;
  query?: ZodType;
  responses: Record<number, string>;
}

const errorShape = {
  type: "object",
  required: ["success", "code", "message", "error"],
  properties: {
    success: { const: false },
    code: {
      enum: ["VALIDATION_FAILED", "UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND", "CONFLICT", "UNPROCESSABLE", "PAYLOAD_TOO_LARGE", "RATE_LIMITED", "SERVICE_UNAVAILABLE", "INTERNAL"],
    },
    message: { type: "string" },
    error: { type: "string" },
  },
};

export const operations: Operation[] = [
  { method: "get", path: "/health", tag: "Health", summary: "Liveness and database status", responses: { 200: "{status, db}", 503: "Database down" } },
  { method: "post", path: "/api/auth/login", tag: "Auth", summary: "Sign in; returns a 2-hour bearer token", body: loginSchema, responses: { 200: "{token, expiresAt, message}", 401: "Invalid username or password", 429: "Locked after repeated failures" } },
  { method: "post", path: "/api/auth/logout", tag: "Auth", summary: "Revoke the current token", auth: true, responses: { 200: "{message}", 401: "Not signed in" } },
  { method: "put", path: "/api/auth/update-password", tag: "Auth", summary: "Change password; other tokens stop working", auth: true, body: updatePasswordSchema, responses: { 200: "{message}", 400: "Validation (spec §5 texts)", 401: "Not signed in" } },
  { method: "get", path: "/api/students/active/count", tag: "Dashboard", summary: "Active students", auth: true, responses: { 200: "{activeStudents}" } },
  { method: "get", path: "/api/fees/TotalFees", tag: "Dashboard", summary: "Total fees of active students (EGP)", auth: true, responses: { 200: "{totalFees}" } },
  { method: "get", path: "/api/fees/paid-percentage", tag: "Dashboard", summary: "Paid percentage (2 decimals)", auth: true, responses: { 200: "{paidPercentage}" } },
  { method: "get", path: "/api/fees/events/stream", tag: "Live events", summary: "SSE: fees_changed, students_changed, news_updated", auth: true, responses: { 200: "text/event-stream" } },
  { method: "get", path: "/api/students/events", tag: "Live events", summary: "SSE: students_changed", auth: true, responses: { 200: "text/event-stream" } },
  { method: "get", path: "/api/fees/events", tag: "Live events", summary: "SSE: fees_changed", auth: true, responses: { 200: "text/event-stream" } },
];

/** Registers more operations (called at module load by resource modules). */
export function addOperations(ops: Operation[]) {
  operations.push(...ops);
}

const toSchema = (s: ZodType) => z.toJSONSchema(s, { io: "input", unrepresentable: "any" });

function toOpenApiPath(path: string) {
  return path.replace(/:([A-Za-z_]+)/g, "{$1}");
}

export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    const p = toOpenApiPath(op.path);
    const params = [...p.matchAll(/\{([A-Za-z_]+)\}/g)].map((m) => ({ name: m[1], in: "path", required: true, schema: { type: "string" } }));
    const responses: Record<string, unknown> = {};
    for (const [status, description] of Object.entries(op.responses)) {
      responses[status] = Number(status) >= 400
        ? { description, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } }
        : { description };
    }
    (paths[p] ??= {})[op.method] = {
      tags: [op.tag],
      summary: op.summary,
      ...(op.auth ? { security: [{ bearer: [] }] } : {}),
      ...(params.length ? { parameters: params } : {}),
      ...(op.query ? { parameters: [...params, { name: "query", in: "query", style: "form", explode: true, schema: toSchema(op.query) }] } : {}),
      ...(op.body ? { requestBody: { required: true, content: { "application/json": { schema: toSchema(op.body) } } } } : {}),
      responses,
    };
  }
  return {
    openapi: "3.1.0",
    info: { title: "School platform API", version: "1.0.0", description: "Arabic-first school platform. Money in EGP (2 decimals); dates ISO 8601 UTC." },
    components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } }, schemas: { Error: errorShape } },
    paths,
  };
}

const esc = (s: string) => s.replace(/[&<>"]/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[ch]!);

/** A self-contained HTML page listing every operation with its request schema. */
export function docsPage(): string {
  const groups = new Map<string, Operation[]>();
  for (const op of operations) groups.set(op.tag, [...(groups.get(op.tag) ?? []), op]);
  const sections = [...groups].map(([tag, ops]) => `<h2>${esc(tag)}</h2>` + ops.map((op) => `
    <details><summary><b class="m ${op.method}">${op.method.toUpperCase()}</b> <code>${esc(op.path)}</code> — ${esc(op.summary)}${op.auth ? " 🔒" : ""}</summary>
    ${op.body ? `<p>Body</p><pre>${esc(JSON.stringify(toSchema(op.body), null, 2))}</pre>` : ""}
    ${op.query ? `<p>Query</p><pre>${esc(JSON.stringify(toSchema(op.query), null, 2))}</pre>` : ""}
    <ul>${Object.entries(op.responses).map(([s, d]) => `<li><b>${s}</b> ${esc(d)}</li>`).join("")}</ul></details>`).join("")).join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>API docs</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#0f172a}details{border:1px solid #e2e8f0;border-radius:8px;margin:.5rem 0;padding:.5rem .75rem}pre{background:#f8fafc;padding:.75rem;overflow:auto;font-size:12px}.m{display:inline-block;min-width:4.5em}.get{color:#0369a1}.post{color:#15803d}.put{color:#b45309}.delete{color:#b91c1c}</style></head>
<body><h1>School platform API</h1><p>Every error: <code>{success:false, code, message, error}</code>. 🔒 = <code>Authorization: Bearer &lt;token&gt;</code>. Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a>.</p>${sections}</body></html>`;
}
