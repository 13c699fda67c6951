/**
 * TRANSITIONAL (removed once every resource is an OpenAPI route, worker/openapi.ts): hand-listed operations of the
 * resources not converted yet, merged into the generated document.
 * Each resource module adds its operations to `operations`; `/api/openapi.json` serves the document and
 * `/api/docs` a readable page rendered from it (no external scripts, so it passes the CSP).
 */
import { z, type ZodType } from "zod";

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

export const operations: Operation[] = [
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

/** The legacy operations as OpenAPI paths (generated ones take precedence when both exist). */
export function legacyPaths(): Record<string, Record<string, unknown>> {
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
  return paths;
}
