/**
 * Texts of the News Management page that come from elsewhere: the English messages of `newsInputSchema` and the
 * news API, mapped to `news.admin.*` keys so the Arabic console shows Arabic; and the page's toasts (spec §8
 * "News", §9): top right, 3 s, green for success and red for errors.
 */
import type { TFunction } from "i18next";
import { toast } from "~/components/ui/lazy-toast";
import { ApiFailure } from "~/lib/api";
import { translateServerMessage } from "~/lib/server-messages";

const KEYS: Record<string, string> = {
  "Title is required": "news.admin.validation.titleRequired",
  "Title must be at most 255 characters": "news.admin.validation.titleMax",
  "Content is required": "news.admin.validation.contentRequired",
  "Content is too long": "news.admin.validation.contentMax",
  "Summary is too long": "news.admin.validation.summaryMax",
  "Image URL must be a valid URL": "news.admin.validation.imageUrl",
  "Status is required": "news.admin.validation.statusRequired",
  "Publish date must be a valid date": "news.admin.validation.date",
  "Publish date is out of range": "news.admin.validation.dateRange",
  "News not found": "news.admin.toast.notFound",
};

/** The translation of a news schema/server message; unknown texts as sent; `fallback` when empty. */
export function newsMessage(t: TFunction, message: string | undefined, fallback: string): string {
  if (message && KEYS[message]) return t(KEYS[message]);
  return translateServerMessage(t, message, fallback);
}

/**
 * The toast text of a failed save or delete (spec §8): the server's message (or `fallback`) for a non-OK
 * response, `network` when the server could not be reached.
 */
export function failureText(t: TFunction, err: unknown, fallback: string, network: string): string {
  if (err instanceof ApiFailure && !err.isNetwork) return newsMessage(t, err.message, fallback);
  return network;
}

/** Admin toasts are shown at the top right for 3 s, whatever the console language (spec §2, §9). */
const TOAST = { position: "top-right", duration: 3000 } as const;

/** Green toast. */
export function notifySuccess(text: string) {
  toast.success(text, TOAST);
}

/** Red toast. */
export function notifyError(text: string) {
  toast.error(text, TOAST);
}
