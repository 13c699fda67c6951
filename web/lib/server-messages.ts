/**
 * Known English texts from the API (and the shared zod schemas) mapped to i18n keys, so Arabic screens show
 * Arabic; an unknown text is shown as the server sent it.
 */
import type { TFunction } from "i18next";
import { parseReason } from "@worker/reasons";
import { messageText } from "./reason-text";

const KEYS: Record<string, string> = {
};

/** The translation of a known server/schema message, `message` itself when unknown, or `fallback` when empty. */
export function translateServerMessage(t: TFunction, message: string | undefined, fallback: string): string {
  if (!message || /^HTTP \d+$/.test(message)) return fallback;
  // TRANSITIONAL: schemas converted to reasons give reason messages (web/lib/reason-text.ts).
  if (parseReason(message)) return messageText(t, t("errors.fields.name") === "الاسم" ? "ar" : "en", message);
  const key = KEYS[message];
  return key ? t(key) : message;
}
