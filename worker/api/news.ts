/** `/api/admin/news` (admin) and `/api/public/news` (public) — contract "News"; spec §2 "News Management". */
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { requireAdmin } from "../middleware/auth";
import { clientOf } from "../middleware/rate-limit";
import { addOperations } from "../openapi-legacy";
import { publish } from "../services/events";
import * as svc from "../services/news";
import { hmacHex } from "../services/tokens";
import { validate } from "../validate";
import { idParamSchema, newsInputSchema, newsListQuerySchema, recentQuerySchema } from "./news.schema";

export const adminNewsApi = new Hono<AppEnv>()
  .use(requireAdmin)
  .get("/", validate("query", newsListQuerySchema), async (c) => c.json(await svc.listNews(c.get("db"), c.req.valid("query"))))
  .get("/stats", async (c) => c.json({ stats: await svc.newsStats(c.get("db")) }))
  .post("/", validate("json", newsInputSchema), async (c) => {
    const item = await svc.createNews(c.get("db"), c.get("admin"), c.req.valid("json"), c.get("requestId"));
    c.executionCtx.waitUntil(publish(c.env, "news_updated", "news", item.id));
    return c.json({ news: item }, 201);
  })
  .put("/:id", validate("param", idParamSchema), validate("json", newsInputSchema), async (c) => {
    const { id } = c.req.valid("param");
    const item = await svc.updateNews(c.get("db"), c.get("admin"), id, c.req.valid("json"), c.get("requestId"));
    c.executionCtx.waitUntil(publish(c.env, "news_updated", "news", id));
    return c.json({ news: item });
  })
  .delete("/:id", validate("param", idParamSchema), async (c) => {
    const { id } = c.req.valid("param");
    await svc.deleteNews(c.get("db"), c.get("admin"), id, c.get("requestId"));
    c.executionCtx.waitUntil(publish(c.env, "news_updated", "news", id));
    return c.json({ message: "News deleted successfully" });
  });

/** Published news is public and the same for everyone: a short shared cache is safe (edits show within 30 s). */
const PUBLIC_CACHE = "public, max-age=30";

export const publicNewsApi = new Hono<AppEnv>()
  .get("/recent", validate("query", recentQuerySchema), async (c) => {
    c.header("Cache-Control", PUBLIC_CACHE);
    return c.json({ news: await svc.recentPublishedNews(c.get("db"), c.req.valid("query").limit) });
  })
  .get("/featured", async (c) => {
    c.header("Cache-Control", PUBLIC_CACHE);
    return c.json({ news: await svc.featuredNews(c.get("db")) });
  })
  .get("/:id", validate("param", idParamSchema), async (c) => {
    const reader = (await hmacHex(c.env.PASSWORD_PEPPER, `news-view\n${clientOf(c)}`)).slice(0, 32);
    return c.json({ news: await svc.readPublishedNews(c.get("db"), c.req.valid("param").id, reader, new Date()) });
  });

addOperations([
  { method: "get", path: "/api/public/news/recent", tag: "News (public)", summary: "Most recent published news (default 6)", query: recentQuerySchema, responses: { 200: "{news}" } },
  { method: "get", path: "/api/public/news/featured", tag: "News (public)", summary: "Published news with priority > 0", responses: { 200: "{news}" } },
  { method: "get", path: "/api/public/news/:id", tag: "News (public)", summary: "One published item; counts at most one view per client and hour", responses: { 200: "{news}", 404: "Not found or not published" } },
  { method: "get", path: "/api/admin/news", tag: "News (admin)", summary: "Paged list", auth: true, query: newsListQuerySchema, responses: { 200: "{news, pagination}", 400: "Invalid query", 401: "Not signed in" } },
  { method: "get", path: "/api/admin/news/stats", tag: "News (admin)", summary: "Counters", auth: true, responses: { 200: "{stats}" } },
  { method: "post", path: "/api/admin/news", tag: "News (admin)", summary: "Create", auth: true, body: newsInputSchema, responses: { 201: "{news}", 400: "Validation", 401: "Not signed in" } },
  { method: "put", path: "/api/admin/news/:id", tag: "News (admin)", summary: "Update", auth: true, body: newsInputSchema, responses: { 200: "{news}", 400: "Validation", 404: "Not found" } },
  { method: "delete", path: "/api/admin/news/:id", tag: "News (admin)", summary: "Delete", auth: true, responses: { 200: "{message}", 404: "Not found" } },
]);
