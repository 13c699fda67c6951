/** Which academic year + semester the public may see (docs/product.md#results-publishing). */
import { sql } from "drizzle-orm";
import { check, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const resultPublications = sqliteTable(
  "result_publications",
  {
    academicYearName: text("academic_year_name").notNull(),
    semester: text("semester", { enum: ["S1", "S2"] }).notNull(),
    isPublished: integer("is_published", { mode: "boolean" }).notNull().default(false),
    publishedAt: text("published_at"),
  },
  (t) => [
    primaryKey({ columns: [t.academicYearName, t.semester] }),
    check("pub_semester_chk", sql`${t.semester} IN ('S1','S2')`),
  ],
);
