/**
 * Known English texts from the API (and the shared zod schemas) mapped to i18n keys, so Arabic screens show
 * Arabic; an unknown text is shown as the server sent it.
 */
import type { TFunction } from "i18next";
import { parseReason } from "@worker/reasons";
import { messageText } from "./reason-text";

const KEYS: Record<string, string> = {
  "Invalid username or password": "admin.login.errors.invalidCredentials",
  "Username is required": "admin.login.errors.usernameRequired",
  "Password is required": "admin.login.errors.passwordRequired",
  "Too many failed login attempts. Please try again later.": "admin.server.tooManyAttempts",
  "Current password is incorrect": "admin.server.wrongPassword",
  "Session expired or invalid. Please login again.": "admin.server.sessionExpired",
  "All fields are required": "admin.password.errors.required",
  "New password and confirm password do not match": "admin.password.errors.mismatch",
  "New password must be at least 6 characters long": "admin.password.errors.tooShort",
  "New password must be different from current password": "admin.password.errors.sameAsOld",
  "Password updated successfully!": "admin.password.success",
};

/** The translation of a known server/schema message, `message` itself when unknown, or `fallback` when empty. */
export function translateServerMessage(t: TFunction, message: string | undefined, fallback: string): string {
  if (!message || /^HTTP \d+$/.test(message)) return fallback;
  // TRANSITIONAL: schemas converted to reasons give reason messages (web/lib/reason-text.ts).
  if (parseReason(message)) return messageText(t, t("errors.fields.name") === "الاسم" ? "ar" : "en", message);
  const key = KEYS[message];
  return key ? t(key) : message;
}
