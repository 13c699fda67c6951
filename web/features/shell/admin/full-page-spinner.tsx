/** Full-screen loading state (the admin shell's HydrateFallback while the stored token is checked). */
import { useTranslation } from "react-i18next";
import { Spinner } from "~/components/ui/spinner";

/** A centred spinner covering the viewport, announced as "Loading…". */
export function FullPageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-3 text-muted-foreground">
      <Spinner className="size-10 text-primary" label={t("admin.loading")} />
      <span className="text-sm">{t("admin.loading")}</span>
    </div>
  );
}
