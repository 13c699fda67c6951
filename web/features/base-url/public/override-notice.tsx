/**
 * Shows that the console talks to a stored backend address instead of its own server, with a one-click reset
 * (docs/product.md#base-url-override). Without it a wrong saved address only shows up as "check your connection"
 * at sign-in. Two forms: `panel` on the login page, `bar` under the admin header. Renders nothing on the server,
 * before the stored value is read, and when no override is stored.
 */
import { useTranslation } from "react-i18next";
import { RotateCcw, Server } from "lucide-react";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import type { BaseUrlOverride } from "./use-base-url-override";

/** The address, kept left-to-right inside Arabic text. */
function Address({ url, className }: { url: string; className?: string }) {
  return (
    <bdi dir="ltr" data-testid="base-url-override-address" className={cn("font-mono font-semibold", className)}>
      {url}
    </bdi>
  );
}

/** See the module doc; `override` comes from `useBaseUrlOverride()` (one per page, shared with other users). */
export function BaseUrlOverrideNotice({ override, variant }: { override: BaseUrlOverride; variant: "panel" | "bar" }) {
  const { t } = useTranslation();
  if (!override.ready || !override.stored) return null;
  const reset = (
    <Button
      type="button"
      variant="outline"
      size="sm"
      onClick={override.reset}
      className="shrink-0 border-amber-300 bg-white text-amber-900 hover:bg-amber-100"
    >
      <RotateCcw aria-hidden="true" />
      {t("admin.baseUrlOverride.reset")}
    </Button>
  );

  if (variant === "bar") {
    return (
      <div
        role="status"
        aria-label={t("admin.baseUrlOverride.title")}
        className="flex items-center gap-2 border-b border-amber-200 bg-amber-50 px-3 py-1.5 text-xs text-amber-900 sm:px-6"
      >
        <Server className="size-3.5 shrink-0" aria-hidden="true" />
        <p className="min-w-0 flex-1 truncate">
          <span className="font-medium">{t("admin.baseUrlOverride.barLabel")}</span> <Address url={override.stored} />
        </p>
        {reset}
      </div>
    );
  }

  return (
    <section
      aria-labelledby="base-url-override-title"
      className="mb-4 grid gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2.5 text-sm text-amber-900"
    >
      <h2 id="base-url-override-title" className="flex items-center gap-2 font-semibold">
        <Server className="size-4 shrink-0" aria-hidden="true" />
        {t("admin.baseUrlOverride.title")}
      </h2>
      <p>
        {t("admin.baseUrlOverride.body")} <Address url={override.stored} className="break-all" />
      </p>
      <p className="text-xs text-amber-800">{t("admin.baseUrlOverride.hint")}</p>
      <div>{reset}</div>
    </section>
  );
}
