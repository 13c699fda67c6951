/**
 * Audit rows for admin mutations. `auditInsert` returns a statement to put in the same `db.batch` as the
 * change, so the change and its audit row land together or not at all. Secrets are stripped from snapshots.
 */
import { is, SQL, sql } from "drizzle-orm";
import { auditLog } from "../../db/schema";
import type { RequestContext } from "../request-context";

const SECRET_KEYS = /password|token|hash|secret|pepper/i;

function snapshot(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return JSON.stringify(value, (k, v) => (k && SECRET_KEYS.test(k) ? undefined : v));
}

/**
 * A snapshot with fields only the database knows inside the batch (e.g. a receipt number drawn from a counter in the
 * same batch): `value` as JSON (secrets stripped) with each of `computed` set by SQL. Pass it as `after`/`before`.
 */
export function snapshotWith(value: Record<string, unknown>, computed: Record<string, SQL>): SQL {
  return Object.entries(computed).reduce<SQL>(
    (json, [key, expr]) => sql`json_set(${json}, ${`$.${key}`}, ${expr})`,
    sql`${snapshot(value)}`,
  );
}

const snapshotOf = (value: unknown) => (is(value, SQL) ? value : snapshot(value));

export interface AuditEntry {
  action: string;
  entity: string;
  /**
   * The changed record's primary key. On a create it is not known yet inside the batch: pass `NEW_ROW_ID` (when the
   * audit row directly follows the INSERT) or a subquery on a unique key.
   */
  entityId?: string | number | SQL | null;
  before?: unknown;
  after?: unknown;
}

/**
 * The `audit_log` row of `entry` by `ctx`'s actor and request as insert values (several can go in one multi-row
 * INSERT, e.g. a bulk import).
 */
export function auditValues(ctx: RequestContext, entry: AuditEntry) {
  return auditRowValues(ctx.actor, ctx.requestId, entry);
}

/**
 * `auditValues` for any actor: `who.id` null for one that is not a staff member (the ledger's system actors,
 * worker/services/ledger/actors.ts).
 */
export function auditRowValues(who: { id: number | null; username: string }, requestId: string, entry: AuditEntry) {
  return {
    adminId: who.id,
    adminUsername: who.username,
    action: entry.action,
    entity: entry.entity,
    entityId:
      entry.entityId == null
        ? null
        : typeof entry.entityId === "object"
          ? sql`CAST(${entry.entityId} AS TEXT)`
          : String(entry.entityId),
    before: snapshotOf(entry.before),
    after: snapshotOf(entry.after),
    requestId,
  };
}

/** The INSERT of `entry`'s audit row, by `ctx`'s actor and request, for the `db.batch` of the change. */
export function auditInsert(ctx: RequestContext, entry: AuditEntry) {
  return ctx.db.insert(auditLog).values(auditValues(ctx, entry));
}

/**
 * `auditInsert` for a change whose own WHERE may refuse it: the row is written only when the statement just before it
 * in the batch changed a row (`changes()`, which counts that statement's own rows, not cascades), so a refused change
 * leaves no audit row behind.
 */
export function auditInsertIfChanged(ctx: RequestContext, entry: AuditEntry) {
  const v = auditValues(ctx, entry);
  return ctx.db.run(sql`INSERT INTO audit_log
    (admin_id, admin_username, action, entity, entity_id, "before", "after", request_id)
    SELECT ${v.adminId}, ${v.adminUsername}, ${v.action}, ${v.entity}, ${v.entityId}, ${v.before}, ${v.after},
      ${v.requestId} WHERE changes() > 0`);
}

/** The id of the row inserted by the statement just before in the same batch. */
export const NEW_ROW_ID = sql`(SELECT last_insert_rowid())`;
