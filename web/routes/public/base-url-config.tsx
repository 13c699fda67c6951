/**
 * /base-url-config — the backend base-URL override for testing (docs/product.md#base-url-override).
 * Public (not behind the admin gate) and in the public site's language. The override lives in localStorage under
 * `BASE_URL_KEY`, which `getBaseUrl()` in web/lib/api.ts reads for every API call; the default is this origin.
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ArrowLeft, CircleCheck, Server } from "lucide-react";
import { BaseUrlForm } from "~/features/base-url/public/base-url-form";
import { BaseUrlInfoPanel } from "~/features/base-url/public/info-panel";
import { useBaseUrlOverride } from "~/features/base-url/public/use-base-url-override";
import { Brand } from "~/features/shell/public/brand";
import { LanguageSwitch } from "~/features/shell/public/language-switch";
import { cn } from "~/components/public-ui/cn";
import { kitButtonClass } from "~/components/public-ui/kit-styles";
import { pageTitle } from "~/i18n";
import { workerContext } from "~/context";
import { backendOrigins } from "@worker/security-headers";
import type { Route } from "./+types/base-url-config";

/** How long the "Configuration updated successfully!" banner stays (docs/product.md#base-url-override: 3 s). */
export const BANNER_MS = 3000;

/**
 * `{ origin, backends }` of this request: the origin lets the server render the form and the info panel with their
 * real text, so the page does not grow when it hydrates (CLS); the browser's own origin replaces it after hydration.
 * `backends` are the other addresses this site's CSP lets its pages connect to (worker/security-headers.ts).
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return { origin: new URL(request.url).origin, backends: backendOrigins(context.get(workerContext).env) };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, "baseUrl.meta.title", { noindex: true });
}

/** The base-URL configuration page. */
export default function BaseUrlConfig({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const stored = useBaseUrlOverride();
  // Browser-only state: the origin and the stored override (null until read after hydration).
  const override = stored.ready ? stored : null;
  const [banner, setBanner] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const updated = () => {
    setBanner(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setBanner(false), BANNER_MS);
  };

  const effective = override ? (override.stored ?? override.origin) : null;

  return (
    <div className="flex min-h-dvh flex-col bg-linear-to-b from-primary/5 via-background to-background">
      <header className="border-b bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-5xl items-center gap-3 px-4 sm:px-6">
          <Link
            to="/"
            aria-label={`${t("schoolName")} – ${t("nav.home")}`}
            className="min-w-0 rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            <Brand />
          </Link>
          <LanguageSwitch className="ms-auto shrink-0" />
        </div>
      </header>

      <main className="mx-auto w-full max-w-5xl flex-1 px-4 py-8 sm:px-6 sm:py-12">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0">
            <h1 className="flex items-center gap-2.5 text-2xl font-bold text-blue-950 sm:text-3xl">
              <Server className="size-7 shrink-0 text-primary" aria-hidden="true" />
              {t("baseUrl.title")}
            </h1>
            <p className="mt-2 text-muted-foreground">{t("baseUrl.subtitle")}</p>
          </div>
          <Link to="/admin/dashboard" className={kitButtonClass({ variant: "outline" })}>
            <ArrowLeft className="rtl:rotate-180" aria-hidden="true" />
            {t("baseUrl.actions.back")}
          </Link>
        </div>

        <div role="status" aria-live="polite" className="mt-6 empty:hidden">
          {banner && (
            <p className="flex items-center gap-2 rounded-lg border border-green-300 bg-green-50 px-4 py-3 font-semibold text-green-800 shadow-sm">
              <CircleCheck className="size-5 shrink-0" aria-hidden="true" />
              {t("baseUrl.saved")}
            </p>
          )}
        </div>

        <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <section aria-labelledby="current-url-title" className="rounded-2xl border bg-card p-5 shadow-sm sm:p-7">
            <div className="mb-6 rounded-xl border bg-muted/40 px-4 py-3">
              <div className="flex flex-wrap items-center gap-2">
                <h2 id="current-url-title" className="text-sm font-semibold text-muted-foreground">
                  {t("baseUrl.current.title")}
                </h2>
                {/* Held in place (invisible) until the stored override is known, so the row keeps its height. */}
                <span
                  data-testid={override ? "current-kind" : undefined}
                  aria-hidden={override ? undefined : true}
                  className={cn(
                    "rounded-full border px-2 py-0.5 text-xs font-semibold",
                    !override && "invisible",
                    override?.stored
                      ? "border-amber-300 bg-amber-50 text-amber-800"
                      : "border-green-300 bg-green-50 text-green-800",
                  )}
                >
                  {override?.stored ? t("baseUrl.current.custom") : t("baseUrl.current.default")}
                </span>
              </div>
              <p
                dir="ltr"
                data-testid="current-url"
                className="mt-1 font-mono text-sm font-semibold break-all text-blue-950 rtl:text-end"
              >
                {effective ?? t("baseUrl.current.loading")}
              </p>
            </div>
            <BaseUrlForm
              // Re-seeded once, when the stored override has been read (the server render is inert).
              key={override ? "ready" : "server"}
              ready={!!override}
              origin={override?.origin ?? loaderData.origin}
              allowed={loaderData.backends}
              initialValue={override ? (override.stored ?? override.origin) : loaderData.origin}
              onSave={(url) => {
                if (!stored.save(url)) return false;
                updated();
                return true;
              }}
              onReset={() => {
                stored.reset();
                updated();
              }}
              onClear={() => {
                stored.reset();
                updated();
              }}
            />
          </section>
          <BaseUrlInfoPanel origin={override?.origin ?? loaderData.origin} backends={loaderData.backends} />
        </div>
      </main>
    </div>
  );
}
