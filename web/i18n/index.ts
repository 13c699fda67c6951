/**
 * i18n with i18next + react-i18next. The root loader sends the page's dictionary (resources.server.ts), so an instance
 * initialises synchronously on the server and the client alike, and the dictionaries stay out of the JS bundle.
 * Public pages default to Arabic, the admin console to English.
 */
import i18next, { type i18n } from "i18next";
import { initReactI18next } from "react-i18next";

export const LANGS = ["ar", "en"] as const;
export type Lang = (typeof LANGS)[number];

/** Cookie names: one for the public site, one for the admin console (their defaults differ). */
export const PUBLIC_LANG_COOKIE = "lang";
export const ADMIN_LANG_COOKIE = "admin_lang";

export const dirOf = (lang: Lang) => (lang === "ar" ? "rtl" : "ltr");
export const isLang = (v: unknown): v is Lang => v === "ar" || v === "en";

export function createI18n(lang: Lang, dictionary: Record<string, unknown>): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    resources: { [lang]: { translation: dictionary } },
    // Every interpolated number goes through Intl (alwaysFormat): Arabic pages read Arabic-Indic digits.
    interpolation: { escapeValue: false, alwaysFormat: true },
    initAsync: false,
    returnNull: false,
  });
  const interpolator = instance.services.interpolator as unknown as { format: InterpolationFormat };
  const named = interpolator.format;
  interpolator.format = (value, format, lng, options) =>
    format ? named(value, format, lng, options) : formatInterpolated(value, lng ?? lang);
  return instance;
}

type InterpolationFormat = (
  value: unknown,
  format: string | undefined,
  lng: string | undefined,
  options: unknown,
) => unknown;

/**
 * An interpolated value as shown (docs/product.md#languages-and-numbers): a number in the page's digits (ar-EG:
 * Arabic-Indic), grouped only from five digits so years read "٢٠٢٦"; anything else as it is.
 */
export function formatInterpolated(value: unknown, lng: string): unknown {
  if (typeof value !== "number" || !Number.isFinite(value)) return value;
  return new Intl.NumberFormat(lng.startsWith("ar") ? "ar-EG" : "en-EG", {
    useGrouping: "min2",
    maximumFractionDigits: 2,
  }).format(value);
}

/** Which dictionary a path needs: the console's, or the public site's. */
export const scopeOf = (pathname: string): "public" | "admin" => (pathname.startsWith("/admin") ? "admin" : "public");

/**
 * A `t` for route `meta` functions (which run outside React): reads the dictionary from the root loader's data.
 * Returns the key itself when missing.
 */
export function metaT(matches: readonly unknown[]): (key: string) => string {
  const data = (matches[0] as { loaderData?: { dictionary?: Record<string, unknown> } } | undefined)?.loaderData;
  return (key) => {
    let node: unknown = data?.dictionary;
    for (const part of key.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
    return typeof node === "string" ? node : key;
  };
}

/** `<title>` "Page | School" (+ noindex for the console) for a route `meta`. */
export function pageTitle(
  matches: readonly unknown[],
  titleKey: string,
  opts: { description?: string; noindex?: boolean } = {},
) {
  const t = metaT(matches);
  return [
    { title: `${t(titleKey)} | ${t("schoolName")}` },
    ...(opts.description ? [{ name: "description", content: t(opts.description) }] : []),
    ...(opts.noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}

/** Reads the language for a request path from its cookies. */
export function langFromRequest(request: Request): Lang {
  const isAdmin = new URL(request.url).pathname.startsWith("/admin");
  const name = isAdmin ? ADMIN_LANG_COOKIE : PUBLIC_LANG_COOKIE;
  const cookie = request.headers.get("Cookie") ?? "";
  const value = new RegExp(`(?:^|;\\s*)${name}=(ar|en)`).exec(cookie)?.[1];
  return isLang(value) ? value : isAdmin ? "en" : "ar";
}
