/** Localised `<title>` for admin pages, from the root loader's language (route `meta` has no i18n instance). */
import arAdmin from "~/i18n/ar/admin";
import enAdmin from "~/i18n/en/admin";
import arCommon from "~/i18n/ar/common";
import enCommon from "~/i18n/en/common";

type TitleKey = "login" | "console";

/** The language the root loader chose, read from route `meta` matches. */
export function langFromMatches(matches: readonly unknown[]): "ar" | "en" {
  const root = matches[0] as { loaderData?: { lang?: string } } | undefined;
  return root?.loaderData?.lang === "ar" ? "ar" : "en";
}

/** `[{ title }, robots noindex]` for an admin page in the current language. */
export function adminMeta(matches: readonly unknown[], page: TitleKey) {
  const ar = langFromMatches(matches) === "ar";
  const admin = ar ? arAdmin : enAdmin;
  const school = (ar ? arCommon : enCommon).schoolName;
  const title = page === "login" ? admin.login.title : admin.consoleTitle;
  return [{ title: `${title} | ${school}` }, { name: "robots", content: "noindex" }];
}
