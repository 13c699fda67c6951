/**
 * The finishing pass over the generated OpenAPI document (docs/decisions/0020-openapi-from-routes.md): what the
 * routes' own `createRoute` declarations cannot say, derived from where it comes from.
 * - Answers of the app's middleware (worker/app.ts hands them in as `MiddlewareAnswer`s: 413 body limit, 415 JSON
 *   only), of the validation hook (400 on an operation with parameters or a body), of `requireAdmin` (401 on an
 *   operation with `security`) and of `onError` (500 and 503 on every operation). 429 and 503 carry `Retry-After`.
 * - `security: []` on public operations; an `operationId` (method + path) unless the route names one.
 * - Old paths that differ from a current one only by a parameter's name (`/api/fees/{grade}` beside
 *   `/api/fees/{student_no}`) must be deprecated; they are listed under the current path, their parameter renamed
 *   and described (one router template, one entry: OpenAPI forbids both).
 * - `anyOf`/`oneOf` branches that are the same schema (zod's unions of one shape) are listed once.
 */
export interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: unknown;
}

export interface Response {
  description?: string;
  content?: Record<string, { schema?: unknown }>;
  headers?: Record<string, unknown>;
}

export interface Operation {
  operationId?: string;
  deprecated?: boolean;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, Response>;
}

/** One operation of the document: its path as served (with `/api`) and its lower-case method. */
export interface OperationRef {
  path: string;
  method: string;
  op: Operation;
}

/** A status some middleware can answer: `describe` gives its description for an operation, or null where it does not apply. */
export interface MiddlewareAnswer {
  status: number;
  describe: (ref: OperationRef) => string | null;
}

/** The description of each error status a route lists with `errors()`. */
export const ERROR_TEXT: Record<number, string> = {
  400: "Invalid input (see `reason` and `issues`)",
  401: "Not signed in, or the session ended",
  403: "Not allowed",
  404: "Not found",
  409: "Conflicts with existing data",
  413: "Request body too large",
  422: "Cannot be processed",
  429: "Too many requests (see Retry-After)",
  503: "Database busy or unavailable (SERVICE_UNAVAILABLE, see Retry-After)",
};

type Paths = Record<string, Record<string, Operation>>;

const RETRY_AFTER = {
  "Retry-After": {
    description: "Seconds to wait before trying again",
    schema: { type: "integer", minimum: 1 },
  },
};

const errorContent = () => ({ "application/json": { schema: { $ref: "#/components/schemas/Error" } } });

/** An answer not written in the route: its status, its text, and whether the route may list the status for reasons of its own. */
type Derived = [status: number, text: string, ownReasonsToo: boolean];

/** The answers every operation has besides its route's own (see the file comment). */
function derivedAnswers(ref: OperationRef, middleware: MiddlewareAnswer[]): Derived[] {
  const out: Derived[] = [];
  if (ref.op.parameters?.length || ref.op.requestBody) out.push([400, ERROR_TEXT[400]!, false]);
  if (ref.op.security?.length) out.push([401, ERROR_TEXT[401]!, false]);
  const permission = (ref.op as { "x-permission"?: string })["x-permission"];
  if (permission) {
    const text = `The role lacks ${permission} (FORBIDDEN_FOR_ROLE), or the password is temporary (PASSWORD_CHANGE_REQUIRED)`;
    out.push([403, text, true]);
  }
  for (const m of middleware) {
    const text = m.describe(ref);
    if (text !== null) out.push([m.status, text, true]);
  }
  // Every operation has at least this client error, even one that takes nothing the Worker could refuse.
  out.push([414, "URL over 16 KiB (URI_TOO_LONG), refused in front of the Worker", false]);
  out.push([500, "Unexpected failure (INTERNAL; never with a stack trace)", false]);
  out.push([503, ERROR_TEXT[503]!, false]);
  return out;
}

/**
 * Adds the derived answers an operation lacks, and `Retry-After` to its 429 and 503 answers. A middleware status the
 * route also lists (the import's 413 for too many rows) names both causes.
 */
function completeAnswers(ref: OperationRef, middleware: MiddlewareAnswer[]): void {
  ref.op.responses ??= {};
  const responses = ref.op.responses;
  for (const [status, description, ownReasonsToo] of derivedAnswers(ref, middleware)) {
    const own = responses[status];
    if (!own) responses[status] = { description, content: errorContent() };
    else if (ownReasonsToo && own.description !== description)
      own.description = `${own.description} (the route's own reasons), or ${description}`;
  }
  for (const status of ["429", "503"]) {
    const r = responses[status];
    if (r) r.headers = { ...RETRY_AFTER, ...r.headers };
  }
}

const pascal = (s: string) =>
  s
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join("");

/** `put /api/fees/{student_no}` → `putFeesByStudentNo`: method, then the path's segments after `/api`. */
export function operationIdOf(method: string, path: string): string {
  const segments = path
    .replace(/^\/api(?=\/)/, "")
    .split("/")
    .filter(Boolean)
    .map((s) => (s.startsWith("{") ? `By${pascal(s)}` : pascal(s)));
  return method + segments.join("");
}

/** The path with its parameters unnamed: two paths of one shape are one router template. */
const shapeOf = (path: string) => path.replace(/\{[^}]+\}/g, "{}");
const paramNames = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);

/** Moves the operations of `from` (all deprecated) to `to`, renaming their path parameters to `to`'s names. */
function moveUnder(paths: Paths, from: string, to: string): void {
  const oldNames = paramNames(from);
  const newNames = paramNames(to);
  for (const [method, op] of Object.entries(paths[from]!)) {
    if (paths[to]![method]) throw new Error(`${method} ${from} and ${method} ${to} are one route`);
    for (const p of op.parameters ?? []) {
      const i = p.in === "path" ? oldNames.indexOf(p.name) : -1;
      if (i < 0 || oldNames[i] === newNames[i]) continue;
      p.description = `Holds the \`${p.name}\` here (this deprecated operation's own meaning of the segment).${p.description ? ` ${p.description}` : ""}`;
      p.name = newNames[i]!;
    }
    paths[to]![method] = op;
  }
  delete paths[from];
}

/** Lists each router template once (see the file comment); throws when two current paths share one. */
function mergeIdenticalPaths(paths: Paths): void {
  const byShape = new Map<string, string[]>();
  for (const path of Object.keys(paths)) byShape.set(shapeOf(path), [...(byShape.get(shapeOf(path)) ?? []), path]);
  for (const group of byShape.values()) {
    if (group.length < 2) continue;
    const current = group.filter((p) => Object.values(paths[p]!).some((op) => !op.deprecated));
    if (current.length > 1)
      throw new Error(`${current.join(" and ")} differ only by parameter names: deprecate all but one`);
    const target = current[0] ?? group[0]!;
    for (const p of group) if (p !== target) moveUnder(paths, p, target);
  }
}

/** Lists identical `anyOf`/`oneOf` branches once, everywhere in `node`; a single branch left replaces the union. */
export function mergeDuplicateBranches(node: unknown): void {
  if (!node || typeof node !== "object") return;
  const obj = node as Record<string, unknown>;
  for (const value of Object.values(obj)) mergeDuplicateBranches(value);
  if (Array.isArray(node)) return;
  for (const key of ["anyOf", "oneOf"]) {
    const branches = obj[key];
    if (!Array.isArray(branches)) continue;
    const seen = new Set<string>();
    const kept = branches.filter((b) => !seen.has(JSON.stringify(b)) && seen.add(JSON.stringify(b)));
    const only = kept[0] as Record<string, unknown> | undefined;
    if (kept.length === 1 && only && Object.keys(only).every((k) => !(k in obj))) {
      delete obj[key];
      Object.assign(obj, only);
    } else obj[key] = kept;
  }
}

/** Whether a path parameter's schema admits the literal segment `text` (no pattern or enum: any text). */
function admits(op: Operation, name: string, text: string): boolean {
  const p = op.parameters?.find((x) => x.in === "path" && x.name === name);
  const schema = (p?.schema ?? {}) as { pattern?: string; enum?: unknown[] };
  if (schema.enum) return schema.enum.includes(text);
  return schema.pattern ? new RegExp(schema.pattern).test(text) : true;
}

/** Whether one URL can match both operations' paths: segment by segment, a parameter admits the other's literal. */
function overlap(a: OperationRef, b: OperationRef): boolean {
  const as = a.path.split("/");
  const bs = b.path.split("/");
  if (as.length !== bs.length) return false;
  return as.every((x, i) => {
    const y = bs[i]!;
    const [px, py] = [x.startsWith("{"), y.startsWith("{")];
    if (px && py) return true;
    if (!px && !py) return x === y;
    return px ? admits(a.op, x.slice(1, -1), y) : admits(b.op, y.slice(1, -1), x);
  });
}

/** Pairs of operations of one method whose different paths can match the same URL (`GET a | GET b`). */
export function ambiguousOperations(doc: { paths?: unknown }): string[] {
  const refs = Object.entries((doc.paths ?? {}) as Paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method, op })),
  );
  const out: string[] = [];
  for (const [i, a] of refs.entries())
    for (const b of refs.slice(i + 1))
      if (a.method === b.method && a.path !== b.path && overlap(a, b))
        out.push(`${a.method.toUpperCase()} ${a.path} | ${b.method.toUpperCase()} ${b.path}`);
  return out;
}

/** Finishes the generated document in place (see the file comment) and returns it. */
export function finishDocument<D extends { paths?: unknown }>(doc: D, middleware: MiddlewareAnswer[]): D {
  const paths = (doc.paths ?? {}) as Paths;
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(item)) {
      op.operationId ??= operationIdOf(method, path);
      op.security ??= [];
      completeAnswers({ path, method, op }, middleware);
    }
  }
  mergeIdenticalPaths(paths);
  mergeDuplicateBranches(doc);
  return doc;
}
