/**
 * Planning messages (docs/product.md#guardians-and-messages, docs/decisions/0037-guardian-messages.md). Every planner
 * writes its rows with INSERT … ON CONFLICT (msg_key) DO NOTHING and enqueues only the rows it inserted: a cron run
 * twice, two isolates or a replayed event write each message once and enqueue it once. The message goes to the
 * student's first guardian (by position) who has not opted out: by WhatsApp with consent, else by SMS; not a kind
 * that guardian's number switched off on the family's page.
 */
import { and, asc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import { messages, type StudentGuardian, studentGuardians, students } from "../../../db/schema";
import type { Db } from "../../db";
import { mutedKindsOf } from "../family/preferences";
import { getMessageSettings } from "./settings";
import { renderMessage, type MessageFacts, type MessageKind } from "./texts";

/** One message to plan: its kind, student, reference (instalment, term, receipt, period) and facts. */
export interface PlannedMessage {
  kind: MessageKind;
  studentId: number;
  ref: string;
  facts: MessageFacts;
}

/** Sends message ids to the delivery queue (the Worker's producer binding; a test's recorder). */
export type Enqueue = (ids: number[]) => Promise<void>;

/** Rows per INSERT: 19 columns × 25 rows stays far below SQLite's bound-parameter limit. */
const CHUNK = 25;

/**
 * The recipient of each student's messages: the first guardian by position who has not opted out (none: the student
 * is absent from the map). Read in chunks of 500 students.
 */
export async function recipientsOf(db: Db, studentIds: number[]): Promise<Map<number, StudentGuardian>> {
  const ids = [...new Set(studentIds)];
  const out = new Map<number, StudentGuardian>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .select()
      .from(studentGuardians)
      .where(and(inArray(studentGuardians.studentId, ids.slice(i, i + 500)), isNull(studentGuardians.optedOutAt)))
      .orderBy(asc(studentGuardians.studentId), asc(studentGuardians.position));
    for (const g of rows) if (!out.has(g.studentId)) out.set(g.studentId, g);
  }
  return out;
}

/** WhatsApp with the guardian's consent, else SMS. */
export const channelOf = (g: StudentGuardian): "whatsapp" | "sms" => (g.whatsappConsent ? "whatsapp" : "sms");

/**
 * Writes `planned` for `day` (Cairo YYYY-MM-DD), skipping switched-off kinds and students without a reachable
 * guardian, and enqueues the rows this call inserted. Returns their ids.
 */
export async function writeAndEnqueue(db: Db, day: string, planned: PlannedMessage[], enqueue: Enqueue) {
  const settings = await getMessageSettings(db);
  const wanted = planned.filter((p) => settings.kinds[p.kind]);
  if (wanted.length === 0) return [];
  const guardians = await recipientsOf(
    db,
    wanted.map((p) => p.studentId),
  );
  // Kinds a family switched off on its page (docs/product.md#family-accounts) are not planned for its number.
  const muted = await mutedKindsOf(
    db,
    [...guardians.values()].map((g) => g.phone),
  );
  const values = wanted.flatMap((p) => {
    const g = guardians.get(p.studentId);
    if (!g || muted.get(g.phone)?.has(p.kind)) return [];
    const text = renderMessage(p.kind, g.language, p.facts);
    return [
      {
        msgKey: `${p.kind}:${p.studentId}:${p.ref}:${day}`,
        kind: p.kind,
        studentId: p.studentId,
        guardianId: g.id,
        channel: channelOf(g),
        toPhone: g.phone,
        language: g.language,
        template: text.template,
        params: JSON.stringify(text.params),
        body: text.body,
        day,
      },
    ];
  });
  const inserted: number[] = [];
  for (let i = 0; i < values.length; i += CHUNK) {
    const rows = await db
      .insert(messages)
      .values(values.slice(i, i + CHUNK))
      .onConflictDoNothing({ target: messages.msgKey })
      .returning({ id: messages.id });
    inserted.push(...rows.map((r) => r.id));
  }
  if (inserted.length) await enqueue(inserted);
  return inserted;
}

/** `day` ± `n` days (YYYY-MM-DD, calendar arithmetic). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Days after the due date an overdue reminder goes out: the next day, then weekly, at most 4 times. */
export const OVERDUE_DAYS = [1, 8, 15, 22] as const;
/** Days before the due date a reminder goes out. */
export const DUE_DAYS = [7, 1] as const;

/** Days between reminders of an instalment of an earlier year's account still unpaid (arrears). */
export const ARREARS_EVERY_DAYS = 30;

/**
 * The instalment reminders of `day` for active students: an unpaid remainder due in 7 or 1 days, or overdue by 1, 8,
 * 15 or 22 days; on an earlier year's account (arrears, docs/product.md#fees), overdue by every multiple of 30 days
 * too, as long as it stays unpaid. Reference: the instalment's id.
 */
export async function instalmentMessages(db: Db, day: string): Promise<PlannedMessage[]> {
  const dueDates = DUE_DAYS.map((n) => addDays(day, n));
  const overdueDates = OVERDUE_DAYS.map((n) => addDays(day, -n));
  const rows = await db.all<{ id: number; student_id: number; name: string; due: string; left: number }>(sql`
    SELECT i.id, s.id AS student_id, s.full_name AS name, i.due_date AS due, i.amount_piastres - i.paid_piastres AS left
    FROM fee_instalments i JOIN fee_records f ON f.id = i.fee_record_id JOIN students s ON s.id = f.student_id
    WHERE s.is_active = 1 AND i.amount_piastres > i.paid_piastres
      AND (i.due_date IN (${sql.join(
        [...dueDates, ...overdueDates].map((d) => sql`${d}`),
        sql`, `,
      )}) OR (f.academic_year_name < (SELECT name FROM academic_years WHERE state = 'current')
        AND i.due_date < ${day}
        AND CAST(julianday(${day}) - julianday(i.due_date) AS INTEGER) % ${ARREARS_EVERY_DAYS} = 0))
      AND EXISTS (SELECT 1 FROM student_guardians g WHERE g.student_id = s.id)`);
  return rows.map((r) => ({
    kind: r.due > day ? "instalment_due" : "instalment_overdue",
    studentId: r.student_id,
    ref: `i${r.id}`,
    facts: { studentName: r.name, amountPiastres: r.left, dueDate: r.due },
  }));
}

/** Messages planned but never enqueued (an isolate stopped between the write and the enqueue), older than 10 min. */
export async function strandedMessageIds(db: Db, now: Date): Promise<number[]> {
  const before = new Date(now.getTime() - 10 * 60_000).toISOString();
  const rows = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.status, "queued"), eq(messages.attempts, 0), lt(messages.createdAt, before)))
    .limit(1000);
  return rows.map((r) => r.id);
}

/** The students (active) of `grade`, for a message to a whole grade. */
export async function activeStudentsOf(db: Db, grade: string) {
  return db
    .select({ id: students.id, name: students.fullName })
    .from(students)
    .where(and(eq(students.currentGrade, grade), eq(students.isActive, true)));
}
