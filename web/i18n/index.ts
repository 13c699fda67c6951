/**
 * i18n with i18next + react-i18next. Resources are bundled (two small dictionaries), so an instance initialises
 * synchronously on the server and the client alike. Public pages default to Arabic, the admin console to English.
 */
import i18next, { type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import ar from "./ar";
import en from "./en";

export const LANGS = ["ar", "en"] as const;
export type Lang = (typeof LANGS)[number];

/** Cookie names: one for the public site, one for the admin console (their defaults differ). */
export const PUBLIC_LANG_COOKIE = "lang";
export const ADMIN_LANG_COOKIE = "admin_lang";

export const dirOf = (lang: Lang) => (lang === "ar" ? "rtl" : "ltr");
export const isLang = (v: unknown): v is Lang => v === "ar" || v === "en";

export function createI18n(lang: Lang): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: lang,
    fallbackLng: "en",
    resources: { ar: { translation: ar }, en: { translation: en } },
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}

/** Reads the language for a request path from its cookies. */
export function langFromRequest(request: Request): Lang {
  const isAdmin = new URL(request.url).pathname.startsWith("/admin");
  const name = isAdmin ? ADMIN_LANG_COOKIE : PUBLIC_LANG_COOKIE;
  const cookie = request.headers.get("Cookie") ?? "";
  const value = new RegExp(`(?:^|;\\s*)${name}=(ar|en)`).exec(cookie)?.[1];
  return isLang(value) ? value : isAdmin ? "en" : "ar";
}
