/** Localised `<title>` for admin pages (route `meta` has no i18n instance; the dictionary comes from the root loader). */
import { pageTitle } from "~/i18n";

type TitleKey = "login" | "console";

/** `[{ title }, robots noindex]` for an admin page in the current language. */
export function adminMeta(matches: readonly unknown[], page: TitleKey) {
  return pageTitle(matches, page === "login" ? "admin.login.title" : "admin.consoleTitle", { noindex: true });
}
