/** POST /lang {lang, scope, redirectTo}: remembers the language in a cookie (1 year) and goes back. */
import { redirect } from "react-router";
import type { Route } from "./+types/lang";
import { ADMIN_LANG_COOKIE, PUBLIC_LANG_COOKIE, isLang } from "../i18n";

/**
 * `redirectTo` as a path on this site, or "/": the value is parsed as a URL against this request's origin and kept
 * only when it stays on that origin, so `//evil.test`, `/\evil.test` (browsers read `\` as `/`), `https://…` and
 * control characters never produce an off-site `Location`, nor does a path that resolves to `//host` ("/.//evil.test").
 * Returns path + query + fragment.
 */
export function sameOriginPath(value: unknown, requestUrl: string): string {
  if (typeof value !== "string" || !value.startsWith("/")) return "/";
  const origin = new URL(requestUrl).origin;
  let target: URL;
  try {
    target = new URL(value, origin);
  } catch {
    return "/";
  }
  if (target.origin !== origin) return "/";
  // "/.//evil.test" resolves to the path "//evil.test", which a browser would read as another host: one leading slash.
  return `/${target.pathname.replace(/^[/\\]+/, "")}${target.search}${target.hash}`;
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const lang = form.get("lang");
  const scope = form.get("scope") === "admin" ? "admin" : "public";
  const safeBack = sameOriginPath(form.get("redirectTo") ?? "/", request.url);
  if (!isLang(lang)) return redirect(safeBack);
  const name = scope === "admin" ? ADMIN_LANG_COOKIE : PUBLIC_LANG_COOKIE;
  return redirect(safeBack, {
    headers: { "Set-Cookie": `${name}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax; Secure` },
  });
}

export function loader() {
  return redirect("/");
}
