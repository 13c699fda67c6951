/** Contract "News": admin CRUD, paging, stats, validation; public recent/featured/detail with view counting. */
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
    expect(res.json.news).toMatchObject({ author_name: "Admin", priority: 0, status: "draft", views: 0, summary: null, image_url: null });
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

  it("updates, lists with paging/search/status, counts stats and deletes", async () => {
    const tag = uid("tag");
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      const r = await create({ title: `${tag} ${i}`, content: "c", status: i % 2 ? "published" : "draft", publish_date: new Date(Date.UTC(2026, 0, 1 + i)).toISOString() });
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
    const upd = await api(`/api/admin/news/${ids[0]}`, { method: "PUT", token, body: { title: `${tag} edited`, content: "c2", status: "archived" } });
    expect(upd.status).toBe(200);
    expect(upd.json.news).toMatchObject({ title: `${tag} edited`, status: "archived", publish_date: "2026-01-01T00:00:00.000Z" });
    const after = (await api("/api/admin/news/stats", { token })).json.stats;
    expect(after.archived_count).toBe(before.archived_count + 1);
    expect(after.draft_count).toBe(before.draft_count - 1);
    expect(after.total_count).toBe(before.total_count);

    const del = await api(`/api/admin/news/${ids[1]}`, { method: "DELETE", token });
    expect(del.json.message).toBe("News deleted successfully");
    expectError(await api(`/api/admin/news/${ids[1]}`, { method: "DELETE", token }), 404, "NOT_FOUND");
    expectError(await api(`/api/admin/news/${ids[1]}`, { method: "PUT", token, body: { title: "t", content: "c", status: "draft" } }), 404, "NOT_FOUND");
  });

  it("needs a token (401) and valid ids/queries (400)", async () => {
    expectError(await api("/api/admin/news"), 401, "UNAUTHORIZED");
    expectError(await api("/api/admin/news/stats"), 401, "UNAUTHORIZED");
    expectError(await api("/api/admin/news", { method: "POST", body: {} }), 401, "UNAUTHORIZED");
    expectError(await api("/api/admin/news/abc", { method: "DELETE", token }), 400, "VALIDATION_FAILED");
    expectError(await api("/api/admin/news?page=0", { token }), 400, "VALIDATION_FAILED");
    expectError(await api("/api/admin/news?sortBy=password", { token }), 400, "VALIDATION_FAILED");
  });
});

describe("public news", () => {
  it("shows only published items, newest first, with the public fields", async () => {
    const tag = uid("pub");
    const future = (d: number) => new Date(Date.UTC(2099, 0, d)).toISOString();
    const draft = await create({ title: `${tag} draft`, content: "c", status: "draft", publish_date: future(3) });
    const pub = await create({ title: `${tag} pub`, content: "c", summary: "s", status: "published", publish_date: future(2), priority: 5 });
    const recent = await api("/api/public/news/recent?limit=6");
    expect(recent.status).toBe(200);
    expect(recent.json.news.length).toBeLessThanOrEqual(6);
    expect(recent.json.news[0]).toEqual({ id: pub.json.news.id, title: `${tag} pub`, summary: "s", content: "c", image_url: null, publish_date: future(2), author_name: "Admin" });
    expect(recent.headers.get("Cache-Control")).toContain("public");
    expectError(await api(`/api/public/news/${draft.json.news.id}`), 404, "NOT_FOUND");
    const featured = await api("/api/public/news/featured");
    expect(featured.json.news.map((n: { id: number }) => n.id)).toContain(pub.json.news.id);
  });

  it("counts at most one view per client, item and hour", async () => {
    const pub = await create({ title: `v ${uid()}`, content: "c", status: "published", publish_date: "2020-01-01T00:00:00.000Z" });
    const read = (ip: string) => api(`/api/public/news/${pub.json.news.id}`, { headers: { "CF-Connecting-IP": ip } });
    const views = async () => (await testDb().select({ views: news.views }).from(news).where(eq(news.id, pub.json.news.id)))[0]?.views;
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
    expectError(await api("/api/public/news/recent?limit=500"), 400, "VALIDATION_FAILED");
  });
});
