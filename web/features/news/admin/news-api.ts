/**
 * Calls of the News Management page (docs/product.md#news) through the typed Hono client, which honours the
 * base-URL override and sends the bearer token; answers are typed from the server's routes. Every function throws
 * `ApiFailure` (its `reason`; status 0 = network error). Dates are ISO 8601 UTC.
 */
import { NEWS_PAGE_SIZE, type NewsInput, type NewsJson, type NewsStatus } from "@worker/contracts/news";
import { apiClient, call } from "~/lib/api";

export type { NewsStatus };

/** An article as the admin API returns it. */
export type AdminNews = NewsJson;

/** List filters: `status` "" = All Status. */
export interface NewsQuery {
  page: number;
  search: string;
  status: NewsStatus | "";
}

const news = () => apiClient().api.admin.news;

/** `GET /api/admin/news` (10 per page, newest publish date first) → `{news, pagination}`. */
export async function listNews(q: NewsQuery) {
  const query = {
    page: String(q.page),
    limit: String(NEWS_PAGE_SIZE),
    search: q.search,
    status: q.status,
    sortBy: "publish_date",
    sortOrder: "DESC",
  } as const;
  return call(news().$get({ query }));
}

/** `GET /api/admin/news/stats` → the stat cards' counters. */
export async function newsStats() {
  return (await call(news().stats.$get())).stats;
}

/** `POST /api/admin/news` → the created article (201). */
export async function createNews(input: NewsInput): Promise<AdminNews> {
  return (await call(news().$post({ json: input }))).news;
}

/** `PUT /api/admin/news/{id}` → the updated article (404 NEWS_NOT_FOUND when it was deleted meanwhile). */
export async function updateNews(id: number, input: NewsInput): Promise<AdminNews> {
  return (await call(news()[":id"].$put({ param: { id: String(id) }, json: input }))).news;
}

/** `DELETE /api/admin/news/{id}` → the server's message (404 NEWS_NOT_FOUND when already deleted). */
export async function deleteNews(id: number): Promise<string> {
  return (await call(news()[":id"].$delete({ param: { id: String(id) } }))).message;
}
