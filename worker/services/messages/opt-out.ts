/**
 * Which WhatsApp replies opt a guardian out (docs/product.md#guardians-and-messages, "Statuses"): a stop word sent as
 * a text, a template's quick-reply button (`button.text`, `button.payload`) or an interactive reply
 * (`interactive.button_reply` / `interactive.list_reply`: title or id), the shapes of Meta's `messages` webhook.
 * A reply is compared whole after normalising how it was typed, so "Stop." and "إيقاف" opt out and a sentence that
 * merely contains a stop word does not.
 */
import { normalizeDigits } from "../../lib/normalize";

/** The stop words, normalised (`normalizeReply`). */
const STOP_WORDS = new Set([
  "stop",
  "unsubscribe",
  "stop messages",
  "الغاء",
  "الغاء الاشتراك",
  "ايقاف",
  "ايقاف الرسائل",
]);

/**
 * `text` as compared with the stop words: compatibility forms unfolded (full-width letters, Arabic presentation
 * forms), marks dropped (Arabic diacritics, and the hamza of أ إ آ ؤ ئ, which NFKD splits off), tatweel, punctuation
 * and symbols dropped, ٱ → ا, ى → ي, ة → ه, case folded, spaces collapsed.
 */
export function normalizeReply(text: string): string {
  return normalizeDigits(text)
    .normalize("NFKD")
    .replace(/[\p{M}\u0640]/gu, "")
    .replace(/[\p{P}\p{S}]/gu, " ")
    .replace(/\u0671/g, "\u0627")
    .replace(/\u0649/g, "\u064A")
    .replace(/\u0629/g, "\u0647")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

/** True when a reply's text is a stop word, however typed. */
export const isStopReply = (text: string): boolean => STOP_WORDS.has(normalizeReply(text));

/** `o[key]` when `o` is an object holding it as its own property. */
const own = (o: unknown, key: string): unknown =>
  o !== null && typeof o === "object" && Object.hasOwn(o, key) ? (o as Record<string, unknown>)[key] : undefined;

const strings = (...values: unknown[]): string[] => values.filter((v): v is string => typeof v === "string");

/**
 * The texts an inbound WhatsApp message carries that may be a stop word: `text.body`; `button.text` and
 * `button.payload`; the title and id of `interactive.button_reply` or `interactive.list_reply`. Read leniently:
 * anything of another shape carries none.
 */
export function replyTexts(message: unknown): string[] {
  const button = own(message, "button");
  const interactive = own(message, "interactive");
  const reply = own(interactive, "button_reply") ?? own(interactive, "list_reply");
  return strings(
    own(own(message, "text"), "body"),
    own(button, "text"),
    own(button, "payload"),
    own(reply, "title"),
    own(reply, "id"),
  );
}
