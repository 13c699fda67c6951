/** Demo news: 7 published (last 60 days, newest = teacher selection opening), 3 drafts, 2 archived. */
import type { news } from "../../db/schema";
import type { Rng } from "./rng";
import type { SeedArticle } from "./data/news-types";
import { PUBLISHED_ARTICLES } from "./data/news-published";
import { ARCHIVED_ARTICLES, DRAFT_ARTICLES } from "./data/news-other";

export type NewsRow = typeof news.$inferInsert;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Days before `now` of the published articles, in PUBLISHED_ARTICLES order (newest first). */
const PUBLISHED_DAYS_AGO = [3, 9, 17, 26, 35, 47, 58];
/** Archived articles keep their original (fixed) dates in the 2024-2025 school year. */
const ARCHIVED_DATES = ["2025-02-01T09:00:00.000Z", "2025-05-12T09:30:00.000Z"];

function row(a: SeedArticle, status: NewsRow["status"], at: Date, views: number): NewsRow {
  const iso = at.toISOString();
  return {
    title: a.title,
    summary: a.summary,
    content: a.paragraphs.join("\n\n"),
    imageUrl: null,
    authorName: a.authorName,
    status,
    priority: 0,
    publishDate: iso,
    views,
    createdAt: iso,
    updatedAt: iso,
  };
}

/**
 * Builds the 12 news rows (publish dates ISO UTC). The newest published article is dated 2 hours after the
 * selection period opened (now − 3 days + 2 h); the others sit in school hours 3-58 days back. Drafts are dated
 * 1-5 days back and have 0 views; published and archived have 0-500 views.
 */
export function buildNews(rng: Rng, now: Date): NewsRow[] {
  const rows: NewsRow[] = [];
  PUBLISHED_ARTICLES.forEach((a, i) => {
    const day = now.getTime() - PUBLISHED_DAYS_AGO[i] * DAY_MS;
    const at = i === 0 ? day + 2 * HOUR_MS : day - rng.int(1, 6) * HOUR_MS - rng.int(0, 59) * 60_000;
    rows.push(row(a, "published", new Date(at), rng.int(0, 500)));
  });
  DRAFT_ARTICLES.forEach((a) => {
    const at = now.getTime() - rng.int(1, 5) * DAY_MS - rng.int(0, 8) * HOUR_MS;
    rows.push(row(a, "draft", new Date(at), 0));
  });
  ARCHIVED_ARTICLES.forEach((a, i) => {
    rows.push(row(a, "archived", new Date(ARCHIVED_DATES[i]), rng.int(0, 500)));
  });
  return rows;
}
