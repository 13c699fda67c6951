/** News articles (docs/product.md#news). Public readers see only `published`. */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { nowIso, timestamps } from "./_common";

export const news = sqliteTable(
  "news",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    title: text("title").notNull(),
    summary: text("summary"),
    content: text("content").notNull(),
    imageUrl: text("image_url"),
    authorName: text("author_name").notNull().default("Admin"),
    status: text("status", { enum: ["draft", "published", "archived"] })
      .notNull()
      .default("draft"),
    priority: integer("priority").notNull().default(0),
    publishDate: text("publish_date").notNull().default(nowIso),
    views: integer("views").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    check("news_status_chk", sql`${t.status} IN ('draft','published','archived')`),
    check("news_title_len_chk", sql`length(${t.title}) <= 255`),
    index("news_status_date_idx").on(t.status, t.publishDate),
    index("news_date_idx").on(t.publishDate),
  ],
);

export type News = typeof news.$inferSelect;
