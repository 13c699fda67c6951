/** The messages log of the console (docs/product.md#guardians-and-messages): list and counts (retry: ./retry.ts). */
import { and, desc, eq, gte, sql, type SQL } from "drizzle-orm";
import { messages, students } from "../../../db/schema";
import { CARRIES_FEES, type ListMessagesQuery, type MessageJson } from "../../contracts/messages";
import { DEFAULT_LIST_PAGE_SIZE } from "../../contracts/students";
import type { Db } from "../../db";
import { describeFailure } from "./failure";
import { isRetryable } from "./retry";
import { cairoClock } from "./settings";

const COLUMNS = {
  m: messages,
  studentNo: students.studentNo,
  fullName: students.fullName,
  grade: students.currentGrade,
};

/**
 * `feesVisible`: the reader holds fees.read; without it the text of a fee-carrying kind is null. `now`: whether Retry
 * is allowed depends on the time (a queued message late past its send time).
 */
function toJson(
  r: { m: typeof messages.$inferSelect; studentNo: string; fullName: string; grade: string },
  feesVisible: boolean,
  now: Date,
): MessageJson {
  return {
    id: r.m.id,
    kind: r.m.kind,
    channel: r.m.channel,
    to: r.m.toPhone,
    status: r.m.status,
    student_no: r.studentNo,
    full_name: r.fullName,
    grade: r.grade,
    language: r.m.language,
    // A sign-in code is nobody's to read in the console (docs/product.md#family-accounts).
    body: r.m.kind === "sign_in_code" ? null : feesVisible || !CARRIES_FEES[r.m.kind] ? r.m.body : null,
    attempts: r.m.attempts,
    error: r.m.error,
    failure: describeFailure(r.m.error, r.m.channel),
    dead_letter: r.m.deadAt !== null,
    retryable: isRetryable(r.m, now),
    created_at: r.m.createdAt,
    updated_at: r.m.updatedAt,
  };
}

/**
 * One page of the log (newest first) with the total, in one batch. `feesVisible` = the reader holds fees.read: without
 * it, the body of a kind that carries fee figures (`CARRIES_FEES`) is null, the rest of the row as is. `now`: the
 * request's clock, for `retryable`.
 */
export async function listMessages(db: Db, q: ListMessagesQuery, feesVisible: boolean, now: Date) {
  const conds: SQL[] = [];
  if (q.student_no) conds.push(eq(students.studentNo, q.student_no));
  if (q.kind) conds.push(eq(messages.kind, q.kind));
  if (q.status) conds.push(eq(messages.status, q.status));
  if (q.grade) conds.push(eq(students.currentGrade, q.grade));
  const where = conds.length ? and(...conds) : undefined;
  const page = q.page ?? 1;
  const limit = q.limit ?? DEFAULT_LIST_PAGE_SIZE;
  const [rows, [count]] = await db.batch([
    db
      .select(COLUMNS)
      .from(messages)
      .innerJoin(students, eq(students.id, messages.studentId))
      .where(where)
      .orderBy(desc(messages.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({ n: sql<number>`count(*)` })
      .from(messages)
      .innerJoin(students, eq(students.id, messages.studentId))
      .where(where),
  ]);
  const total = Number(count?.n ?? 0);
  return {
    messages: rows.map((r) => toJson(r, feesVisible, now)),
    pagination: { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) },
  };
}

/** Messages planned today and this month (Cairo days), by status. */
export async function messageCounts(db: Db, now: Date) {
  const { day } = cairoClock(now);
  const month = `${day.slice(0, 7)}-01`;
  const rows = await db
    .select({ status: messages.status, today: sql<number>`sum(${messages.day} = ${day})`, n: sql<number>`count(*)` })
    .from(messages)
    .where(gte(messages.day, month))
    .groupBy(messages.status);
  const today: Record<string, number> = {};
  const inMonth: Record<string, number> = {};
  for (const r of rows) {
    today[r.status] = Number(r.today ?? 0);
    inMonth[r.status] = Number(r.n);
  }
  return { today, month: inMonth };
}
