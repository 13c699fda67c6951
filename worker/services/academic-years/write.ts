/**
 * Changing academic years (docs/product.md#academic-years-and-rollover), administrators only, each with its audit row
 * in the same batch: create the next year with default dates, edit a year's dates while it is not closed, make the next
 * upcoming year current (the old current one closes in the same batch) and close the current year (the next one
 * becomes current: one year is always current, which the partial unique index keeps to one at most).
 */
import { desc, eq, sql } from "drizzle-orm";
import { academicYears } from "../../../db/schema";
import type { Db } from "../../db";
import { ApiError } from "../../errors";
import { broke } from "../../db-constraints";
import type { RequestContext } from "../../request-context";
import { academicYearOf } from "../../lib/fee-schedule";
import { type AcademicYearDates, type AcademicYearJson, datesInOrder } from "../../contracts/academic-years";
import { auditInsertIfChanged } from "../audit";
import { auditLog } from "../../../db/schema";
import { findYear, toYearJson } from "./read";
import { defaultYearDates, nextYearName } from "./dates";

/**
 * Creates year `name`, which must be the one after the newest (the clock's year when there is none), as upcoming with
 * the default dates. 409 ACADEMIC_YEAR_EXISTS when it is not (it exists already, or another request created a year
 * meanwhile: the INSERT is guarded by the newest name it was computed from).
 */
export async function createNextYear(ctx: RequestContext, name: string): Promise<AcademicYearJson> {
  const { db } = ctx;
  const [latest] = await db.select({ name: academicYears.name }).from(academicYears).orderBy(desc(academicYears.name));
  if (name !== (latest ? nextYearName(latest.name) : academicYearOf(ctx.now)))
    throw new ApiError("ACADEMIC_YEAR_EXISTS");
  const d = defaultYearDates(name);
  const at = ctx.now.toISOString();
  const [, , rows] = await db.batch([
    db.run(sql`INSERT INTO academic_years
      (name, start_date, end_date, term1_start, term1_end, term2_start, term2_end, state, created_at, updated_at)
      SELECT ${name}, ${d.start_date}, ${d.end_date}, ${d.term1_start}, ${d.term1_end}, ${d.term2_start},
        ${d.term2_end}, 'upcoming', ${at}, ${at}
      WHERE (SELECT max(name) FROM academic_years) IS ${latest?.name ?? null}`),
    auditInsertIfChanged(ctx, { action: "create", entity: "academic_year", entityId: name, after: { name, ...d } }),
    db.select().from(academicYears).where(eq(academicYears.name, name)),
  ]);
  const [row] = rows;
  if (!row || row.createdAt !== at) throw new ApiError("ACADEMIC_YEAR_EXISTS");
  return toYearJson(row);
}

/**
 * Replaces the six dates of year `name` while it is not closed. 400 ACADEMIC_YEAR_DATES_INVALID when they do not run
 * in order or the year does not start in its first calendar year; 404 ACADEMIC_YEAR_NOT_FOUND; 409
 * ACADEMIC_YEAR_CLOSED (also when it closed meanwhile: the UPDATE is guarded by the state).
 */
export async function updateYearDates(
  ctx: RequestContext,
  name: string,
  dates: AcademicYearDates,
): Promise<AcademicYearJson> {
  const { db } = ctx;
  if (!datesInOrder(dates) || dates.start_date.slice(0, 4) !== name.slice(0, 4))
    throw new ApiError("ACADEMIC_YEAR_DATES_INVALID", { params: { year: name.slice(0, 4) } });
  const before = await findYear(db, name);
  if (!before) throw new ApiError("ACADEMIC_YEAR_NOT_FOUND");
  const at = ctx.now.toISOString();
  const [, , rows] = await db.batch([
    db.run(sql`UPDATE academic_years SET start_date = ${dates.start_date}, end_date = ${dates.end_date},
      term1_start = ${dates.term1_start}, term1_end = ${dates.term1_end}, term2_start = ${dates.term2_start},
      term2_end = ${dates.term2_end}, updated_at = ${at}
      WHERE name = ${name} AND state <> 'closed'`),
    auditInsertIfChanged(ctx, {
      action: "update",
      entity: "academic_year",
      entityId: name,
      before: toYearJson(before),
      after: dates,
    }),
    db.select().from(academicYears).where(eq(academicYears.name, name)),
  ]);
  const [row] = rows;
  if (!row) throw new ApiError("ACADEMIC_YEAR_NOT_FOUND");
  if (row.updatedAt !== at) throw new ApiError("ACADEMIC_YEAR_CLOSED");
  return toYearJson(row);
}

/** SQL guard: `name` is upcoming and the next in line (no earlier upcoming year, no later current or closed one). */
const isNextSql = (name: string) => sql`EXISTS (SELECT 1 FROM academic_years n WHERE n.name = ${name}
    AND n.state = 'upcoming')
  AND NOT EXISTS (SELECT 1 FROM academic_years e WHERE e.state = 'upcoming' AND e.name < ${name})
  AND NOT EXISTS (SELECT 1 FROM academic_years l WHERE l.state <> 'upcoming' AND l.name > ${name})`;

/**
 * The statements that make `name` current and close the current year, guarded so that both happen or neither:
 * `name` must be the next upcoming year. Shared by the administrator's choice and the daily cron.
 */
export function flipStatements(db: Db, name: string, at: string) {
  return [
    db.run(sql`UPDATE academic_years SET state = 'closed', closed_at = ${at}, updated_at = ${at}
      WHERE state = 'current' AND ${isNextSql(name)}`),
    db.run(sql`UPDATE academic_years SET state = 'current', updated_at = ${at} WHERE name = ${name}
      AND ${isNextSql(name)}`),
  ] as const;
}

/** Why `name` could not be made current, read after a refused flip. */
async function refusal(db: Db, name: string): Promise<ApiError> {
  const row = await findYear(db, name);
  if (!row) return new ApiError("ACADEMIC_YEAR_NOT_FOUND");
  if (row.state === "closed") return new ApiError("ACADEMIC_YEAR_CLOSED");
  return new ApiError("ACADEMIC_YEAR_NOT_NEXT");
}

/** Runs the flip to `name` with its audit row (`action`); answers every year after it. */
async function flipTo(ctx: RequestContext, name: string, action: string, closing: string | null) {
  const { db } = ctx;
  const at = ctx.now.toISOString();
  const [current] = await db
    .select({ name: academicYears.name })
    .from(academicYears)
    .where(eq(academicYears.state, "current"));
  const [, flipped, , rows] = await db
    .batch([
      ...flipStatements(db, name, at),
      auditInsertIfChanged(ctx, {
        action,
        entity: "academic_year",
        entityId: closing ?? name,
        before: { current: current?.name ?? null },
        after: { current: name, closed: current?.name ?? null },
      }),
      db.select().from(academicYears).where(eq(academicYears.name, name)),
    ])
    .catch((err) => {
      if (broke(err, "academic_years.state")) throw new ApiError("ACADEMIC_YEAR_NOT_NEXT");
      throw err;
    });
  if (flipped.rowsAffected === 0 || rows[0]?.state !== "current") throw await refusal(db, name);
  return toYearJson(rows[0]);
}

/**
 * Makes the next upcoming year `name` current, before its start date if the administrator chooses; the current year
 * closes in the same batch. 404 ACADEMIC_YEAR_NOT_FOUND, 409 ACADEMIC_YEAR_CLOSED, 409 ACADEMIC_YEAR_NOT_NEXT (an
 * earlier year is still upcoming, or it is already current).
 */
export function makeCurrent(ctx: RequestContext, name: string): Promise<AcademicYearJson> {
  return flipTo(ctx, name, "make_current", null);
}

/**
 * Closes the current year `name`: the next upcoming year becomes current in the same batch (one year is always
 * current). 404 ACADEMIC_YEAR_NOT_FOUND, 409 ACADEMIC_YEAR_CLOSED, ACADEMIC_YEAR_NOT_CURRENT (an upcoming year),
 * ACADEMIC_YEAR_NEXT_MISSING (no next year yet). Answers the year just closed.
 */
export async function closeYear(ctx: RequestContext, name: string): Promise<AcademicYearJson> {
  const { db } = ctx;
  const row = await findYear(db, name);
  if (!row) throw new ApiError("ACADEMIC_YEAR_NOT_FOUND");
  if (row.state === "closed") throw new ApiError("ACADEMIC_YEAR_CLOSED");
  if (row.state !== "current") throw new ApiError("ACADEMIC_YEAR_NOT_CURRENT");
  const next = await findYear(db, nextYearName(name));
  if (!next) throw new ApiError("ACADEMIC_YEAR_NEXT_MISSING");
  await flipTo(ctx, next.name, "close", name);
  return toYearJson((await findYear(db, name))!);
}

/** Who the daily flip's audit row names: no staff member. */
const CALENDAR = { id: null, username: "calendar" };

/** At most this many years flip in one run (a school that kept no years for a decade catches up over days). */
const MAX_FLIPS = 10;

/**
 * The daily cron: on (or after) its start date, the next upcoming year becomes current and the current one closes,
 * with an audit row by "calendar"; repeated while the next one has started too (a run missed for a year).
 * `today` is the school day ("YYYY-MM-DD", Cairo). Answers the name made current last, or null when none started.
 */
export async function flipDueYear(db: Db, today: string, now: Date): Promise<string | null> {
  let last: string | null = null;
  for (let i = 0; i < MAX_FLIPS; i++) {
    const flipped = await flipOnce(db, today, now);
    if (!flipped) break;
    last = flipped;
  }
  return last;
}

/** One step of `flipDueYear`: the earliest upcoming year, if it has started. */
async function flipOnce(db: Db, today: string, now: Date): Promise<string | null> {
  const [due] = await db
    .select({ name: academicYears.name, startDate: academicYears.startDate })
    .from(academicYears)
    .where(eq(academicYears.state, "upcoming"))
    .orderBy(academicYears.name)
    .limit(1);
  if (!due || due.startDate > today) return null;
  const at = now.toISOString();
  const entry = { action: "make_current", entity: "academic_year", entityId: due.name, after: { current: due.name } };
  const [, flipped] = await db.batch([
    ...flipStatements(db, due.name, at),
    db.run(sql`INSERT INTO ${auditLog} (admin_id, admin_username, action, entity, entity_id, "after", request_id)
      SELECT ${CALENDAR.id}, ${CALENDAR.username}, ${entry.action}, ${entry.entity}, ${entry.entityId},
        ${JSON.stringify(entry.after)}, ${`cron-${at}`} WHERE changes() > 0`),
  ]);
  return flipped.rowsAffected > 0 ? due.name : null;
}
