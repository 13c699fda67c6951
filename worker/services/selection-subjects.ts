/**
 * Course-selection subjects (docs/product.md#course-selection). Every mutation is ONE `db.batch` holding the change
 * and its audit row; deleting a subject that selections or teachers reference breaks an ON DELETE RESTRICT key (→ 409).
 * After a refused write, a read only chooses the reason. Timestamps are ISO 8601 UTC.
 */
import { desc, eq, sql } from "drizzle-orm";
import { selectionSubjects } from "../../db/schema";
import type { Db } from "../db";
import { broke, brokeForeignKey } from "../db-constraints";
import type { RequestContext } from "../request-context";
import { ApiError } from "../errors";
import type { SubjectCreateInput, SubjectJson, SubjectUpdateInput } from "../contracts/selection-admin";
import { auditInsert } from "./audit";
import { defined, now } from "./selection-common";

type SubjectRow = typeof selectionSubjects.$inferSelect;

/** A subject row as the API returns it (`subjectJsonSchema`). */
export function toSubjectJson(r: SubjectRow): SubjectJson {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    is_active: r.isActive,
    max_selections: r.maxSelections,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  };
}

const isDuplicateName = (err: unknown) => broke(err, "selection_subjects.name");

/** Every subject, newest first. */
export async function listSubjects(db: Db): Promise<SubjectJson[]> {
  return (await db.select().from(selectionSubjects).orderBy(desc(selectionSubjects.id))).map(toSubjectJson);
}

/** Creates a subject. Throws 409 SUBJECT_DUPLICATE. */
export async function createSubject(ctx: RequestContext, input: SubjectCreateInput): Promise<SubjectJson> {
  const { db } = ctx;
  const values = {
    name: input.name,
    description: input.description,
    isActive: input.is_active,
    maxSelections: input.max_selections,
  };
  try {
    const [[row]] = await db.batch([
      db.insert(selectionSubjects).values(values).returning(),
      auditInsert(ctx, {
        action: "create",
        entity: "selection_subject",
        entityId: sql`(SELECT id FROM selection_subjects WHERE name = ${input.name})`,
        after: input,
      }),
    ]);
    return toSubjectJson(row!);
  } catch (err) {
    if (isDuplicateName(err)) throw new ApiError("SUBJECT_DUPLICATE");
    throw err;
  }
}

/** Updates subject `id`. Throws 404 SUBJECT_NOT_FOUND, 409 SUBJECT_DUPLICATE. */
export async function updateSubject(ctx: RequestContext, id: number, input: SubjectUpdateInput): Promise<SubjectJson> {
  const { db } = ctx;
  const [before] = await db.select().from(selectionSubjects).where(eq(selectionSubjects.id, id));
  if (!before) throw new ApiError("SUBJECT_NOT_FOUND");
  const set = defined({
    name: input.name,
    description: input.description,
    isActive: input.is_active,
    maxSelections: input.max_selections,
    updatedAt: now(),
  });
  try {
    const [[row]] = await db.batch([
      db.update(selectionSubjects).set(set).where(eq(selectionSubjects.id, id)).returning(),
      auditInsert(ctx, {
        action: "update",
        entity: "selection_subject",
        entityId: id,
        before: toSubjectJson(before),
        after: input,
      }),
    ]);
    if (!row) throw new ApiError("SUBJECT_NOT_FOUND");
    return toSubjectJson(row);
  } catch (err) {
    if (isDuplicateName(err)) throw new ApiError("SUBJECT_DUPLICATE");
    throw err;
  }
}

/** Deletes subject `id`. Throws 404 SUBJECT_NOT_FOUND; 409 SUBJECT_IN_USE while teachers or selections reference it (FK RESTRICT). */
export async function deleteSubject(ctx: RequestContext, id: number): Promise<void> {
  const { db } = ctx;
  const [before] = await db.select().from(selectionSubjects).where(eq(selectionSubjects.id, id));
  if (!before) throw new ApiError("SUBJECT_NOT_FOUND");
  try {
    const [deleted] = await db.batch([
      db.delete(selectionSubjects).where(eq(selectionSubjects.id, id)).returning({ id: selectionSubjects.id }),
      auditInsert(ctx, { action: "delete", entity: "selection_subject", entityId: id, before: toSubjectJson(before) }),
    ]);
    if (!deleted[0]) throw new ApiError("SUBJECT_NOT_FOUND");
  } catch (err) {
    if (brokeForeignKey(err)) throw new ApiError("SUBJECT_IN_USE");
    throw err;
  }
}
