/**
 * Server-only: the dictionary a page needs, sent to the browser in the root loader's data instead of the JS bundle
 * (public pages must stay within their JavaScript budget; the admin dictionary is not needed there).
 * Public pages get everything but the console's namespaces; /admin gets everything. One language per response.
 */
import ar from "./ar";
import en from "./en";
import type { Lang } from ".";

export type Dictionary = Record<string, unknown>;

/** Namespaces only the console uses. */
const ADMIN_ONLY = new Set(["admin", "students", "fees", "results", "gradeDemo", "courseSelection", "audit"]);

export function dictionaryFor(lang: Lang, scope: "public" | "admin"): Dictionary {
  const all = (lang === "ar" ? ar : en) as Dictionary;
  if (scope === "admin") return all;
  return Object.fromEntries(Object.entries(all).filter(([key]) => !ADMIN_ONLY.has(key)));
}
