/**
 * News (docs/product.md#news): admin CRUD, paging, stats, validation with the reason of every refusal; public
 * recent/featured/detail with view counting; the generated OpenAPI document.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { news, newsViewMarks } from "../../db/schema";
import { testDb } from "./fixtures";
import { api, expectError, loginAdmin, uid } from "./helpers";

let token: string;
beforeAll(async () => {
  token = await loginAdmin();
});

const create = (body: Record<string, unknown>) => api("/api/admin/news", { method: "POST", token, body });

describe("admin news", () => {
  it("creates with defaults (author Admin, priority 0, publish_date now) and returns 201 {news}", async () => {
    const res = await create({ title: `خبر ${uid()}`, content: "نص الخبر", status: "draft" });
    expect(res.status).toBe(201);
    expect(res.json.news).toMatchObject({
      author_name: "Admin",
      priority: 0,
      status: "draft",
      views: 0,
      summary: null,
      image_url: null,
    });
    expect(Math.abs(Date.parse(res.json.news.publish_date) - Date.now())).toBeLessThan(60_000);
  });

  it.each([
    [{ content: "x", status: "draft" }, /title/i],
    [{ title: "x".repeat(256), content: "x", status: "draft" }, /255/],
    [{ title: "t", status: "draft" }, /content/i],
    [{ title: "t", content: "x" }, /status/i],
    [{ title: "t", content: "x", status: "deleted" }, /status/i],
    [{ title: "t", content: "x", status: "draft", image_url: "javascript:alert(1)" }, /url/i],
    [{ title: "t", content: "x", status: "draft", publish_date: "not a date" }, /date/i],
  ])("refuses %j with 400", async (body, message) => {
    const err = expectError(await create(body), 400, "VALIDATION_FAILED");
    expect(err.message).toMatch(message);
  });

  const ok = { title: "t", content: "c", status: "draft" };
  it.each([
    ["no title", { content: "x", status: "draft" }, "title", "REQUIRED", { field: "title" }, "Title is required"],
    ["a blank title", { ...ok, title: "   " }, "title", "REQUIRED", { field: "title" }, "Title is required"],
    [
      "a 256-character title",
      { ...ok, title: "x".repeat(256) },
      "title",
      "TOO_LONG",
      { field: "title", max: 255 },
      "Title must be at most 255 characters",
    ],
    ["no content", { title: "t", status: "draft" }, "content", "REQUIRED", { field: "content" }, "Content is required"],
    [
      "a 50,001-character content",
      { ...ok, content: "x".repeat(50_001) },
      "content",
      "NEWS_TEXT_TOO_LONG",
      { field: "content", max: 50_000 },
      "Content is too long",
    ],
    [
      "a 1,001-character summary",
      { ...ok, summary: "x".repeat(1_001) },
      "summary",
      "NEWS_TEXT_TOO_LONG",
      { field: "summary", max: 1_000 },
      "Summary is too long",
    ],
    [
      "a javascript: image URL",
      { ...ok, image_url: "javascript:alert(1)" },
      "image_url",
      "NEWS_IMAGE_URL_INVALID",
      undefined,
      "Image URL must be a valid URL",
    ],
    [
      "a 101-character author",
      { ...ok, author_name: "x".repeat(101) },
      "author_name",
      "TOO_LONG",
      { field: "author_name", max: 100 },
      "Author must be at most 100 characters",
    ],
    ["no status", { title: "t", content: "x" }, "status", "NEWS_STATUS_REQUIRED", undefined, "Status is required"],
    [
      "an unknown status",
      { ...ok, status: "deleted" },
      "status",
      "NEWS_STATUS_REQUIRED",
      undefined,
      "Status is required",
    ],
    [
      "priority 101",
      { ...ok, priority: 101 },
      "priority",
      "WHOLE_BETWEEN",
      { field: "priority", min: 0, max: 100 },
      "Priority must be a whole number between 0 and 100",
    ],
    [
      "an unreadable publish date",
      { ...ok, publish_date: "not a date" },
      "publish_date",
      "NEWS_DATE_INVALID",
      undefined,
      "Publish date must be a valid date",
    ],
    [
      "a publish date before 2000",
      { ...ok, publish_date: "1990-01-01" },
      "publish_date",
      "NEWS_DATE_OUT_OF_RANGE",
      undefined,
      "Publish date is out of range",
    ],
  ])("names the reason of %s", async (_, body, path, reason, params, message) => {
    const err = expectError(await create(body), 400, "VALIDATION_FAILED");
    expect(err.reason).toBe(reason);
    expect(err.params).toEqual(params);
    expect(err.message).toBe(message);
    expect(err.issues).toContainEqual({ path, reason, ...(params ? { params } : {}), message });
  });

  it("updates, lists with paging/search/status, counts stats and deletes", async () => {
    const tag = uid("tag");
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      const r = await create({
        title: `${tag} ${i}`,
        content: "c",
        status: i % 2 ? "published" : "draft",
        publish_date: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
      });
      ids.push(r.json.news.id);
    }
    const page1 = await api(`/api/admin/news?search=${tag}&limit=10&page=1`, { token });
    expect(page1.status).toBe(200);
    expect(page1.json.news).toHaveLength(10);
    expect(page1.json.pagination).toEqual({ page: 1, limit: 10, total: 12, totalPages: 2 });
    expect(page1.json.news[0].title).toBe(`${tag} 11`);
    const published = await api(`/api/admin/news?search=${tag}&status=published`, { token });
    expect(published.json.pagination.total).toBe(6);

    const before = (await api("/api/admin/news/stats", { token })).json.stats;
    const upd = await api(`/api/admin/news/${ids[0]}`, {
      method: "PUT",
      token,
      body: { title: `${tag} edited`, content: "c2", status: "archived" },
    });
    expect(upd.status).toBe(200);
    expect(upd.json.news).toMatchObject({
      title: `${tag} edited`,
      status: "archived",
      publish_date: "2026-01-01T00:00:00.000Z",
    });
    const after = (await api("/api/admin/news/stats", { token })).json.stats;
    expect(after.archived_count).toBe(before.archived_count + 1);
    expect(after.draft_count).toBe(before.draft_count - 1);
    expect(after.total_count).toBe(before.total_count);

    const del = await api(`/api/admin/news/${ids[1]}`, { method: "DELETE", token });
    expect(del.json.message).toBe("News deleted successfully");
    for (const gone of [
      await api(`/api/admin/news/${ids[1]}`, { method: "DELETE", token }),
      await api(`/api/admin/news/${ids[1]}`, {
        method: "PUT",
        token,
        body: { title: "t", content: "c", status: "draft" },
      }),
    ]) {
      expect(expectError(gone, 404, "NOT_FOUND")).toMatchObject({
        reason: "NEWS_NOT_FOUND",
        message: "News not found",
      });
    }
  });

  it("needs a token (401) and valid ids/queries (400)", async () => {
    expectError(await api("/api/admin/news"), 401, "UNAUTHORIZED");
    expectError(await api("/api/admin/news/stats"), 401, "UNAUTHORIZED");
    expectError(await api("/api/admin/news", { method: "POST", body: {} }), 401, "UNAUTHORIZED");
    for (const id of ["abc", "0", "1.5", "99999999999999999"]) {
      const err = expectError(
        await api(`/api/admin/news/${id}`, { method: "DELETE", token }),
        400,
        "VALIDATION_FAILED",
      );
      expect(err).toMatchObject({ reason: "NEWS_ID_INVALID", message: "Invalid id" });
    }
    expect(expectError(await api("/api/admin/news?page=0", { token }), 400, "VALIDATION_FAILED").reason).toBe(
      "PAGE_INVALID",
    );
    expect(expectError(await api("/api/admin/news?limit=101", { token }), 400, "VALIDATION_FAILED")).toMatchObject({
      reason: "WHOLE_BETWEEN",
      params: { field: "limit", min: 1, max: 100 },
      message: "limit must be a whole number between 1 and 100",
    });
    expect(expectError(await api("/api/admin/news?status=deleted", { token }), 400, "VALIDATION_FAILED")).toMatchObject(
      { reason: "UNKNOWN_VALUE", params: { field: "status" } },
    );
    const sort = expectError(await api("/api/admin/news?sortBy=password", { token }), 400, "VALIDATION_FAILED");
    expect(sort).toMatchObject({
      reason: "SORT_BY_INVALID",
      message: "sortBy must be one of publish_date, title, created_at, views, priority",
    });
    expect(expectError(await api("/api/admin/news?sortOrder=up", { token }), 400, "VALIDATION_FAILED").reason).toBe(
      "SORT_ORDER_INVALID",
    );
    // Any case of ASC/DESC, as before.
    expect((await api("/api/admin/news?sortOrder=asc&status=", { token })).status).toBe(200);
  });
});

describe("public news", () => {
  it("shows only published items, newest first, with the public fields", async () => {
    const tag = uid("pub");
    const future = (d: number) => new Date(Date.UTC(2099, 0, d)).toISOString();
    const draft = await create({ title: `${tag} draft`, content: "c", status: "draft", publish_date: future(3) });
    const pub = await create({
      title: `${tag} pub`,
      content: "c",
      summary: "s",
      status: "published",
      publish_date: future(2),
      priority: 5,
    });
    const recent = await api("/api/public/news/recent?limit=6");
    expect(recent.status).toBe(200);
    expect(recent.json.news.length).toBeLessThanOrEqual(6);
    expect(recent.json.news[0]).toEqual({
      id: pub.json.news.id,
      title: `${tag} pub`,
      summary: "s",
      content: "c",
      image_url: null,
      publish_date: future(2),
      author_name: "Admin",
    });
    expect(recent.headers.get("Cache-Control")).toContain("public");
    expect(expectError(await api(`/api/public/news/${draft.json.news.id}`), 404, "NOT_FOUND").reason).toBe(
      "NEWS_NOT_FOUND",
    );
    const featured = await api("/api/public/news/featured");
    expect(featured.json.news.map((n: { id: number }) => n.id)).toContain(pub.json.news.id);
  });

  it("counts at most one view per client, item and hour", async () => {
    const pub = await create({
      title: `v ${uid()}`,
      content: "c",
      status: "published",
      publish_date: "2020-01-01T00:00:00.000Z",
    });
    const read = (ip: string) => api(`/api/public/news/${pub.json.news.id}`, { headers: { "CF-Connecting-IP": ip } });
    const views = async () =>
      (await testDb().select({ views: news.views }).from(news).where(eq(news.id, pub.json.news.id)))[0]?.views;
    const one = await read("192.0.2.10");
    expect(one.status).toBe(200);
    expect(one.json.news.id).toBe(pub.json.news.id);
    for (let i = 0; i < 5; i++) await read("192.0.2.10");
    await read("2001:db8:5:5::1");
    await read("2001:db8:5:5::2"); // the same /64: the same client
    expect(await views()).toBe(2);
    vi.useFakeTimers({ now: Date.now() + 60 * 60 * 1000, toFake: ["Date"] });
    await read("192.0.2.10");
    vi.useRealTimers();
    expect(await views()).toBe(3);
    // The marks keep no address, only a keyed hash.
    expect(JSON.stringify(await testDb().select().from(newsViewMarks))).not.toMatch(/192\.0\.2|2001:db8/);
    expectError(await api("/api/public/news/999999999"), 404, "NOT_FOUND");
    const limit = expectError(await api("/api/public/news/recent?limit=500"), 400, "VALIDATION_FAILED");
    expect(limit).toMatchObject({ reason: "WHOLE_BETWEEN", params: { field: "limit", min: 1, max: 20 } });
  });
});

describe("OpenAPI document", () => {
  it("generates the news operations from their routes", async () => {
    const doc = (await api("/api/openapi.json")).json;
    const admin = doc.paths["/api/admin/news"];
    // One query parameter per field of the list's query schema.
    const query = admin.get.parameters
      .filter((p: { in: string }) => p.in === "query")
      .map((p: { name: string }) => p.name);
    expect(query).toEqual(["page", "limit", "search", "status", "sortBy", "sortOrder"]);
    expect(admin.get.security).toEqual([{ bearer: [] }]);
    expect(admin.get.responses["200"].content["application/json"].schema.properties).toHaveProperty("pagination");
    expect(admin.post.requestBody.content["application/json"].schema.properties).toHaveProperty("title");
    expect(admin.post.responses["201"].content["application/json"].schema.properties.news.properties).toHaveProperty(
      "views",
    );
    expect(
      doc.paths["/api/admin/news/stats"].get.responses["200"].content["application/json"].schema.properties.stats
        .properties,
    ).toHaveProperty("total_views");
    expect(doc.paths["/api/admin/news/{id}"].put.responses["404"].content["application/json"].schema.$ref).toBe(
      "#/components/schemas/Error",
    );
    expect(doc.paths["/api/admin/news/{id}"].delete).toBeTruthy();
    // Public reads need no token, and their items have only the public fields.
    const detail = doc.paths["/api/public/news/{id}"].get;
    expect(detail.security).toEqual([]);
    expect(
      Object.keys(detail.responses["200"].content["application/json"].schema.properties.news.properties).sort(),
    ).toEqual(["author_name", "content", "id", "image_url", "publish_date", "summary", "title"]);
    expect(doc.paths["/api/public/news/recent"].get.parameters.map((p: { name: string }) => p.name)).toEqual(["limit"]);
    expect(doc.paths["/api/public/news/featured"].get).toBeTruthy();
  });
});
