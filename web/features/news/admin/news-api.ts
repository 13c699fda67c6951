/**
 * Calls of the News Management page (contract "News"; spec §7 "Admin news") through the typed Hono client, which
 * honours the base-URL override and sends the bearer token. Every function throws `ApiFailure` (status 0 = network
 * error) carrying the server's message. Dates are ISO 8601 UTC.
 */
import { NEWS_PAGE_SIZE, type NEWS_STATUSES, type NewsInput } from "@worker/api/news.schema";
import { apiClient, call } from "~/lib/api";

/** One article status. */
export type NewsStatus = (typeof NEWS_STATUSES)[number];

/** An article as the admin API returns it (spec §3 "News article"). */
export interface AdminNews {
  id: number;
  title: string;
  summary: string | null;
  content: string;
  image_url: string | null;
  author_name: string;
  status: NewsStatus;
  priority: number;
  publish_date: string;
  views: number;
  created_at: string;
  updated_at: string;
}

/** The five counters of the stat cards. */
export interface NewsStats {
  published_count: number;
  draft_count: number;
  archived_count: number;
  total_count: number;
  total_views: number;
}

/** "Page X of Y" data of a list response. */
export interface NewsPagination {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
}

/** List filters: `status` "" = All Status. */
export interface NewsQuery {
  page: number;
  search: string;
  status: NewsStatus | "";
}

/** `GET /api/admin/news` (10 per page, newest publish date first). */
export async function listNews(q: NewsQuery): Promise<{ news: AdminNews[]; pagination: NewsPagination }> {
  const query = { page: String(q.page), limit: String(NEWS_PAGE_SIZE), search: q.search, status: q.status, sortBy: "publish_date", sortOrder: "DESC" } as const;
  return call(apiClient().api.admin.news.$get({ query }));
}

/** `GET /api/admin/news/stats`. */
export async function newsStats(): Promise<NewsStats> {
  const body = await call(apiClient().api.admin.news.stats.$get());
  return body.stats;
}

/** `POST /api/admin/news` → the created article (201). */
export async function createNews(input: NewsInput): Promise<AdminNews> {
  const body = await call(apiClient().api.admin.news.$post({ json: input }));
  return body.news;
}

/** `PUT /api/admin/news/{id}` → the updated article. */
export async function updateNews(id: number, input: NewsInput): Promise<AdminNews> {
  const body = await call(apiClient().api.admin.news[":id"].$put({ param: { id: String(id) }, json: input }));
  return body.news;
}

/** `DELETE /api/admin/news/{id}` → the server's message. */
export async function deleteNews(id: number): Promise<string> {
  const body = await call(apiClient().api.admin.news[":id"].$delete({ param: { id: String(id) } }));
  return body.message;
}
