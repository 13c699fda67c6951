/**
 * News schemas (docs/product.md#news, #limits): the request schemas, shared with the admin news form, and the answer
 * schemas the routes are checked against and the console takes its types from. Their messages are reasons
 * (worker/reasons.ts). Imports only zod and dependency-free modules.
 */
import { z } from "zod";
import { reason } from "../reasons";
import { paginationSchema } from "./list-params";
import { plainText, proseText } from "./text-field";
import { DEFAULT_NEWS_AUTHOR } from "../lib/news-author";

export const NEWS_STATUSES = ["draft", "published", "archived"] as const;
export type NewsStatus = (typeof NEWS_STATUSES)[number];
export const NEWS_TITLE_MAX = 255;
export const NEWS_SUMMARY_MAX = 1_000;
export const NEWS_CONTENT_MAX = 50_000;
export const NEWS_IMAGE_URL_MAX = 2_000;
export const NEWS_AUTHOR_MAX = 100;
export const NEWS_PAGE_SIZE = 10;
export const RECENT_NEWS_LIMIT = 6;
/** The most items `GET /api/public/news/recent` returns. */
export const RECENT_NEWS_MAX = 20;

const isHttpUrl = (v: string) => {
  try {
    const u = new URL(v);
    return u.protocol === "http:" || u.protocol === "https:";
  } catch {
    return false;
  }
};

const TITLE_REQUIRED = reason("REQUIRED", { field: "title" });
const CONTENT_REQUIRED = reason("REQUIRED", { field: "content" });
const STATUS_REQUIRED = reason("NEWS_STATUS_REQUIRED");
const DATE_INVALID = reason("NEWS_DATE_INVALID");
const PRIORITY_RANGE = reason("WHOLE_BETWEEN", { field: "priority", min: 0, max: 100 });

/**
 * Body of POST/PUT /api/admin/news. `id` and `priority` are accepted so a client may send the whole article back;
 * `id` is ignored (the path names the article).
 */
export const newsInputSchema = z.object({
  id: z.unknown().optional().describe("Ignored: the path names the article"),
  title: plainText({ error: TITLE_REQUIRED })
    .trim()
    .min(1, TITLE_REQUIRED)
    .max(NEWS_TITLE_MAX, reason("TOO_LONG", { field: "title", max: NEWS_TITLE_MAX })),
  content: proseText({ error: CONTENT_REQUIRED })
    .trim()
    .min(1, CONTENT_REQUIRED)
    .max(NEWS_CONTENT_MAX, reason("NEWS_TEXT_TOO_LONG", { field: "content", max: NEWS_CONTENT_MAX })),
  summary: proseText()
    .trim()
    .max(NEWS_SUMMARY_MAX, reason("NEWS_TEXT_TOO_LONG", { field: "summary", max: NEWS_SUMMARY_MAX }))
    .nullish()
    .transform((v) => v || null),
  image_url: plainText()
    .trim()
    .max(NEWS_IMAGE_URL_MAX, reason("TOO_LONG", { field: "image_url", max: NEWS_IMAGE_URL_MAX }))
    .nullish()
    .transform((v) => v || null)
    .refine((v) => v === null || isHttpUrl(v), reason("NEWS_IMAGE_URL_INVALID"))
    .describe("An http or https address"),
  author_name: plainText()
    .trim()
    .max(NEWS_AUTHOR_MAX, reason("TOO_LONG", { field: "author_name", max: NEWS_AUTHOR_MAX }))
    .nullish()
    .transform((v) => v || DEFAULT_NEWS_AUTHOR)
    .describe('Default "Admin"'),
  status: z.enum(NEWS_STATUSES, { error: STATUS_REQUIRED }),
  priority: z.coerce
    .number({ error: PRIORITY_RANGE })
    .int(PRIORITY_RANGE)
    .min(0, PRIORITY_RANGE)
    .max(100, PRIORITY_RANGE)
    .nullish()
    .transform((v) => v ?? 0)
    .describe("0-100, default 0; above 0 the article is featured"),
  publish_date: z
    .union([z.iso.datetime({ offset: true, local: true }), z.iso.date()], { error: DATE_INVALID })
    .nullish()
    .transform((v) => (v ? new Date(v).toISOString() : null))
    .refine((v) => v === null || (v >= "2000-01-01" && v <= "2100-01-01"), reason("NEWS_DATE_OUT_OF_RANGE"))
    .describe("ISO 8601; default now on create, kept on update"),
});
export type NewsInput = z.output<typeof newsInputSchema>;

/** A whole number in [1, max] for a query's `limit` (WHOLE_BETWEEN). */
const limitParam = (max: number, fallback: number) => {
  const r = reason("WHOLE_BETWEEN", { field: "limit", min: 1, max });
  return z.coerce.number({ error: r }).int(r).min(1, r).max(max, r).default(fallback);
};

const NEWS_SORT_FIELDS = ["publish_date", "title", "created_at", "views", "priority"] as const;
const PAGE_INVALID = reason("PAGE_INVALID");

/** `GET /api/admin/news` query. */
export const newsListQuerySchema = z.object({
  page: z.coerce
    .number({ error: PAGE_INVALID })
    .int(PAGE_INVALID)
    .min(1, PAGE_INVALID)
    .max(100_000, reason("PAGE_TOO_LARGE"))
    .default(1)
    .describe("1-based page number"),
  limit: limitParam(100, NEWS_PAGE_SIZE).describe(`Articles per page, 1-100 (default ${NEWS_PAGE_SIZE})`),
  search: z
    .string()
    .trim()
    .max(200, reason("TOO_LONG", { field: "search", max: 200 }))
    .default("")
    .describe("Contained in the title, content or author"),
  status: z
    .enum([...NEWS_STATUSES, ""], { error: reason("UNKNOWN_VALUE", { field: "status" }) })
    .default("")
    .describe('draft, published or archived; "" = all'),
  sortBy: z
    .enum(NEWS_SORT_FIELDS, { error: reason("SORT_BY_INVALID", { fields: NEWS_SORT_FIELDS.join(", ") }) })
    .default("publish_date"),
  sortOrder: z
    .enum(["ASC", "DESC", "asc", "desc"], { error: reason("SORT_ORDER_INVALID") })
    .default("DESC")
    .transform((v) => v.toUpperCase() as "ASC" | "DESC")
    .describe("ASC or DESC (any case; default DESC)"),
});
export type NewsListQuery = z.output<typeof newsListQuerySchema>;

/** `GET /api/public/news/recent` query. */
export const recentQuerySchema = z.object({
  limit: limitParam(RECENT_NEWS_MAX, RECENT_NEWS_LIMIT).describe(
    `Items, 1-${RECENT_NEWS_MAX} (default ${RECENT_NEWS_LIMIT})`,
  ),
});

/** The `{id}` of an article in a path: a positive whole number. */
export const idParamSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,15}$/, reason("NEWS_ID_INVALID"))
    .transform(Number)
    .refine(Number.isSafeInteger, reason("NEWS_ID_INVALID"))
    .describe("The article's id"),
});

/** An article as the admin API returns it (docs/product.md#news). Dates are ISO 8601 UTC. */
export const newsJsonSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string().nullable(),
  content: z.string(),
  image_url: z.string().nullable(),
  author_name: z.string(),
  status: z.enum(NEWS_STATUSES),
  priority: z.number().int(),
  publish_date: z.string(),
  views: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type NewsJson = z.output<typeof newsJsonSchema>;

/** A published item as the public API returns it: no status, priority, views or edit times. */
export const publicNewsJsonSchema = newsJsonSchema.pick({
  id: true,
  title: true,
  summary: true,
  content: true,
  image_url: true,
  publish_date: true,
  author_name: true,
});
export type PublicNewsJson = z.output<typeof publicNewsJsonSchema>;

/** `GET /api/admin/news`: one page of articles. */
export const newsListSchema = z.object({ news: z.array(newsJsonSchema), pagination: paginationSchema });

/** The counters of the News Management stat cards. */
export const newsStatsSchema = z.object({
  published_count: z.number().int(),
  draft_count: z.number().int(),
  archived_count: z.number().int(),
  total_count: z.number().int(),
  total_views: z.number().int(),
});
export type NewsStats = z.output<typeof newsStatsSchema>;
