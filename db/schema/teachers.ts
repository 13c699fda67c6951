/**
 * Teachers with two sessions (groups) each (docs/product.md#course-selection). Seats taken are counters kept in the same
 * batch as the selection rows; the CHECKs make overselling impossible at the moment of the write.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { selectionSubjects } from "./selection-subjects";
import { timestamps } from "./_common";

export const teachers = sqliteTable(
  "teachers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    teacherCode: text("teacher_code").notNull().unique(),
    fullName: text("full_name").notNull(),
    buildingNo: text("building_no", { enum: ["5", "6"] })
      .notNull()
      .default("5"),
    subjectId: integer("subject_id").references(() => selectionSubjects.id, { onDelete: "restrict" }),
    session1Capacity: integer("session_1_capacity").notNull().default(35),
    session2Capacity: integer("session_2_capacity").notNull().default(35),
    seatsTaken1: integer("seats_taken_1").notNull().default(0),
    seatsTaken2: integer("seats_taken_2").notNull().default(0),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    ...timestamps,
  },
  (t) => [
    check("teachers_building_chk", sql`${t.buildingNo} IN ('5','6')`),
    check("teachers_cap1_chk", sql`${t.session1Capacity} BETWEEN 0 AND 35`),
    check("teachers_cap2_chk", sql`${t.session2Capacity} BETWEEN 0 AND 35`),
    check("teachers_seats1_chk", sql`${t.seatsTaken1} BETWEEN 0 AND ${t.session1Capacity}`),
    check("teachers_seats2_chk", sql`${t.seatsTaken2} BETWEEN 0 AND ${t.session2Capacity}`),
    index("teachers_subject_idx").on(t.subjectId, t.isActive),
  ],
);

export type Teacher = typeof teachers.$inferSelect;
