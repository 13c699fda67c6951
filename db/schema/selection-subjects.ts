/** Subjects offered in Prep-3 teacher selection (docs/product.md#course-selection). */
import { sql } from "drizzle-orm";
import { check, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestamps } from "./_common";

export const selectionSubjects = sqliteTable(
  "selection_subjects",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull().unique(),
    description: text("description"),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    maxSelections: integer("max_selections").notNull().default(5),
    ...timestamps,
  },
  (t) => [check("subjects_max_sel_chk", sql`${t.maxSelections} BETWEEN 1 AND 10`)],
);
