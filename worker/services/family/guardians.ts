/**
 * The office's view of family accounts (docs/product.md#family-accounts, "The office"): the guardian numbers of the
 * school with their account state, and one number's whole account. An account is the number itself, so both read
 * `student_guardians` grouped by `phone` and join the number's sign-in sessions.
 */
import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { familySignInCodes, messages, studentGuardians, students } from "../../../db/schema";
import type { Db } from "../../db";
import type { GuardianListQuery, GuardianRowJson } from "../../contracts/family-admin";
import { FAMILY_OPTIONAL_KINDS } from "../../contracts/family";
import { DEFAULT_LIST_PAGE_SIZE } from "../../contracts/students";
import { phoneSearchDigits } from "../../lib/phone";
import { containsPattern } from "../student-search";
import { CHILD_COLUMNS, childrenOf } from "./read";
import { mutedKindsOf } from "./preferences";
import { openSessionsOf } from "./sessions";

/** Children named per row of the list; the rest are counted. */
const CHILDREN_SHOWN = 5;

/** The numbers whose guardian name, child's name or number, or mobile digits contain `search` (already folded). */
function searchCondition(search: string | undefined): SQL {
  if (!search) return sql`1`;
  const p = containsPattern(search);
  const digits = /^[\d\s+()-]+$/.test(search) ? phoneSearchDigits(search) : "";
  const byPhone = digits.length >= 4 ? sql` OR g3.phone LIKE ${`%${digits}%`}` : sql``;
  return sql`phone IN (SELECT g3.phone FROM student_guardians g3 JOIN students s3 ON s3.id = g3.student_id
    WHERE g3.search_name LIKE ${p} ESCAPE '\\' OR s3.search_name LIKE ${p} ESCAPE '\\'
    OR lower(s3.student_no) LIKE ${p} ESCAPE '\\'${byPhone})`;
}

/**
 * One row per number (of those `where` keeps): SQLite takes the bare name, folded name and relation from the row of
 * `min(g.id)` (its first guardian row).
 */
function grouped(now: string, where: SQL): SQL {
  return sql`SELECT g.phone AS phone, min(g.id) AS first_id, g.full_name AS full_name, g.search_name AS search_name,
      g.relation AS relation,
      count(DISTINCT g.student_id) AS children_count,
      min(g.whatsapp_consent) AS consent_all, max(g.whatsapp_consent) AS consent_any,
      max(g.opted_out_at) AS opted_out_at,
      (SELECT count(*) FROM guardian_sessions gs WHERE gs.phone = g.phone AND gs.revoked_at IS NULL
        AND gs.expires_at > ${now}) AS open_sessions,
      (SELECT max(gs.created_at) FROM guardian_sessions gs WHERE gs.phone = g.phone) AS last_sign_in_at,
      (SELECT max(gs.last_seen_at) FROM guardian_sessions gs WHERE gs.phone = g.phone) AS last_seen_at
    FROM student_guardians g WHERE ${where} GROUP BY g.phone`;
}

const accountCondition = (account: GuardianListQuery["account"]): SQL =>
  account === "open"
    ? sql`open_sessions > 0`
    : account === "signed_in"
      ? sql`last_sign_in_at IS NOT NULL`
      : account === "never"
        ? sql`last_sign_in_at IS NULL`
        : sql`1`;

/** "on" when every guardian row of a number has WhatsApp consent, "some" when some do, else "off". */
export const whatsappState = (all: boolean, any: boolean): GuardianRowJson["whatsapp"] =>
  all ? "on" : any ? "some" : "off";

type Grouped = Omit<GuardianRowJson, "children" | "whatsapp"> & { consent_all: number; consent_any: number };

/**
 * One page of the school's guardian numbers, by guardian name (folded, so أحمد and احمد sort together) then number,
 * with the figures of every number (`counts`). Answers `{guardians, pagination, counts}`; a page past the end is
 * empty. One batch of two reads, and a third for the page's children.
 */
export async function listGuardians(db: Db, query: GuardianListQuery, now: Date) {
  const limit = query.limit ?? DEFAULT_LIST_PAGE_SIZE;
  const page = query.page ?? 1;
  const at = now.toISOString();
  const search = searchCondition(query.search);
  const account = accountCondition(query.account);
  // The page groups only the numbers the search keeps; the figures and the matching total share one grouping of all.
  const [rows, [figures]] = await db.batch([
    db.all<Grouped & { search_name: string }>(sql`SELECT * FROM (${grouped(at, search)}) WHERE ${account}
      ORDER BY search_name, full_name, phone LIMIT ${limit} OFFSET ${(page - 1) * limit}`),
    db.all<{ numbers: number; signed_in: number | null; open: number | null; matching: number | null }>(sql`
      SELECT count(*) AS numbers, sum(last_sign_in_at IS NOT NULL) AS signed_in, sum(open_sessions > 0) AS open,
        sum((${search}) AND (${account})) AS matching FROM (${grouped(at, sql`1`)})`),
  ]);
  const phones = rows.map((r) => r.phone);
  const kids = phones.length
    ? await db
        .selectDistinct({ phone: studentGuardians.phone, ...CHILD_COLUMNS })
        .from(studentGuardians)
        .innerJoin(students, eq(students.id, studentGuardians.studentId))
        .where(inArray(studentGuardians.phone, phones))
        .orderBy(students.id)
    : [];
  const guardians: GuardianRowJson[] = rows.map(({ consent_all, consent_any, ...r }) => ({
    phone: r.phone,
    full_name: r.full_name,
    relation: r.relation,
    children_count: r.children_count,
    children: kids
      .filter((k) => k.phone === r.phone)
      .slice(0, CHILDREN_SHOWN)
      .map(({ phone: _, ...k }) => k),
    whatsapp: whatsappState(Boolean(consent_all), Boolean(consent_any)),
    opted_out_at: r.opted_out_at,
    open_sessions: r.open_sessions,
    last_sign_in_at: r.last_sign_in_at,
    last_seen_at: r.last_seen_at,
  }));
  const n = figures?.matching ?? 0;
  return {
    guardians,
    pagination: { page, limit, total: n, totalPages: Math.max(1, Math.ceil(n / limit)) },
    counts: { numbers: figures?.numbers ?? 0, signed_in: figures?.signed_in ?? 0, open: figures?.open ?? 0 },
  };
}

/**
 * One number's account as the office sees it: children, its guardian rows, muted kinds, open sessions, the last 20
 * sign-in codes, the last 20 messages about its children sent to it, and the last invitation. A number the school
 * does not know answers empty lists (the page says so).
 */
export async function guardianAccount(db: Db, phone: string, now: Date) {
  const [children, sessions, codes, rows, muted] = await Promise.all([
    childrenOf(db, phone),
    openSessionsOf(db, phone, now),
    db
      .select()
      .from(familySignInCodes)
      .where(and(eq(familySignInCodes.phone, phone), eq(familySignInCodes.known, true)))
      .orderBy(desc(familySignInCodes.id))
      .limit(20),
    db.select().from(studentGuardians).where(eq(studentGuardians.phone, phone)).orderBy(studentGuardians.studentId),
    mutedKindsOf(db, [phone]),
  ]);
  // The messages about its children, through the students' index rather than every message to every number.
  const sent = children.length
    ? await db
        .select({
          id: messages.id,
          kind: messages.kind,
          channel: messages.channel,
          status: messages.status,
          student_id: messages.studentId,
          created_at: messages.createdAt,
        })
        .from(messages)
        .where(
          and(
            inArray(
              messages.studentId,
              children.map((ch) => ch.id),
            ),
            eq(messages.toPhone, phone),
          ),
        )
        .orderBy(desc(messages.id))
        .limit(20)
    : [];
  const invite = await lastInvite(
    db,
    phone,
    sent,
    children.map((ch) => ch.id),
  );
  const kinds = muted.get(phone) ?? new Set<string>();
  return {
    phone,
    children: children.map(({ studentNo, ...ch }) => ({ ...ch, student_no: studentNo })),
    guardians: rows.map((g) => ({
      student_id: g.studentId,
      full_name: g.fullName,
      relation: g.relation,
      language: g.language,
      whatsapp_consent: g.whatsappConsent,
      consent_recorded_at: g.consentRecordedAt,
      consent_recorded_by: g.consentRecordedBy,
      opted_out_at: g.optedOutAt,
    })),
    whatsapp: whatsappState(
      rows.every((g) => g.whatsappConsent),
      rows.some((g) => g.whatsappConsent),
    ),
    muted_kinds: FAMILY_OPTIONAL_KINDS.filter((k) => kinds.has(k)),
    sessions,
    sign_ins: codes.map((r) => ({
      created_at: r.createdAt,
      used: r.consumedAt !== null,
      attempts: r.attempts,
      expires_at: r.expiresAt,
    })),
    messages: sent,
    last_invite: invite,
  };
}

type Sent = Pick<typeof messages.$inferSelect, "kind" | "channel" | "status"> & { created_at: string };

/** The newest invitation to `phone`: among the last messages when it is there, else read for it alone. */
async function lastInvite(db: Db, phone: string, sent: Sent[], childIds: number[]) {
  const seen = sent.find((m) => m.kind === "family_invite");
  const [row] = seen
    ? [seen]
    : childIds.length
      ? await db
          .select({ created_at: messages.createdAt, channel: messages.channel, status: messages.status })
          .from(messages)
          .where(
            and(inArray(messages.studentId, childIds), eq(messages.kind, "family_invite"), eq(messages.toPhone, phone)),
          )
          .orderBy(desc(messages.id))
          .limit(1)
      : [];
  return row ? { created_at: row.created_at, channel: row.channel, status: row.status } : null;
}
