/** News schemas (spec §3 "News article", §5 "News form", §9 limits); shared with the admin news form. Imports only zod. */
import { z } from "zod";
import { plainText, proseText } from "./text-field";

export const NEWS_STATUSES = ["draft", "published", "archived"] as const;
export const NEWS_TITLE_MAX = 255;
export const NEWS_PAGE_SIZE = 10;
export const RECENT_NEWS_LIMIT = 6;

const isHttpUrl = (v: string) => {
  try {
    const u = new URL(v);
    return u.protocol === "http:" || u.protocol === "https:";
  } catch {
    return false;
  }
};

/** Body of POST/PUT /api/admin/news. `id` and `priority` are accepted for the spec's "full form body". */
export const newsInputSchema = z.object({
  id: z.unknown().optional(),
  title: plainText({ error: "Title is required" }).trim().min(1, "Title is required").max(NEWS_TITLE_MAX, `Title must be at most ${NEWS_TITLE_MAX} characters`),
  content: proseText({ error: "Content is required" }).trim().min(1, "Content is required").max(50_000, "Content is too long"),
  summary: proseText().trim().max(1_000, "Summary is too long").nullish().transform((v) => v || null),
  image_url: plainText()
    .trim()
    .max(2_000)
    .nullish()
    .transform((v) => v || null)
    .refine((v) => v === null || isHttpUrl(v), "Image URL must be a valid URL"),
  author_name: plainText().trim().max(100).nullish().transform((v) => v || "Admin"),
  status: z.enum(NEWS_STATUSES, { error: "Status is required" }),
  priority: z.coerce.number().int().min(0).max(100).nullish().transform((v) => v ?? 0),
  publish_date: z
    .union([z.iso.datetime({ offset: true, local: true }), z.iso.date()], { error: "Publish date must be a valid date" })
    .nullish()
    .transform((v) => (v ? new Date(v).toISOString() : null))
    .refine((v) => v === null || (v >= "2000-01-01" && v <= "2100-01-01"), "Publish date is out of range"),
});
export type NewsInput = z.infer<typeof newsInputSchema>;

export const newsListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(NEWS_PAGE_SIZE),
  search: z.string().trim().max(200).default(""),
  status: z.enum(NEWS_STATUSES).or(z.literal("")).default(""),
  sortBy: z.enum(["publish_date", "title", "created_at", "views", "priority"]).default("publish_date"),
  sortOrder: z.enum(["ASC", "DESC", "asc", "desc"]).default("DESC").transform((v) => v.toUpperCase() as "ASC" | "DESC"),
});

export const idParamSchema = z.object({ id: z.coerce.number().int().positive("Invalid id").max(Number.MAX_SAFE_INTEGER) });

export const recentQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(20).default(RECENT_NEWS_LIMIT) });
