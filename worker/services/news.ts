/**
 * News (docs/product.md#news; the home carousel, #public-home). Admin CRUD with audit rows in the same batch;
 * public reads see only `published` items. Dates are ISO 8601 UTC. Answers have the shapes of the answer schemas
 * (worker/contracts/news.ts).
 */
import { and, asc, desc, eq, or, sql, type SQL } from "drizzle-orm";
import { news } from "../../db/schema";
import type { Db } from "../db";
import { ApiError } from "../errors";
import type { RequestContext } from "../request-context";
import type { NewsInput, NewsJson, NewsListQuery, NewsStats, PublicNewsJson } from "../contracts/news";
import { NEW_ROW_ID, auditInsert } from "./audit";

type NewsRow = typeof news.$inferSelect;

/** Admin shape: every column, snake_case. */
export function toAdminNews(r: NewsRow): NewsJson {
  return {
    id: r.id,
    title: r.title,
    summary: r.summary,
    content: r.content,
    image_url: r.imageUrl,
    author_name: r.authorName,
    status: r.status,
    priority: r.priority,
    publish_date: r.publishDate,
    views: r.views,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  };
}

/** Public shape: what the home carousel and its detail dialog show. */
export function toPublicNews(r: NewsRow): PublicNewsJson {
  return {
    id: r.id,
    title: r.title,
    summary: r.summary,
    content: r.content,
    image_url: r.imageUrl,
    publish_date: r.publishDate,
    author_name: r.authorName,
  };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** One page of articles for the admin list, with the total for "Page X of Y". */
export async function listNews(db: Db, q: NewsListQuery) {
  const filters: SQL[] = [];
  if (q.status) filters.push(eq(news.status, q.status));
  if (q.search) {
    const pattern = `%${escapeLike(q.search)}%`;
    filters.push(
      or(
        sql`${news.title} LIKE ${pattern} ESCAPE '\\'`,
        sql`${news.content} LIKE ${pattern} ESCAPE '\\'`,
        sql`${news.authorName} LIKE ${pattern} ESCAPE '\\'`,
      )!,
    );
  }
  const where = filters.length ? and(...filters) : undefined;
  const column = {
    publish_date: news.publishDate,
    title: news.title,
    created_at: news.createdAt,
    views: news.views,
    priority: news.priority,
  }[q.sortBy];
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(news)
      .where(where)
      .orderBy(q.sortOrder === "ASC" ? asc(column) : desc(column), desc(news.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: sql<number>`count(*)` }).from(news).where(where),
  ]);
  const total = Number(count?.n ?? 0);
  return {
    news: rows.map(toAdminNews),
    pagination: { page: q.page, limit: q.limit, total, totalPages: Math.max(1, Math.ceil(total / q.limit)) },
  };
}

/** The five counters of the News Management stat cards. */
export async function newsStats(db: Db): Promise<NewsStats> {
  const [row] = await db
    .select({
      published_count: sql<number>`coalesce(sum(${news.status} = 'published'), 0)`,
      draft_count: sql<number>`coalesce(sum(${news.status} = 'draft'), 0)`,
      archived_count: sql<number>`coalesce(sum(${news.status} = 'archived'), 0)`,
      total_count: sql<number>`count(*)`,
      total_views: sql<number>`coalesce(sum(${news.views}), 0)`,
    })
    .from(news);
  const n = (v: unknown) => Number(v ?? 0);
  return {
    published_count: n(row?.published_count),
    draft_count: n(row?.draft_count),
    archived_count: n(row?.archived_count),
    total_count: n(row?.total_count),
    total_views: n(row?.total_views),
  };
}

async function getRow(db: Db, id: number): Promise<NewsRow> {
  const [row] = await db.select().from(news).where(eq(news.id, id));
  if (!row) throw new ApiError("NEWS_NOT_FOUND");
  return row;
}

function values(input: NewsInput, now: Date) {
  return {
    title: input.title,
    content: input.content,
    summary: input.summary,
    imageUrl: input.image_url,
    authorName: input.author_name,
    status: input.status,
    priority: input.priority,
    publishDate: input.publish_date ?? now.toISOString(),
  };
}

/** Creates an article (audit row in the same batch). */
export async function createNews(ctx: RequestContext, input: NewsInput) {
  const { db } = ctx;
  const now = new Date();
  const [[row]] = await db.batch([
    db.insert(news).values(values(input, now)).returning(),
    auditInsert(ctx, { action: "create", entity: "news", entityId: NEW_ROW_ID, after: input }),
  ]);
  return toAdminNews(row!);
}

/** Replaces an article's editable fields. Throws NEWS_NOT_FOUND (404). `publish_date` keeps its value when omitted. */
export async function updateNews(ctx: RequestContext, id: number, input: NewsInput) {
  const { db } = ctx;
  const before = await getRow(db, id);
  const now = new Date();
  const next = {
    ...values(input, now),
    publishDate: input.publish_date ?? before.publishDate,
    updatedAt: now.toISOString(),
  };
  const [[row]] = await db.batch([
    db.update(news).set(next).where(eq(news.id, id)).returning(),
    auditInsert(ctx, { action: "update", entity: "news", entityId: id, before: toAdminNews(before), after: next }),
  ]);
  if (!row) throw new ApiError("NEWS_NOT_FOUND");
  return toAdminNews(row);
}

/** Deletes an article. Throws NEWS_NOT_FOUND (404). */
export async function deleteNews(ctx: RequestContext, id: number) {
  const { db } = ctx;
  const before = await getRow(db, id);
  await db.batch([
    db.delete(news).where(eq(news.id, id)),
    auditInsert(ctx, { action: "delete", entity: "news", entityId: id, before: toAdminNews(before) }),
  ]);
}

const published = eq(news.status, "published");

/** The `limit` most recent published items, newest publish date first (the home carousel shows 6). */
export async function recentPublishedNews(db: Db, limit: number): Promise<PublicNewsJson[]> {
  const rows = await db
    .select()
    .from(news)
    .where(published)
    .orderBy(desc(news.publishDate), desc(news.id))
    .limit(limit);
  return rows.map(toPublicNews);
}

/** Published items with a priority above 0, highest first (public "featured"). */
export async function featuredNews(db: Db, limit = 3): Promise<PublicNewsJson[]> {
  const rows = await db
    .select()
    .from(news)
    .where(and(published, sql`${news.priority} > 0`))
    .orderBy(desc(news.priority), desc(news.publishDate))
    .limit(limit);
  return rows.map(toPublicNews);
}

/** Marks older than this many hours are purged; only the current hour's marks decide anything. */
const VIEW_MARK_HOURS_KEPT = 2;
/** Marks purged per read, so the purge stays a bounded piece of each read. */
const VIEW_MARK_PURGE = 50;

/**
 * One published item (docs/product.md#news). Counts a view only the first time in the current UTC hour that
 * `client` (a keyed hash of the reader's address, never the address) reads it: the mark's INSERT OR IGNORE and the
 * conditional +1 are one batch, so a reload, a crawler or a script adds at most one view per client, item and hour.
 * Reads of unknown or unpublished items write nothing. Throws NEWS_NOT_FOUND (404) unless published.
 */
export async function readPublishedNews(db: Db, id: number, client: string, now: Date): Promise<PublicNewsJson> {
  const hour = Math.floor(now.getTime() / 3_600_000);
  const [, , , rows] = await db.batch([
    db.run(sql`INSERT OR IGNORE INTO news_view_marks (news_id, client, hour)
      SELECT id, ${client}, ${hour} FROM news WHERE id = ${id} AND status = 'published'`),
    db.run(sql`UPDATE news SET views = views + 1 WHERE id = ${id} AND status = 'published' AND changes() = 1`),
    db.run(sql`DELETE FROM news_view_marks WHERE rowid IN
      (SELECT rowid FROM news_view_marks WHERE hour < ${hour - VIEW_MARK_HOURS_KEPT + 1} LIMIT ${VIEW_MARK_PURGE})`),
    db
      .select()
      .from(news)
      .where(and(eq(news.id, id), published)),
  ]);
  const row = rows[0];
  if (!row) throw new ApiError("NEWS_NOT_FOUND");
  return toPublicNews(row);
}
