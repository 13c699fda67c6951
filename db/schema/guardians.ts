/**
 * A student's guardians (docs/product.md#guardians-and-messages): 0-3 per student, in the order the office lists
 * them (`position` 0-2). `phone` is E.164 (worker/lib/phone.ts). WhatsApp consent carries when and by whom it was
 * recorded; `opted_out_at` is set when the guardian replies STOP / إلغاء (no message of any kind is sent after).
 * A student's guardians are replaced whole on every edit, inside the student's write (worker/services/guardians.ts).
 */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { timestamps } from "./_common";
import { students } from "./students";
import { GUARDIAN_LANGUAGES, GUARDIAN_RELATIONS } from "./enums";

export { GUARDIAN_LANGUAGES, GUARDIAN_RELATIONS };

export const studentGuardians = sqliteTable(
  "student_guardians",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    studentId: integer("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    fullName: text("full_name").notNull(),
    relation: text("relation", { enum: GUARDIAN_RELATIONS }).notNull(),
    /** E.164, e.g. `+201001234567`. */
    phone: text("phone").notNull(),
    language: text("language", { enum: GUARDIAN_LANGUAGES }).notNull().default("ar"),
    whatsappConsent: integer("whatsapp_consent", { mode: "boolean" }).notNull().default(false),
    /** When consent was last given or withdrawn, and the username that recorded it (ISO 8601 UTC). */
    consentRecordedAt: text("consent_recorded_at"),
    consentRecordedBy: text("consent_recorded_by"),
    /** Set by an inbound STOP / إلغاء; cleared only by recording consent again. */
    optedOutAt: text("opted_out_at"),
    /**
     * `full_name` folded as `students.search_name` is, for the office's Guardians search and its order. Kept by the
     * database (triggers in db/migrations/0041_guardians_search_name_triggers.sql); the app never writes it;
     * test/workers/student-search-name.test.ts guards the triggers.
     */
    searchName: text("search_name").notNull().default(""),
    ...timestamps,
  },
  (t) => [
    check("guardians_position_chk", sql`${t.position} BETWEEN 0 AND 2`),
    check("guardians_relation_chk", sql`${t.relation} IN ('father','mother','guardian')`),
    check("guardians_language_chk", sql`${t.language} IN ('ar','en')`),
    uniqueIndex("guardians_student_position_uq").on(t.studentId, t.position),
    index("guardians_phone_idx").on(t.phone),
  ],
);

export type StudentGuardian = typeof studentGuardians.$inferSelect;
