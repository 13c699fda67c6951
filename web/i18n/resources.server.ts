/**
 * Server-only: the dictionary a page needs, sent to the browser in the root loader's data instead of the JS bundle
 * (public pages must stay within their JavaScript budget; the admin dictionary is not needed there).
 * One language per response. /admin gets everything. A public page gets the shared namespaces (layout, errors) plus its
 * own (the public LCP target, bench/README.md benchmark 4: the dictionary is part of the HTML, which every other
 * request waits for); the root route's `shouldRevalidate` reloads it on every navigation between public pages.
 */
import ar from "./ar";
import common from "./ar/common";
import en from "./en";
import type { Lang } from ".";

export type Dictionary = Record<string, unknown>;

/** The public pages that get a dictionary of their own; "other" (e.g. a 404) gets every public text. */
type PublicPage = "home" | "results" | "current-students" | "base-url-config" | "pay" | "family" | "other";

/** The public page a path shows (a trailing slash is ignored). */
function publicPageOf(pathname: string): PublicPage {
  const page = pathname.replace(/\/+$/, "").slice(1);
  if (page === "") return "home";
  if (page === "pay" || page.startsWith("pay/")) return "pay";
  if (page === "family" || page.startsWith("family/")) return "family";
  return page === "results" || page === "current-students" || page === "base-url-config" ? page : "other";
}

/** Public namespaces that belong to one page; every other public namespace is shared by all pages. */
const PAGE_NAMESPACES: Record<Exclude<PublicPage, "other">, readonly string[]> = {
  home: ["news"],
  results: ["publicResults"],
  "current-students": ["selection"],
  "base-url-config": ["baseUrl"],
  pay: ["pay"],
  family: ["family", "familyPay"],
};
const PAGE_OWNED = new Set(Object.values(PAGE_NAMESPACES).flat());

/**
 * Every namespace a public page may get: the shared texts (`common`'s keys, the layout's `home`, news' public part)
 * and the pages' own. Any other namespace is the console's, so a new console namespace stays out of public HTML.
 */
const PUBLIC_NAMESPACES = new Set([...Object.keys(common), "home", "news", ...PAGE_OWNED]);

/** Parts of `home` only the home page shows; the rest of it (nav, footer, language, scroll-to-top) is the layout's. */
const HOME_PAGE_ONLY = new Set(["meta", "hero", "news", "about"]);

/** Sub-trees a public page uses: the console's news texts stay out. */
const PUBLIC_PART: Record<string, string> = { news: "public" };

/**
 * Parts of console namespaces a public page shows: the one list of grade names (`admin.grades`), on the results
 * card and the selection student card.
 */
const SHARED_ADMIN_PART: Partial<Record<PublicPage, string>> = {
  results: "grades",
  "current-students": "grades",
  pay: "grades",
  family: "grades",
  other: "grades",
};

function pick(node: unknown, keep: (key: string) => boolean): Dictionary {
  return Object.fromEntries(Object.entries(node as Dictionary).filter(([key]) => keep(key)));
}

/** The dictionary for `lang` on `pathname` (public: shared namespaces + the page's own; unknown pages: all public). */
export function dictionaryFor(lang: Lang, pathname: string): Dictionary {
  const all = (lang === "ar" ? ar : en) as Dictionary;
  if (pathname.startsWith("/admin")) return all;
  const page = publicPageOf(pathname);
  const own = page === "other" ? [...PAGE_OWNED] : PAGE_NAMESPACES[page];
  const out: Dictionary = {};
  for (const [key, value] of Object.entries(all)) {
    const adminPart = key === "admin" ? SHARED_ADMIN_PART[page] : undefined;
    if (adminPart) {
      out[key] = pick(value, (k) => k === adminPart);
      continue;
    }
    if (!PUBLIC_NAMESPACES.has(key) || (PAGE_OWNED.has(key) && !own.includes(key))) continue;
    let v = value;
    if (key === "home" && page !== "home" && page !== "other") v = pick(v, (k) => !HOME_PAGE_ONLY.has(k));
    if (PUBLIC_PART[key]) v = pick(v, (k) => k === PUBLIC_PART[key]);
    out[key] = v;
  }
  return out;
}
