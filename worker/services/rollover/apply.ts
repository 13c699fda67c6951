/**
 * Applying the rollover (docs/product.md#the-year-end-rollover): one run per closing year, written grade by grade in
 * batches of `BATCH_STUDENTS`, each batch one `db.batch`. The run row keeps the office's exceptions and rule, so a
 * run stopped by a crash or an outage continues with the same ones when applied again; who is done is read from the
 * run's own rows. An applied run answers again as it is: a second apply changes nothing.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import { academicYears, rolloverRuns, rolloverRunStudents, type RolloverRun } from "../../../db/schema";
import { batchAll } from "../../db";
import { broke } from "../../db-constraints";
import { ApiError } from "../../errors";
import type { RequestContext } from "../../request-context";
import type { RolloverRequest, RolloverRunJson } from "../../contracts/rollover";
import { auditInsert, auditInsertIfChanged } from "../audit";
import { batchStatements } from "./batch";
import { chunks } from "../import/sql";
import { byGrade, datesAfter, unknownExceptions, type RetentionRule, type RolloverException } from "./plan";
import { decisionsOf, runJson } from "./preview";
import { readClosing, resolveYears } from "./read";

/** Students per batch: a batch's statements stay far below SQLite's bound values and the request's time. */
export const BATCH_STUDENTS = 250;

/** The office's choices a run keeps. */
interface RunOptions {
  rule: RetentionRule | null;
  exceptions: RolloverException[];
}

/** For tests: called after each batch is written (a throw there stops the run as a crash would). */
export interface ApplyHooks {
  afterBatch?: (written: number) => void | Promise<void>;
}

/**
 * Applies the rollover of `from_year` (default: the current year) into `to_year` (default: the next; created when
 * missing, its dates those of the closing year a year on). Returns the run. Throws the dry run's errors,
 * ROLLOVER_EXCEPTIONS_INVALID (an exception names no student of the closing year), ROLLOVER_CHANGED_MEANWHILE
 * (another apply wrote the same students: apply again to continue), and any outage (the run stays resumable).
 */
export async function applyRollover(
  ctx: RequestContext,
  req: RolloverRequest,
  hooks: ApplyHooks = {},
): Promise<RolloverRunJson> {
  const { db } = ctx;
  const years = await resolveYears(db, req);
  let run = await activeRun(ctx, years.from.name);
  if (run?.state === "applied") return runJson(db, run);
  if (!run) run = await startRun(ctx, req, years);
  const options = JSON.parse(run.options) as RunOptions;
  const [to] = await db.select().from(academicYears).where(eq(academicYears.name, run.toYear));
  const data = await readClosing(db, years.from, run.toYear, to ?? null, options.rule);
  const done = new Set(
    (
      await db
        .select({ id: rolloverRunStudents.studentId })
        .from(rolloverRunStudents)
        .where(eq(rolloverRunStudents.runId, run.id))
    ).map((r) => r.id),
  );
  const todo = decisionsOf(data, options).filter((d) => !done.has(d.student.studentId));
  let written = done.size;
  for (const grade of byGrade(todo)) {
    for (const part of chunks(grade.decisions, BATCH_STUDENTS)) {
      try {
        await batchAll(db, batchStatements(db, run.id, data, part));
      } catch (err) {
        if (broke(err, "rollover_run_students.run_id, rollover_run_students.student_id")) {
          throw new ApiError("ROLLOVER_CHANGED_MEANWHILE");
        }
        throw err;
      }
      written += part.length;
      await hooks.afterBatch?.(written);
    }
  }
  await finishRun(ctx, run);
  const [after] = await db.select().from(rolloverRuns).where(eq(rolloverRuns.id, run.id));
  return runJson(db, after!);
}

async function activeRun(ctx: RequestContext, fromYear: string): Promise<RolloverRun | null> {
  const [run] = await ctx.db
    .select()
    .from(rolloverRuns)
    .where(and(eq(rolloverRuns.fromYear, fromYear), ne(rolloverRuns.state, "undone")));
  return run ?? null;
}

/** Creates the run (and the next year when missing) in one batch; another apply's run of the year is taken up. */
async function startRun(
  ctx: RequestContext,
  req: RolloverRequest,
  years: Awaited<ReturnType<typeof resolveYears>>,
): Promise<RolloverRun> {
  const { db } = ctx;
  const { from, toName, to } = years;
  const data = await readClosing(db, from, toName, to, req.rule);
  const unknown = unknownExceptions(data.students, req.exceptions);
  if (unknown.length) throw new ApiError("ROLLOVER_EXCEPTIONS_INVALID", { extra: { unknown_exceptions: unknown } });
  const options: RunOptions = { rule: req.rule ?? null, exceptions: req.exceptions };
  const runId = sql`(SELECT id FROM rollover_runs WHERE from_year = ${from.name} AND state = 'running')`;
  try {
    await db.batch([
      db.insert(rolloverRuns).values({
        fromYear: from.name,
        toYear: toName,
        options: JSON.stringify(options),
        createdYear: sql`NOT EXISTS (SELECT 1 FROM academic_years WHERE name = ${toName})`,
        total: data.students.length,
        adminId: ctx.actor.id,
        adminUsername: ctx.actor.username,
      }),
      db
        .insert(academicYears)
        .values({ name: toName, state: "upcoming", ...datesAfter(from, toName) })
        .onConflictDoNothing(),
      auditInsert(ctx, {
        action: "rollover_start",
        entity: "rollover_run",
        entityId: runId,
        after: { from_year: from.name, to_year: toName, ...options, students: data.students.length },
      }),
    ]);
  } catch (err) {
    if (!broke(err, "rollover_runs.from_year")) throw err;
  }
  const run = await activeRun(ctx, from.name);
  if (!run) throw new ApiError("ROLLOVER_CHANGED_MEANWHILE");
  return run;
}

/** Marks the run applied (once: a concurrent finish writes nothing more), with its audit row. */
async function finishRun(ctx: RequestContext, run: RolloverRun): Promise<void> {
  const { db } = ctx;
  const count = sql`(SELECT count(*) FROM rollover_run_students WHERE run_id = ${run.id})`;
  await db.batch([
    db
      .update(rolloverRuns)
      .set({ state: "applied", done: count, finishedAt: ctx.now.toISOString(), updatedAt: ctx.now.toISOString() })
      .where(and(eq(rolloverRuns.id, run.id), eq(rolloverRuns.state, "running"))),
    auditInsertIfChanged(ctx, {
      action: "rollover_apply",
      entity: "rollover_run",
      entityId: run.id,
      after: sql`(SELECT json_object('from_year', ${run.fromYear}, 'to_year', ${run.toYear}, 'students', ${count},
        'outcomes', (SELECT json_group_object(outcome, n) FROM (SELECT outcome, count(*) AS n
          FROM rollover_run_students WHERE run_id = ${run.id} GROUP BY outcome))))`,
    }),
  ]);
}
