/**
 * The document shell. `<html lang dir>` comes from the server: Arabic/RTL by default on public pages, English on
 * the admin console, switchable by cookie (routes/lang.ts). Every script carries the CSP nonce.
 */
import { formatNumber } from "~/lib/format";
import { useEffect, useMemo } from "react";
import { I18nextProvider, useTranslation } from "react-i18next";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { Direction } from "radix-ui";
import type { Route } from "./+types/root";
import { workerContext } from "./context";
import { createI18n, dirOf, langFromRequest, scopeOf, type Lang } from "./i18n";
import { dictionaryFor } from "./i18n/resources.server";
// The stylesheet is linked by the Layout below (not through <Links/>), with a React `precedence`: React then puts it
// at the top of <head>, ahead of the route modules' modulepreload links, so the one render-blocking file is fetched
// first (largest contentful paint, docs/decisions/0013-public-first-paint.md).
import appCss from "./app.css?url";
// The regular-weight Cairo files, preloaded so the text above the fold (the LCP element on every public page) does
// not wait for the stylesheet to be parsed before its font is requested (docs/decisions/0013-public-first-paint.md). Same hashed files as app.css's.
import cairoArabic400 from "@fontsource/cairo/files/cairo-arabic-400-normal.woff2?url";
import cairoLatin400 from "@fontsource/cairo/files/cairo-latin-400-normal.woff2?url";

/** Set on `<html>` once the app has hydrated and run its first effects. */
export const HYDRATED_MARK = "data-hydrated";

/** Font files to preload per language: Arabic text also uses the Latin file (spaces, digits, punctuation). */
const PRELOAD_FONTS: Record<Lang, string[]> = { ar: [cairoArabic400, cairoLatin400], en: [cairoLatin400] };

export function loader({ request, context }: Route.LoaderArgs) {
  const lang = langFromRequest(request);
  const { pathname } = new URL(request.url);
  return {
    lang,
    scope: scopeOf(pathname),
    dictionary: dictionaryFor(lang, pathname),
    nonce: context.get(workerContext).nonce,
  };
}

/**
 * Reload the dictionary when the next page needs another one: console vs public site, another public page (each
 * gets only its own texts, i18n/resources.server.ts), or after /lang.
 */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const scope = scopeOf(nextUrl.pathname);
  return (
    scope !== scopeOf(currentUrl.pathname) ||
    (scope === "public" && nextUrl.pathname !== currentUrl.pathname) ||
    defaultShouldRevalidate
  );
}

export function meta() {
  return [
    { title: "مدارس النخبة الخاصة | Elite Private Schools" },
    { name: "description", content: "School news, exam results and Prep-3 teacher selection." },
  ];
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const lang: Lang = data?.lang ?? "ar";
  const dictionary = data?.dictionary;
  const i18n = useMemo(() => createI18n(lang, dictionary ?? {}), [lang, dictionary]);
  // Effects run children first, so once this one has run every effect of the first render has: the page's own
  // listeners (scroll, keys) are attached. Browser tests wait for this mark rather than for the scripts to load.
  useEffect(() => {
    document.documentElement.setAttribute(HYDRATED_MARK, "");
  }, []);
  return (
    <html lang={lang} dir={dirOf(lang)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1e3a8a" />
        <link rel="icon" href="/logo.svg" type="image/svg+xml" />
        <link rel="stylesheet" href={appCss} precedence="app" />
        {PRELOAD_FONTS[lang].map((href) => (
          <link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="anonymous" />
        ))}
        <Meta />
        <Links />
      </head>
      <body>
        <I18nextProvider i18n={i18n}>
          <Direction.Provider dir={dirOf(lang)}>{children}</Direction.Provider>
        </I18nextProvider>
        <ScrollRestoration nonce={data?.nonce} />
        <Scripts nonce={data?.nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/**
 * The top-level error screen (docs/product.md#public-home): "Something went wrong" with Refresh Page and Try
 * Again; an unknown address says so and links to the home page (or the console's dashboard under /admin).
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (notFound) {
    const inConsole = pathname === "/admin" || pathname.startsWith("/admin/");
    return (
      <main data-not-found="" className="flex min-h-dvh items-center justify-center p-6">
        <div className="w-full max-w-md rounded-xl border bg-card p-8 text-center shadow-sm">
          <p className="text-5xl font-bold text-primary" aria-hidden="true">
            {formatNumber(404, i18n.language, { useGrouping: false })}
          </p>
          <h1 className="mt-3 text-2xl font-bold">{t("error.notFound")}</h1>
          <p className="mt-2 text-muted-foreground">{t("error.notFoundBody")}</p>
          <a
            href={inConsole ? "/admin/dashboard" : "/"}
            className="mt-6 inline-block rounded-md bg-primary px-4 py-2 text-primary-foreground"
          >
            {inConsole ? t("error.toDashboard") : t("error.toHome")}
          </a>
        </div>
      </main>
    );
  }
  return (
    <main data-error-screen="" className="flex min-h-dvh items-center justify-center p-6">
      <div role="alert" className="w-full max-w-md rounded-xl border bg-card p-8 text-center shadow-sm">
        <h1 className="text-2xl font-bold">{t("error.title")}</h1>
        <p className="mt-2 text-muted-foreground">{t("error.body")}</p>
        <div className="mt-6 flex justify-center gap-3">
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="rounded-md bg-primary px-4 py-2 text-primary-foreground"
          >
            {t("error.refresh")}
          </button>
          <a href="/" className="rounded-md border px-4 py-2">
            {t("error.tryAgain")}
          </a>
        </div>
      </div>
    </main>
  );
}
