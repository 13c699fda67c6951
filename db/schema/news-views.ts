/**
 * One mark per (article, client, hour) that has been counted as a view (docs/product.md#news): a public read counts a
 * view only when its mark is new, so one client adds at most one view per article per hour. `client` is a keyed hash
 * of the caller's address (never the address itself); `hour` is whole hours since the Unix epoch (UTC). Marks older
 * than two hours are purged as reads come in.
 */
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { news } from "./news";

export const newsViewMarks = sqliteTable(
  "news_view_marks",
  {
    newsId: integer("news_id")
      .notNull()
      .references(() => news.id, { onDelete: "cascade" }),
    client: text("client").notNull(),
    hour: integer("hour").notNull(),
  },
  (t) => [primaryKey({ columns: [t.newsId, t.client, t.hour] }), index("news_view_marks_hour_idx").on(t.hour)],
);
