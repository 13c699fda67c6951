/** Students (docs/product.md#students). `student_no` is the national ID or passport number. */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestamps } from "./_common";

export const students = sqliteTable(
  "students",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    studentNo: text("student_no").notNull().unique(),
    fullName: text("full_name").notNull(),
    nationality: text("nationality").notNull(),
    religion: text("religion"),
    /** One of the admin grade list: KG-1, KG-2, Primary-1..6, Prep-1..3, Private. */
    currentGrade: text("current_grade").notNull(),
    buildingNo: integer("building_no").notNull(),
    gender: text("gender", { enum: ["male", "female"] }).notNull(),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    /**
     * `full_name` folded for the admin search (docs/product.md#languages-and-numbers, the Students/Fees search: أ/إ/آ →
     * ا, ى → ي, ة → ه, harakat and tatweel removed, lower-cased), so a search is a plain LIKE scan instead of folding
     * every stored name per request. Kept by the database itself (triggers in
     * db/migrations/0002_students_search_name_triggers.sql, on insert and on a name change), so every writer gets it;
     * the app never writes it; test/workers/student-search-name.test.ts guards the triggers.
     */
    searchName: text("search_name").notNull().default(""),
    ...timestamps,
  },
  (t) => [
    check("students_building_chk", sql`${t.buildingNo} BETWEEN 1 AND 6`),
    check("students_gender_chk", sql`${t.gender} IN ('male','female')`),
    index("students_grade_idx").on(t.currentGrade, t.fullName),
    index("students_active_idx").on(t.isActive),
    index("students_name_idx").on(t.fullName),
  ],
);

export type Student = typeof students.$inferSelect;
