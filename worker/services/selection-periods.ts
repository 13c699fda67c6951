/**
 * Selection periods (docs/product.md#selection-periods). Every mutation is ONE `db.batch` holding the change and its
 * audit row. At most one period is active (partial unique index); activating one deactivates the others first, in
 * the same batch; the active period cannot be deleted (a guard statement breaks `periods_dates_chk` → 409).
 * Timestamps are ISO 8601 UTC.
 */
import { and, desc, eq, ne, sql } from "drizzle-orm";
import { selectionPeriods, type SelectionPeriod } from "../../db/schema";
import type { Db } from "../db";
import { broke } from "../db-constraints";
import type { RequestContext } from "../request-context";
import { ApiError } from "../errors";
import type { PeriodCreateInput, PeriodJson, PeriodUpdateInput } from "../contracts/selection-admin";
import { NEW_ROW_ID, auditInsert } from "./audit";
import { defined, now } from "./selection-common";

/** A period row as the API returns it (`periodJsonSchema`; dates ISO UTC). */
export function toPeriodJson(p: SelectionPeriod): PeriodJson {
  return {
    id: p.id,
    period_name: p.periodName,
    start_date: p.startDate,
    end_date: p.endDate,
    is_active: p.isActive,
    allow_changes: p.allowChanges,
    max_subjects: p.maxSubjects,
    created_at: p.createdAt,
    updated_at: p.updatedAt,
  };
}

/** Every period, latest start first. */
export async function listPeriods(db: Db): Promise<PeriodJson[]> {
  return (
    await db.select().from(selectionPeriods).orderBy(desc(selectionPeriods.startDate), desc(selectionPeriods.id))
  ).map(toPeriodJson);
}

/**
 * Deactivates every active period except `keepId` — a no-op unless `activating`. With `keepId`, only while that
 * period still exists, so activating a period deleted meanwhile cannot leave the school with none active.
 */
function deactivateOthers(db: Db, activating: boolean, keepId?: number) {
  const p = selectionPeriods;
  const keep =
    keepId === undefined
      ? sql`1`
      : and(ne(p.id, keepId), sql`EXISTS (SELECT 1 FROM ${p} AS k WHERE k.id = ${keepId})`)!;
  return db
    .update(p)
    .set({ isActive: false, updatedAt: now() })
    .where(and(eq(p.isActive, true), activating ? keep : sql`0`));
}

/** A written period, and whether this write opened it (inactive or new before, active after: selection_opened). */
export interface PeriodWrite {
  period: PeriodJson;
  opened: boolean;
}

/** Creates a period; an active one replaces the current active period. */
export async function createPeriod(ctx: RequestContext, input: PeriodCreateInput): Promise<PeriodWrite> {
  const { db } = ctx;
  const values = {
    periodName: input.period_name,
    startDate: input.start_date,
    endDate: input.end_date,
    isActive: input.is_active,
    allowChanges: input.allow_changes,
    maxSubjects: input.max_subjects,
  };
  const [, [row]] = await db.batch([
    deactivateOthers(db, input.is_active),
    db.insert(selectionPeriods).values(values).returning(),
    auditInsert(ctx, { action: "create", entity: "selection_period", entityId: NEW_ROW_ID, after: input }),
  ]);
  return { period: toPeriodJson(row!), opened: row!.isActive };
}

async function writePeriod(
  ctx: RequestContext,
  id: number,
  change: Partial<PeriodUpdateInput>,
  action: string,
): Promise<PeriodWrite> {
  const { db } = ctx;
  const [before] = await db.select().from(selectionPeriods).where(eq(selectionPeriods.id, id));
  if (!before) throw new ApiError("PERIOD_NOT_FOUND");
  const set = defined({
    periodName: change.period_name,
    startDate: change.start_date,
    endDate: change.end_date,
    isActive: change.is_active,
    allowChanges: change.allow_changes,
    maxSubjects: change.max_subjects,
    updatedAt: now(),
  });
  const [, [row]] = await db.batch([
    deactivateOthers(db, change.is_active === true, id),
    db.update(selectionPeriods).set(set).where(eq(selectionPeriods.id, id)).returning(),
    auditInsert(ctx, { action, entity: "selection_period", entityId: id, before: toPeriodJson(before), after: change }),
  ]);
  if (!row) throw new ApiError("PERIOD_NOT_FOUND");
  return { period: toPeriodJson(row), opened: row.isActive && !before.isActive };
}

/** Updates period `id` (activating it deactivates the others). Throws 404 PERIOD_NOT_FOUND. */
export const updatePeriod = (ctx: RequestContext, id: number, input: PeriodUpdateInput) =>
  writePeriod(ctx, id, input, "update");

/** Sets period `id`'s active flag; activating deactivates every other period in the same batch. Throws 404 PERIOD_NOT_FOUND. */
export const togglePeriod = (ctx: RequestContext, id: number, isActive: boolean) =>
  writePeriod(ctx, id, { is_active: isActive }, "toggle");

/**
 * Deletes period `id`; its selections keep their rows (`period_id` → NULL). Throws 404 PERIOD_NOT_FOUND; 409 PERIOD_IS_ACTIVE
 * for the active period, which must be deactivated first (so a click cannot close a running selection).
 */
export async function deletePeriod(ctx: RequestContext, id: number): Promise<void> {
  const { db } = ctx;
  const p = selectionPeriods;
  const [before] = await db.select().from(p).where(eq(p.id, id));
  if (!before) throw new ApiError("PERIOD_NOT_FOUND");
  if (before.isActive) throw new ApiError("PERIOD_IS_ACTIVE");
  try {
    const [, deleted] = await db.batch([
      // Guard against an activation that raced the check above: on an active row this breaks periods_dates_chk.
      db
        .update(p)
        .set({ endDate: sql`${p.startDate}` })
        .where(and(eq(p.id, id), eq(p.isActive, true))),
      db.delete(p).where(eq(p.id, id)).returning({ id: p.id }),
      auditInsert(ctx, { action: "delete", entity: "selection_period", entityId: id, before: toPeriodJson(before) }),
    ]);
    if (!deleted[0]) throw new ApiError("PERIOD_NOT_FOUND");
  } catch (err) {
    if (broke(err, "periods_dates_chk")) throw new ApiError("PERIOD_IS_ACTIVE");
    throw err;
  }
}
