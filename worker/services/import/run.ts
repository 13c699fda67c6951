/**
 * Bulk import (docs/product.md#bulk-import): every row through its kind's create schema, duplicates inside the file,
 * a plan against the database (create, update, unchanged, error), and, for a commit without error rows, ONE
 * `db.batch` holding every record, its audit row and the `import_runs` row of the Idempotency-Key, so a failure at
 * any point (a cut link, a record created meanwhile) leaves nothing written.
 */
import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { importRuns } from "../../../db/schema";
import { batchAll, type Db } from "../../db";
import { broke, violation } from "../../db-constraints";
import { ApiError } from "../../errors";
import type { LiveEvent } from "../../hub";
import type { RequestContext } from "../../request-context";
import { issuesOf } from "../../validate";
import { normalizeNationalId } from "../../lib/normalize";
import { clipText } from "../../lib/clip-text";
import { rowError, summarizeRows } from "../../contracts/row-outcome";
import {
  importRowSchemas,
  MAX_IMPORT_ROWS,
  type ImportAnswer,
  type ImportBody,
  type ImportKind,
  type ImportRow,
  type ImportRowError,
  type ImportRowResult,
  isBlank,
  YEAR_KINDS,
  yearCell,
} from "../../contracts/import";
import { currentYearName } from "../academic-years/current";
import { sha256Hex } from "../../lib/tokens";
import { planStudents } from "./students";
import { planFees } from "./fees";
import { planResults } from "./results";
import { planTeachers } from "./teachers";

/** A row that passed its schema and is not a duplicate inside the file. */
export interface ValidRow<T> {
  /** Index into the answer's rows. */
  index: number;
  input: T;
  raw: Record<string, unknown>;
}

/** What a kind's planner says about its valid rows, and how it would write them. */
export interface KindPlan {
  /** Per valid row (same order): its action, or errors found against the database. */
  outcomes: Array<{ action: "create" | "update" | "unchanged" } | { errors: ImportRowError[] }>;
  /** The statements of the commit (called only when no row has an error). */
  statements: () => BatchItem<"sqlite">[];
  /** Live events to publish once the commit is written. */
  events: Array<{ event: LiveEvent; entity: string }>;
}

/** An ID that a spreadsheet turned into a rounded number in scientific notation ("3.10013E+13"): digits are lost. */
export function isScientificId(v: unknown): boolean {
  if (typeof v === "number") return !Number.isSafeInteger(v) || /e/i.test(String(v));
  return typeof v === "string" && /^\s*[+-]?\d+(?:[.,٫]\d+)?\s*[eE]\s*\+?\d+\s*$/.test(v);
}

/** Digits of an Egyptian national ID: a numeric cell of 14 digits cannot have lost a leading zero (none starts 0). */
const NATIONAL_ID_DIGITS = 14;

/**
 * The digits of an ID sent as a JSON number (a numeric spreadsheet cell: docs/product.md#bulk-import), else null.
 * Such a cell drops leading zeros (a passport 00457812 becomes 457812): one shorter than a national ID is refused
 * (IMPORT_ID_NUMERIC), never matched or created; a 14-digit one is a national ID as typed.
 */
export function numericIdOf(v: unknown): string | null {
  return typeof v === "number" && Number.isSafeInteger(v) && v >= 0 ? v.toFixed(0) : null;
}

/** The field of each kind that holds a grade, read by the one parser (worker/lib/grade-labels.ts). */
const GRADE_FIELD: Record<ImportKind, string | null> = {
  students: "current_grade",
  fees: "grade",
  results: "grade",
  teachers: null,
};

/** The grade a row's grade cell became (docs/product.md#accepted-grade-labels), shown in the preview. */
function gradeRead(kind: ImportKind, parsed: unknown): { grade?: string } {
  const field = GRADE_FIELD[kind];
  const grade = field && parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>)[field] : undefined;
  return typeof grade === "string" ? { grade } : {};
}

const ID_FIELD: Record<ImportKind, string | null> = {
  students: "student_no",
  fees: "student_id",
  results: "student_id",
  teachers: null,
};

/** The key a row is matched on, from its parsed input (or what can be read of a refused row). */
function keyOf(kind: ImportKind, input: Record<string, unknown>): string {
  const s = (v: unknown) => (v == null ? "" : normalizeNationalId(String(v)));
  switch (kind) {
    case "students":
      return s(input.student_no);
    case "fees":
      // One account per student and year: a file may hold a student's arrears year and the current one.
      return input.student_id ? `${s(input.student_id)}/${s(input.academic_year_name)}` : "";
    case "results":
      return input.student_id ? `${s(input.student_id)}/${s(input.academic_year_name)}/${s(input.semester)}` : "";
    case "teachers":
      return s(input.teacher_code) || `${s(input.full_name)} / ${s(input.subject_name)}`.trim().replace(/^\/$/, "");
  }
}

/** Matching keys ignore case (teacher names, passport letters). */
const dupKey = (key: string) => key.toLocaleLowerCase("en");

const PLANNERS: { [K in ImportKind]: (ctx: RequestContext, rows: ValidRow<ImportRow<K>>[]) => Promise<KindPlan> } = {
  students: planStudents,
  fees: planFees,
  results: planResults,
  teachers: planTeachers,
};

/** Validates and plans `body` for `kind`: the answer rows, and the plan of the valid ones. */
async function prepare(ctx: RequestContext, kind: ImportKind, body: ImportBody) {
  if (body.rows.length === 0) throw new ApiError("IMPORT_NO_ROWS");
  if (body.rows.length > MAX_IMPORT_ROWS)
    throw new ApiError("IMPORT_TOO_MANY_ROWS", { params: { max: MAX_IMPORT_ROWS } });
  const schema = importRowSchemas[kind];
  const defaults = await rowDefaults(ctx, kind, body);
  const rows: ImportRowResult[] = [];
  const valid: ValidRow<unknown>[] = [];
  const firstRowOf = new Map<string, number>();
  body.rows.forEach((raw, index) => {
    const idField = ID_FIELD[kind];
    const numericId = idField ? numericIdOf(raw[idField]) : null;
    // An ID sent as a number (a numeric spreadsheet cell) is read as its digits; one short of 14 may have lost zeros.
    // A cell left empty takes the dialog's choice (or the current year), never "not given".
    const given = Object.fromEntries(
      Object.entries(raw)
        .filter(([k, v]) => !(k in defaults && isBlank(v)))
        .map(([k, v]) => [k, k === "academic_year_name" ? yearCell(v) : v]),
    );
    const input = { ...defaults, ...given, ...(idField && numericId ? { [idField]: numericId } : {}) };
    const parsed = schema.safeParse(input);
    const errors: ImportRowError[] = parsed.success
      ? []
      : issuesOf(parsed.error).map((i) => ({
          field: i.path,
          code: i.reason,
          message: i.message,
          ...(i.params ? { params: i.params } : {}),
        }));
    if (idField && isScientificId(raw[idField])) {
      for (let i = errors.length - 1; i >= 0; i--) if (errors[i]!.field === idField) errors.splice(i, 1);
      errors.unshift(rowError(idField, "IMPORT_ID_SCIENTIFIC"));
    } else if (idField && numericId && numericId.length < NATIONAL_ID_DIGITS) {
      for (let i = errors.length - 1; i >= 0; i--) if (errors[i]!.field === idField) errors.splice(i, 1);
      errors.unshift(rowError(idField, "IMPORT_ID_NUMERIC", { id: numericId }));
    }
    const key = keyOf(kind, (parsed.success ? parsed.data : input) as Record<string, unknown>);
    if (key && !errors.length) {
      const first = firstRowOf.get(dupKey(key));
      const field = idField ?? ((raw as { teacher_code?: unknown }).teacher_code ? "teacher_code" : "full_name");
      if (first !== undefined) errors.push(rowError(field, "IMPORT_DUPLICATE_ROW", { row: first }));
      else firstRowOf.set(dupKey(key), index + 1);
    }
    // The key echoes what was sent: cut, so the answer does not grow with a refused value.
    rows.push({
      row: index + 1,
      action: errors.length ? "error" : "unchanged",
      key: clipText(key),
      errors,
      ...(parsed.success ? gradeRead(kind, parsed.data) : {}),
    });
    if (!errors.length && parsed.success) valid.push({ index, input: parsed.data, raw });
  });
  const plan = valid.length
    ? await (PLANNERS[kind] as (c: RequestContext, r: ValidRow<unknown>[]) => Promise<KindPlan>)(ctx, valid)
    : null;
  plan?.outcomes.forEach((outcome, i) => {
    const row = rows[valid[i]!.index]!;
    if ("errors" in outcome) Object.assign(row, { action: "error", errors: outcome.errors });
    else row.action = outcome.action;
  });
  return { rows, plan };
}

/**
 * What a row of `kind` that names none of them takes: the academic year of the dialog's choice, else the current
 * year (students' enrolments, fee accounts, results; docs/product.md#bulk-import), and a results row's semester.
 */
async function rowDefaults(ctx: RequestContext, kind: ImportKind, body: ImportBody): Promise<Record<string, unknown>> {
  if (!YEAR_KINDS.includes(kind)) return {};
  const year = body.options?.academic_year_name ?? (await currentYearName(ctx.db));
  const semester = kind === "results" && body.options?.semester ? { semester: body.options.semester } : {};
  return { academic_year_name: year, ...semester };
}

/** SHA-256 of what a commit is: kind, options and rows as sent. */
const requestHash = (kind: ImportKind, body: ImportBody) =>
  sha256Hex(`import\n${kind}\n${JSON.stringify(body.options ?? {})}\n${JSON.stringify(body.rows)}`);

/** The stored answer of an earlier commit with `key`: the same request → it again; another → 422. */
async function replay(db: Db, key: string, hash: string): Promise<ImportAnswer | null> {
  const [run] = await db.select().from(importRuns).where(eq(importRuns.idempotencyKey, key));
  if (!run) return null;
  if (run.requestHash !== hash) throw new ApiError("IDEMPOTENCY_MISMATCH");
  return JSON.parse(run.answer) as ImportAnswer;
}

export interface ImportOutcome {
  status: 200 | 400;
  answer: ImportAnswer;
  replayed: boolean;
  /** Live events to publish (a commit that wrote something). */
  events: Array<{ event: LiveEvent; entity: string }>;
}

/**
 * Runs a dry run (`key` unused) or a commit (`key` required: 400 IMPORT_KEY_REQUIRED) of `body` for `kind`.
 * A commit with error rows answers 400 with the preview and writes nothing; a commit whose write fails on a
 * constraint (a record created or changed meanwhile) → 409 IMPORT_CHANGED_MEANWHILE, nothing written.
 */
export async function runImport(
  ctx: RequestContext,
  kind: ImportKind,
  body: ImportBody,
  opts: { dryRun: boolean; key?: string },
): Promise<ImportOutcome> {
  if (opts.dryRun) {
    const { rows } = await prepare(ctx, kind, body);
    return { status: 200, answer: { dry_run: true, summary: summarizeRows(rows), rows }, replayed: false, events: [] };
  }
  if (!opts.key) throw new ApiError("IMPORT_KEY_REQUIRED");
  const hash = await requestHash(kind, body);
  const earlier = await replay(ctx.db, opts.key, hash);
  if (earlier) return { status: 200, answer: earlier, replayed: true, events: [] };
  const { rows, plan } = await prepare(ctx, kind, body);
  const summary = summarizeRows(rows);
  if (summary.errors > 0 || !plan)
    return { status: 400, answer: { dry_run: false, summary, rows }, replayed: false, events: [] };
  const answer: ImportAnswer = {
    dry_run: false,
    summary,
    rows,
    request_id: ctx.requestId,
  };
  const run = ctx.db.insert(importRuns).values({
    idempotencyKey: opts.key,
    kind,
    requestHash: hash,
    answer: JSON.stringify(answer),
    rowCount: rows.length,
    adminId: ctx.actor.id,
  });
  try {
    // The run row first: a concurrent commit with the same key fails at once on its UNIQUE key, before any record.
    await batchAll(ctx.db, [run, ...plan.statements()]);
  } catch (err) {
    if (broke(err, "import_runs.idempotency_key")) {
      const again = await replay(ctx.db, opts.key, hash);
      if (again) return { status: 200, answer: again, replayed: true, events: [] };
    }
    // Any other broken rule: a record changed (or appeared) between the preview's reads and this write.
    if (violation(err)) throw new ApiError("IMPORT_CHANGED_MEANWHILE");
    throw err;
  }
  const wrote = summary.create + summary.update > 0;
  return { status: 200, answer, replayed: false, events: wrote ? plan.events : [] };
}
