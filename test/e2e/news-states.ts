/**
 * Builds home-page news states on the e2e server through the admin API, as the school office would: the demo's
 * published items are set aside (back to draft) and exactly N items of the test's own are published; `restore()`
 * deletes the test's items and publishes the demo's again with their original fields. The home page reads the news
 * in its loader (server-rendered), so intercepting the browser's requests could not build these states.
 */
import type { NewsJson as AdminNews } from "../../worker/contracts/news";
import { adminApi as call, apiClient, ok } from "./admin-api";
import { adminToken } from "./admin-session";

const fields = (n: AdminNews) => ({
  title: n.title,
  summary: n.summary,
  content: n.content,
  image_url: n.image_url,
  author_name: n.author_name,
  status: n.status,
  priority: n.priority,
  publish_date: n.publish_date,
});

/** A long Arabic or English text of about `words` words (the layout must hold long titles and summaries). */
export function longText(lang: "ar" | "en", words: number): string {
  const word =
    lang === "ar"
      ? ["إعلان", "المدرسة", "عن", "بدء", "الأنشطة", "الرياضية", "والثقافية", "للعام", "الدراسي", "الجديد"]
      : ["School", "announces", "the", "start", "of", "its", "sports", "and", "cultural", "activities"];
  return Array.from({ length: words }, (_, i) => word[i % word.length]).join(" ");
}

/** The news states of one test file. Call `setAside()` once, `publish(n)` per state, `restore()` at the end. */
export function newsStates() {
  let token = "";
  let demo: AdminNews[] = [];
  let own: number[] = [];

  const removeOwn = async () => {
    for (const id of own) await call(token, "DELETE", `/api/admin/news/${id}`);
    own = [];
  };

  return {
    /** Turns every published item into a draft (remembered for `restore`). */
    async setAside() {
      token = await adminToken();
      const { news } = await ok(apiClient(token).api.admin.news.$get({ query: { status: "published", limit: "100" } }));
      demo = news;
      for (const n of demo) await call(token, "PUT", `/api/admin/news/${n.id}`, { ...fields(n), status: "draft" });
    },
    /** Exactly `count` published items of this test (replacing the previous state), alternating Arabic and English. */
    async publish(count: number, opts: { long?: boolean } = {}) {
      await removeOwn();
      for (let i = 0; i < count; i++) {
        const lang = i % 2 === 0 ? "ar" : "en";
        const title = opts.long ? `${i + 1} ${longText(lang, 30)}` : `${lang === "ar" ? "خبر" : "News"} ${i + 1}`;
        const body = {
          title,
          content: longText(lang, opts.long ? 400 : 40),
          summary: opts.long ? longText(lang, 60) : null,
          status: "published" as const,
        };
        own.push((await ok(apiClient(token).api.admin.news.$post({ json: body }))).news.id);
      }
    },
    /** Deletes this test's items and publishes the demo's again. */
    async restore() {
      if (!token) return;
      await removeOwn();
      for (const n of demo) await call(token, "PUT", `/api/admin/news/${n.id}`, fields(n));
    },
  };
}
