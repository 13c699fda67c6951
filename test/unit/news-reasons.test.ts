/**
 * The news form's messages (worker/contracts/news.ts) in the console's two languages (web/lib/reason-text.ts): every
 * refusal of the shared schema is a reason, the console's English is the API's, and the Arabic is what News
 * Management showed before the reasons (docs/product.md#news).
 */
import { describe, expect, it } from "vitest";
import { newsInputSchema } from "../../worker/contracts/news";
import { parseReason } from "../../worker/reasons";
import { createI18n } from "../../web/i18n";
import ar from "../../web/i18n/ar";
import en from "../../web/i18n/en";
import { messageText, reasonText } from "../../web/lib/reason-text";

const tEn = createI18n("en", en).t;
const tAr = createI18n("ar", ar).t;
const ok = { title: "t", content: "c", status: "draft" };

/** The first message of the schema for `body`, or null when it is accepted. */
function firstMessage(body: Record<string, unknown>): string | null {
  const r = newsInputSchema.safeParse(body);
  return r.success ? null : r.error.issues[0]!.message;
}

describe("news form messages", () => {
  it.each([
    ["Title is required", "العنوان مطلوب", { content: "c", status: "draft" }],
    [
      "Title must be at most 255 characters",
      "يجب ألا يزيد طول العنوان على ٢٥٥ حرفًا",
      { ...ok, title: "x".repeat(256) },
    ],
    ["Content is required", "المحتوى مطلوب", { title: "t", status: "draft" }],
    ["Content is too long", "المحتوى طويل جدًا", { ...ok, content: "x".repeat(50_001) }],
    ["Summary is too long", "الملخص طويل جدًا", { ...ok, summary: "x".repeat(1_001) }],
    ["Image URL must be a valid URL", "يجب أن يكون رابط الصورة رابطًا صحيحًا", { ...ok, image_url: "not a url" }],
    [
      "Author must be at most 100 characters",
      "يجب ألا يزيد طول الكاتب على ١٠٠ حرف",
      { ...ok, author_name: "x".repeat(101) },
    ],
    ["Status is required", "الحالة مطلوبة", { title: "t", content: "c", status: "" }],
    [
      "Publish date must be a valid date",
      "يجب أن يكون تاريخ النشر تاريخًا صحيحًا",
      { ...ok, publish_date: "31/12/2026" },
    ],
    ["Publish date is out of range", "تاريخ النشر خارج النطاق المسموح", { ...ok, publish_date: "2101-01-01" }],
  ])("%s / %s", (english, arabic, body) => {
    const message = firstMessage(body);
    expect(parseReason(message ?? undefined), "a reason, not prose").not.toBeNull();
    expect(messageText(tEn, "en", message ?? undefined)).toBe(english);
    expect(messageText(tAr, "ar", message ?? undefined)).toBe(arabic);
  });

  it("says that an article is gone in both languages", () => {
    expect(reasonText(tEn, "en", "NEWS_NOT_FOUND")).toBe("News not found");
    expect(reasonText(tAr, "ar", "NEWS_NOT_FOUND")).toBe("الخبر غير موجود");
  });

  it("accepts the form's own values: a local date-time, empty optional fields", () => {
    expect(
      firstMessage({ ...ok, publish_date: "2026-11-20T09:30", summary: "", image_url: "", author_name: "" }),
    ).toBeNull();
  });
});
