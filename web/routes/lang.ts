/** POST /lang {lang, scope, redirectTo}: remembers the language in a cookie (1 year) and goes back. */
import { redirect } from "react-router";
import type { Route } from "./+types/lang";
import { ADMIN_LANG_COOKIE, PUBLIC_LANG_COOKIE, isLang } from "../i18n";

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const lang = form.get("lang");
  const scope = form.get("scope") === "admin" ? "admin" : "public";
  const back = String(form.get("redirectTo") ?? "/");
  const safeBack = back.startsWith("/") && !back.startsWith("//") ? back : "/";
  if (!isLang(lang)) return redirect(safeBack);
  const name = scope === "admin" ? ADMIN_LANG_COOKIE : PUBLIC_LANG_COOKIE;
  return redirect(safeBack, {
    headers: { "Set-Cookie": `${name}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax; Secure` },
  });
}

export function loader() {
  return redirect("/");
}
