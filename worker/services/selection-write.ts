/**
 * Prep-3 teacher selection, writes (docs/product.md#teacher-selection;
 * docs/decisions/0002-libsql-batches-and-money.md, 0010-write-gate-for-the-selection-rush.md).
 * Every rule is enforced inside ONE `db.batch` at the moment of the write, never by read-then-write:
 * - the session is chosen in the INSERT … SELECT from the teacher's current free seats (more free; 1 on a tie);
 * - seat counters move in the same batch, and the teachers' CHECK constraints abort the batch on overselling;
 * - the registration row's CHECK (`update_count` 0..1) aborts the batch when a guard fails: the period is active
 *   and open now, the student is an active Prep-3 student, exactly one teacher per required subject (active, with an
 *   active teacher: `REQUIRED_SUBJECT`), and (on update) changes are allowed, the deadline has not passed and the
 *   one update is unused;
 * - on update, a subject whose teacher is unchanged keeps its session (group) and selection date: only a changed
 *   teacher gets the session with more free seats.
 * The read phase before the batch only chooses the reason of a refusal. Every attempt of a real student is logged
 * (refusals with group commit, attempt-log.ts); a number that is no student's writes nothing. Writes pass one at a
 * time per isolate through the write gate (a rush would otherwise pile ~1,000 waiting writers into the database).
 */
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import {
  selectionAttempts,
  selectionRegistrations,
  selectionSubjects,
  studentSelections,
  students,
  teachers,
} from "../../db/schema";
import type { Db } from "../db";
import { batchAll } from "../db";
import { broke, violation } from "../db-constraints";
import type { RequestContext } from "../request-context";
import type { SelectResult } from "../contracts/public-selection";
import { ApiError } from "../errors";
import { gatedWriteUnlessDone } from "../write-gate";
import { recordRefusal } from "./attempt-log";
import { readForSave, type SavePeriod } from "./selection-save-read";
import { auditInsert } from "./audit";
import { forgetFull, markFull, recentlyFull } from "./full-teachers";
import {
  REQUIRED_SUBJECT,
  SELECTION_GRADE,
  UPDATE_WINDOW_MS,
  assertPeriodVisible,
  isEligible,
  notEligible,
  periodState,
} from "./selection-read";

export interface Choice {
  teacher_id: number;
  subject_id: number;
}

/** The success body of a save (`selectResultSchema`), and whether it answers an earlier save with the same key. */
export type SaveOutcome = SelectResult & { replayed: boolean };

/** The success body of a save that was a first save ("created") or the update ("updated"). */
function successOf(action: string, replayed: boolean): SaveOutcome {
  const hasUpdated = action === "updated";
  return {
    success: true,
    action: hasUpdated ? "updated" : "created",
    hasUpdated,
    message: hasUpdated ? "Your selections were updated successfully." : "Your selections were saved successfully.",
    replayed,
  };
}

/** The query of the student's accepted save made with `requestKey` (its action), if there is one. */
const keyedSave = (db: Db, studentNo: string, requestKey: string) =>
  db
    .select({ action: selectionAttempts.action })
    .from(selectionAttempts)
    .where(and(eq(selectionAttempts.studentNo, studentNo), eq(selectionAttempts.requestKey, requestKey)));

/** The action of the student's accepted save made with `requestKey`, if there is one. */
async function savedWithKey(db: Db, studentNo: string, requestKey: string): Promise<string | null> {
  const [row] = await keyedSave(db, studentNo, requestKey);
  return row ? (row.action ?? "created") : null;
}

/**
 * Saves a first choice or the one allowed update. Returns the success body (`selectResultSchema`); with a
 * `requestKey` (the `Idempotency-Key`) already accepted for this student, the first save's answer (`replayed`) and
 * nothing written, also when both arrive at once (the key is UNIQUE per student in the write). Throws 403
 * NO_ACTIVE_PERIOD / PERIOD_NOT_OPEN (for every ID), then 403 SELECTION_NOT_ELIGIBLE (unknown and ineligible IDs
 * alike); 400 SELECTION_INCOMPLETE / SELECTION_TEACHER_MISMATCH; 403 UPDATE_USED / CHANGES_NOT_ALLOWED /
 * UPDATE_DEADLINE_PASSED / SELECTION_STATE_CHANGED; 409 NO_SEATS / NO_SEATS_ANY / SELECTION_SAVED_MEANWHILE.
 */
export async function saveSelections(
  db: Db,
  studentNo: string,
  choices: Choice[],
  now: Date,
  requestKey?: string,
): Promise<SaveOutcome> {
  const nowIso = now.toISOString();
  const logAccepted = (action: string, periodId: number) =>
    db.insert(selectionAttempts).values({
      studentNo,
      periodId,
      payload: JSON.stringify(choices),
      outcome: "accepted",
      action,
      at: nowIso,
      requestKey: requestKey ?? null,
    });
  let period = null as SavePeriod | null; // read by the refusal log
  /** Whether the number is a real student's: only their attempts are recorded (an unknown ID must write nothing). */
  let known = false;
  try {
    // Read with the saves queued alongside it, in one statement (a rush sends ~1,000 of these at once).
    const facts = await readForSave(
      db,
      studentNo,
      choices.map((c) => c.teacher_id),
      requestKey ?? "", // no key: "" matches nothing (keys are 1-255 visible characters)
    );
    const { student, requiredSubjectIds, registration: reg, held: heldRows } = facts;
    const teacherRows = facts.teachers;
    // The same save sent again (a retry after a 503 or a lost answer): answered as the first one was.
    if (requestKey && facts.savedWithKey) return successOf(facts.savedWithKey, true);
    known = !!student;
    // The period first, then one answer for unknown and ineligible IDs: the refusal tells nothing about who is a student.
    period = facts.period;
    const state = periodState(period, nowIso);
    assertPeriodVisible(state);
    // Saving needs an open period; an ended one that is still active is view only.
    if (state !== "open") throw new ApiError("PERIOD_NOT_OPEN");
    if (!student || !isEligible(student)) throw notEligible();
    const p = period!;
    validateChoices(choices, p, new Set(requiredSubjectIds), teacherRows);
    const fresh = !reg || reg.periodId !== p.id;
    if (reg && !fresh) {
      if (reg.updateCount >= 1) throw new ApiError("UPDATE_USED", { extra: { hasUpdated: true } });
      if (!p.allowChanges) throw new ApiError("CHANGES_NOT_ALLOWED");
      if (nowIso > reg.updateDeadline) throw new ApiError("UPDATE_DEADLINE_PASSED");
    }
    // Refuse at once when a chosen teacher is already full: the write would fail anyway, and skipping it keeps the
    // write lock free for requests that can succeed. A teacher the student already holds is not "full" for them (an
    // update frees that seat first). Only a refusal is decided here; a success is decided in the write.
    const held = new Set(heldRows.map((r) => r.teacherId));
    const fullRead = teacherRows.find((t) => t.s1 >= t.c1 && t.s2 >= t.c2 && !held.has(t.id));
    if (fullRead) throw noSeats(fullRead.subjectId, fullRead.subject, fullRead.name);
    const action = reg && !fresh ? "updated" : "created";
    const deadline = new Date(Math.min(Date.parse(p.endDate), now.getTime() + UPDATE_WINDOW_MS)).toISOString();
    const sid = student.id;
    // Requests that read free seats before the rush filled them queue at the gate; once a write has found a chosen
    // teacher full, they are refused without a doomed write each, and they leave the queue without waiting for a
    // turn (1,000 turns one after another were the rush's bottleneck).
    const seenFull = () => teacherRows.find((t) => !held.has(t.id) && recentlyFull(t.id));
    const refuseFull = (t: NonNullable<ReturnType<typeof seenFull>>) => noSeats(t.subjectId, t.subject, t.name);
    let full: ReturnType<typeof seenFull>;
    const turn = await gatedWriteUnlessDone(
      async () => {
        full = seenFull();
        if (full) throw refuseFull(full);
        try {
          await batchAll(db, [
            // First, so that the same key saved meanwhile breaks its UNIQUE key before any other rule is checked.
            logAccepted(action, p.id),
            ...(reg ? releaseSeats(db, sid) : []),
            ...choices.flatMap((ch) =>
              takeSeat(db, sid, ch, p.id, nowIso, action === "updated" ? kept(heldRows, ch) : undefined),
            ),
            // Built only at the turn: most of a rush is refused before it, and these templates are its costliest.
            registration(db, { sid, periodId: p.id, nowIso, deadline, upsert: !!reg }),
          ]);
          return "saved" as const;
        } catch (err) {
          // The same key won a race with this request: this one is its replay.
          if (requestKey && broke(err, "selection_attempts.student_no, selection_attempts.request_key"))
            return "replayed" as const;
          throw await explain(db, err, choices); // inside the turn, so the next turn sees the "full" mark
        }
      },
      () => {
        full = seenFull();
        return full !== undefined;
      },
    );
    if (turn === undefined) throw refuseFull(full!);
    if (turn === "replayed") return successOf((await savedWithKey(db, studentNo, requestKey!)) ?? action, true);
    if (reg) forgetFull(); // the update freed this student's previous seats
    return successOf(action, false);
  } catch (err) {
    const refusal = await explain(db, err, choices);
    if (known)
      await recordRefusal(db, {
        studentNo,
        periodId: period?.id ?? null,
        payload: JSON.stringify(choices),
        outcome: "refused",
        reason: refusal.message,
        at: nowIso,
      }).catch(() => {});
    throw refusal;
  }
}

/**
 * The registration row's write, which carries the guard of every rule of a save (its CHECK on `update_count` aborts
 * the batch when one fails; see the file's docblock). `upsert`: the student had a registration when read.
 */
function registration(db: Db, r: { sid: number; periodId: number; nowIso: string; deadline: string; upsert: boolean }) {
  const { sid, periodId, nowIso, deadline } = r;
  const guard = sql`EXISTS (SELECT 1 FROM selection_periods WHERE id = ${periodId} AND is_active = 1 AND start_date <= ${nowIso} AND end_date >= ${nowIso})
    AND EXISTS (SELECT 1 FROM students WHERE id = ${sid} AND is_active = 1 AND current_grade = ${SELECTION_GRADE})
    AND (SELECT count(*) FROM student_selections WHERE student_id = ${sid}) = (SELECT count(*) FROM selection_subjects WHERE ${REQUIRED_SUBJECT})
    AND NOT EXISTS (SELECT 1 FROM student_selections ss JOIN selection_subjects s ON s.id = ss.subject_id WHERE ss.student_id = ${sid} AND s.is_active = 0)`;
  const insert = sql`INSERT INTO selection_registrations (student_id, period_id, first_saved_at, update_deadline, update_count, last_saved_at)
    VALUES (${sid}, ${periodId}, ${nowIso}, ${deadline}, CASE WHEN ${guard} THEN 0 ELSE 99 END, ${nowIso})`;
  if (!r.upsert) return db.run(insert);
  // An upsert: if an admin deleted the registration meanwhile, this becomes a fresh first save. SQLite checks the
  // VALUES row's CHECK before the conflict, so it carries the guard too.
  return db.run(sql`${insert}
    ON CONFLICT(student_id) DO UPDATE SET
      update_count = CASE WHEN ${guard} AND period_id IS ${periodId} AND update_deadline >= ${nowIso}
                       AND (SELECT allow_changes FROM selection_periods WHERE id = ${periodId}) = 1 THEN update_count + 1
                     WHEN ${guard} AND period_id IS NOT ${periodId} THEN 0 ELSE 99 END,
      first_saved_at = CASE WHEN period_id IS ${periodId} THEN first_saved_at ELSE ${nowIso} END,
      update_deadline = CASE WHEN period_id IS ${periodId} THEN update_deadline ELSE ${deadline} END,
      period_id = ${periodId},
      last_saved_at = ${nowIso}`);
}

/** Read-phase checks that give precise 400s: one teacher per required subject, each teacher teaching it. */
function validateChoices(
  choices: Choice[],
  period: SavePeriod,
  requiredIds: Set<number>,
  found: Array<{ id: number; subjectId: number | null; isActive: boolean }>,
) {
  const chosen = new Set(choices.map((c) => c.subject_id));
  const params = { required: requiredIds.size };
  if (
    chosen.size !== choices.length ||
    chosen.size !== requiredIds.size ||
    [...chosen].some((id) => !requiredIds.has(id))
  ) {
    throw new ApiError("SELECTION_INCOMPLETE", { params, extra: { required: requiredIds.size } });
  }
  if (choices.length > period.maxSubjects) throw new ApiError("SELECTION_INCOMPLETE", { params });
  const byId = new Map(found.map((t) => [t.id, t]));
  if (choices.some((c) => byId.get(c.teacher_id)?.subjectId !== c.subject_id || !byId.get(c.teacher_id)?.isActive)) {
    throw new ApiError("SELECTION_TEACHER_MISMATCH");
  }
}

/** 409 NO_SEATS naming the teacher and subject (body `subject_id`, `subject_name`), or NO_SEATS_ANY when unknown. */
function noSeats(subjectId: number | null, subject: string | null, teacher: string | null) {
  const extra = { subject_id: subjectId, subject_name: subject };
  return subject
    ? new ApiError("NO_SEATS", { params: { teacher: teacher ?? "", subject }, extra })
    : new ApiError("NO_SEATS_ANY", { extra });
}

/** A held selection as read before the write. */
interface Held {
  teacherId: number;
  subjectId: number;
  session: number;
  selectedAt: string;
}

/** The student's current selection of this very subject + teacher (an update keeps it), if any. */
function kept(held: readonly Held[], ch: Choice): Held | undefined {
  return held.find((h) => h.subjectId === ch.subject_id && h.teacherId === ch.teacher_id);
}

/**
 * Statements that insert one choice and take its seat: a kept choice gets its session and date back (the update
 * released its seat just before, in the same batch, so the seat is free), a new one the session with more free
 * seats now. A concurrent update of the same student, which could change the held rows after the read, is refused
 * by the registration guard (its one-update count); whatever happens, the seat CHECKs still refuse overselling.
 */
function takeSeat(db: Db, sid: number, ch: Choice, periodId: number, nowIso: string, keep?: Held) {
  const session = (n: 1 | 2) =>
    sql`(SELECT count(*) FROM student_selections WHERE student_id = ${sid} AND teacher_id = ${ch.teacher_id} AND session_number = ${n})`;
  const assigned = keep
    ? sql`${keep.session}`
    : sql`CASE WHEN t.session_1_capacity - t.seats_taken_1 >= t.session_2_capacity - t.seats_taken_2 THEN 1 ELSE 2 END`;
  return [
    db.run(sql`INSERT INTO student_selections (student_id, subject_id, teacher_id, session_number, period_id, selected_at)
      SELECT ${sid}, ${ch.subject_id}, t.id, ${assigned}, ${periodId}, ${keep?.selectedAt ?? nowIso}
      FROM teachers t JOIN selection_subjects s ON s.id = t.subject_id
      WHERE t.id = ${ch.teacher_id} AND t.subject_id = ${ch.subject_id} AND t.is_active = 1 AND s.is_active = 1`),
    db.run(
      sql`UPDATE teachers SET seats_taken_1 = seats_taken_1 + ${session(1)}, seats_taken_2 = seats_taken_2 + ${session(2)} WHERE id = ${ch.teacher_id}`,
    ),
  ];
}

/** Statements that free every seat the student holds and delete their selections. */
function releaseSeats(db: Db, sid: number) {
  const held = (n: 1 | 2): SQL =>
    sql`(SELECT count(*) FROM student_selections ss WHERE ss.student_id = ${sid} AND ss.teacher_id = teachers.id AND ss.session_number = ${n})`;
  return [
    db.run(sql`UPDATE teachers SET seats_taken_1 = seats_taken_1 - ${held(1)}, seats_taken_2 = seats_taken_2 - ${held(2)}
      WHERE id IN (SELECT teacher_id FROM student_selections WHERE student_id = ${sid})`),
    db.delete(studentSelections).where(eq(studentSelections.studentId, sid)),
  ];
}

/** Turns a failed batch into the error the student should see (re-reading state only to word the message). */
async function explain(db: Db, err: unknown, choices: Choice[]): Promise<ApiError | Error> {
  if (err instanceof ApiError) return err;
  const failure = violation(err);
  if (!failure) return err as Error;
  if (broke(err, "teachers_seats1_chk", "teachers_seats2_chk")) {
    const full = await db
      .select({
        id: teachers.id,
        subjectId: selectionSubjects.id,
        subject: selectionSubjects.name,
        teacher: teachers.fullName,
      })
      .from(teachers)
      .innerJoin(selectionSubjects, eq(selectionSubjects.id, teachers.subjectId))
      .where(
        and(
          inArray(
            teachers.id,
            choices.map((c) => c.teacher_id),
          ),
          sql`${teachers.seatsTaken1} >= ${teachers.session1Capacity}`,
          sql`${teachers.seatsTaken2} >= ${teachers.session2Capacity}`,
        ),
      );
    markFull(full.map((t) => t.id));
    const first = full[0];
    return noSeats(first?.subjectId ?? null, first?.subject ?? null, first?.teacher ?? null);
  }
  if (broke(err, "selection_registrations.student_id", "student_selections.student_id, student_selections.subject_id"))
    return new ApiError("SELECTION_SAVED_MEANWHILE");
  // The registration guard (update_count CHECK) failed: state changed between the read phase and the write.
  return new ApiError("SELECTION_STATE_CHANGED");
}

/**
 * Admin delete-all: frees the seats, deletes the selections and the registration (the student may choose again).
 * Returns the number of selections deleted. Throws 404 STUDENT_NOT_FOUND, 404 SELECTIONS_NOT_FOUND.
 */
export async function deleteAllSelections(ctx: RequestContext, studentNo: string): Promise<number> {
  const { db } = ctx;
  const [student] = await db.select({ id: students.id }).from(students).where(eq(students.studentNo, studentNo));
  if (!student) throw new ApiError("STUDENT_NOT_FOUND");
  const before = await db.select().from(studentSelections).where(eq(studentSelections.studentId, student.id));
  if (before.length === 0) throw new ApiError("SELECTIONS_NOT_FOUND");
  await batchAll(db, [
    ...releaseSeats(db, student.id),
    db.delete(selectionRegistrations).where(eq(selectionRegistrations.studentId, student.id)),
    auditInsert(ctx, { action: "delete_all", entity: "student_selections", entityId: studentNo, before }),
  ]);
  forgetFull();
  return before.length;
}
