/**
 * Which replies opt a guardian out (worker/services/messages/opt-out.ts, docs/product.md#guardians-and-messages): the
 * stop words however typed (case, punctuation, spaces, Arabic diacritics, tatweel and letter variants), and what a
 * WhatsApp reply carries them in: a text, a template's quick-reply button (`button.text` / `button.payload`) or an
 * interactive reply (`interactive.button_reply` / `interactive.list_reply`, title or id), as Meta's webhook sends them.
 */
import { describe, expect, it } from "vitest";
import { isStopReply, replyTexts } from "../../worker/services/messages/opt-out";

describe("stop words", () => {
  it.each([
    "STOP",
    "Stop.",
    " stop! ",
    "stop 🛑",
    "Ｓｔｏｐ",
    "unsubscribe",
    "إلغاء",
    "الغاء",
    "ألغاء",
    "إِلْغَاء",
    "إلـــغاء",
    "ايقاف",
    "إيقاف",
    "إيقاف.",
    "«إيقاف»",
    "إلغاء الاشتراك",
    "إلغاء  الاشتراك؟",
  ])("%j opts out", (text) => {
    expect(isStopReply(text)).toBe(true);
  });

  it.each(["hello", "شكرا", "stop sending me the bill please", "الغاء القسط؟ لا", "stopp", "", "   ", "!!!"])(
    "%j does not",
    (text) => {
      expect(isStopReply(text)).toBe(false);
    },
  );
});

describe("what a reply carries", () => {
  it("reads a text, a quick-reply button and interactive replies; nothing else", () => {
    expect(replyTexts({ type: "text", text: { body: "إيقاف" } })).toEqual(["إيقاف"]);
    expect(replyTexts({ type: "button", button: { text: "Stop", payload: "STOP_MESSAGES" } })).toEqual([
      "Stop",
      "STOP_MESSAGES",
    ]);
    expect(
      replyTexts({
        type: "interactive",
        interactive: { type: "button_reply", button_reply: { id: "b1", title: "إيقاف" } },
      }),
    ).toEqual(["إيقاف", "b1"]);
    expect(
      replyTexts({
        type: "interactive",
        interactive: { type: "list_reply", list_reply: { id: "stop", title: "Stop messages", description: "x" } },
      }),
    ).toEqual(["Stop messages", "stop"]);
    expect(replyTexts({ type: "image", image: { id: "1" } })).toEqual([]);
    expect(replyTexts({ text: { body: 7 }, button: "stop", interactive: null })).toEqual([]);
  });
});
