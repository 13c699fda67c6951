/**
 * `/api/admin/news` (admin) and `/api/public/news` (public), docs/product.md#news. Every admin write publishes
 * `news_updated` after it is committed. Public answers are the same for every reader, so they may be cached briefly;
 * the detail read is not cached, since it counts a view.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { guarded } from "../route-permission";
import { createAdminApi, createApi, errors, json } from "../openapi";
import { clientOf } from "../middleware/rate-limit";
import { publish } from "../services/events";
import * as svc from "../services/news";
import { hmacHex } from "../lib/tokens";
import {
  idParamSchema,
  newsInputSchema,
  newsJsonSchema,
  newsListQuerySchema,
  newsListSchema,
  newsStatsSchema,
  publicNewsJsonSchema,
  recentQuerySchema,
} from "../contracts/news";

const adminTags = ["News (admin)"];
const publicTags = ["News (public)"];
const articleBody = z.object({ news: newsJsonSchema });
const publicList = z.object({ news: z.array(publicNewsJsonSchema) });
const body = { required: true, content: { "application/json": { schema: newsInputSchema } } };

const list = createRoute(
  guarded("news.read", {
    method: "get",
    path: "/",
    tags: adminTags,
    summary: "One page of articles",
    description: "Search over title, content and author; filter by status; sorted by sortBy/sortOrder, then newest id.",
    request: { query: newsListQuerySchema },
    responses: { 200: json(newsListSchema, "The page and its pagination"), ...errors(400, 401) },
  }),
);

const stats = createRoute(
  guarded("news.read", {
    method: "get",
    path: "/stats",
    tags: adminTags,
    summary: "Counters of the stat cards",
    responses: {
      200: json(z.object({ stats: newsStatsSchema }), "Articles per status and total views"),
      ...errors(401),
    },
  }),
);

const create = createRoute(
  guarded("news.manage", {
    method: "post",
    path: "/",
    tags: adminTags,
    summary: "Create an article",
    description: 'author_name defaults to "Admin", priority to 0, publish_date to now.',
    request: { body },
    responses: { 201: json(articleBody, "The created article"), ...errors(400, 401) },
  }),
);

const update = createRoute(
  guarded("news.manage", {
    method: "put",
    path: "/{id}",
    tags: adminTags,
    summary: "Update an article",
    description: "publish_date keeps its stored value when omitted.",
    request: { params: idParamSchema, body },
    responses: { 200: json(articleBody, "The updated article"), ...errors(400, 401, 404) },
  }),
);

const remove = createRoute(
  guarded("news.manage", {
    method: "delete",
    path: "/{id}",
    tags: adminTags,
    summary: "Delete an article",
    request: { params: idParamSchema },
    responses: { 200: json(z.object({ message: z.string() }), "Deleted"), ...errors(400, 401, 404) },
  }),
);

export const adminNewsApi = createAdminApi()
  .openapi(list, async (c) => c.json(await svc.listNews(c.get("db"), c.req.valid("query")), 200))
  .openapi(stats, async (c) => c.json({ stats: await svc.newsStats(c.get("db")) }, 200))
  .openapi(create, async (c) => {
    const item = await svc.createNews(c.var.ctx, c.req.valid("json"));
    c.executionCtx.waitUntil(publish(c.env, "news_updated", "news", item.id));
    return c.json({ news: item }, 201);
  })
  .openapi(update, async (c) => {
    const { id } = c.req.valid("param");
    const item = await svc.updateNews(c.var.ctx, id, c.req.valid("json"));
    c.executionCtx.waitUntil(publish(c.env, "news_updated", "news", id));
    return c.json({ news: item }, 200);
  })
  .openapi(remove, async (c) => {
    const { id } = c.req.valid("param");
    await svc.deleteNews(c.var.ctx, id);
    c.executionCtx.waitUntil(publish(c.env, "news_updated", "news", id));
    return c.json({ message: "News deleted successfully" }, 200);
  });

/** Published news is public and the same for everyone: a short shared cache is safe (edits show within 30 s). */
const PUBLIC_CACHE = "public, max-age=30";

const recent = createRoute({
  method: "get",
  path: "/recent",
  tags: publicTags,
  summary: "The most recent published items",
  description: "Newest publish date first. Cache-Control: public, max-age=30.",
  request: { query: recentQuerySchema },
  responses: { 200: json(publicList, "Published items"), ...errors(400) },
});

const featured = createRoute({
  method: "get",
  path: "/featured",
  tags: publicTags,
  summary: "Up to 3 published items with a priority above 0",
  description: "Highest priority first. Cache-Control: public, max-age=30.",
  responses: { 200: json(publicList, "Featured items"), ...errors() },
});

const detail = createRoute({
  method: "get",
  path: "/{id}",
  tags: publicTags,
  summary: "One published item",
  description:
    "Counts at most one view per client (IPv4 address or IPv6 /64, kept only as a keyed hash), item and UTC hour.",
  request: { params: idParamSchema },
  responses: { 200: json(z.object({ news: publicNewsJsonSchema }), "The item"), ...errors(400, 404) },
});

// `/recent` and `/featured` before `/{id}`, which would refuse them as ids.
export const publicNewsApi = createApi()
  .openapi(recent, async (c) => {
    c.header("Cache-Control", PUBLIC_CACHE);
    return c.json({ news: await svc.recentPublishedNews(c.get("db"), c.req.valid("query").limit) }, 200);
  })
  .openapi(featured, async (c) => {
    c.header("Cache-Control", PUBLIC_CACHE);
    return c.json({ news: await svc.featuredNews(c.get("db")) }, 200);
  })
  .openapi(detail, async (c) => {
    const reader = (await hmacHex(c.env.PASSWORD_PEPPER, `news-view\n${clientOf(c)}`)).slice(0, 32);
    return c.json({ news: await svc.readPublishedNews(c.get("db"), c.req.valid("param").id, reader, new Date()) }, 200);
  });
