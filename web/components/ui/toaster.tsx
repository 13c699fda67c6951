/**
 * The toast outlet (sonner), placed by the pages that toast — the console layout and teacher selection — rather
 * than the root, so pages without toasts (home, results) do not ship it. Start-side in RTL; 3 s by default.
 */
import { Toaster } from "sonner";
import { useTranslation } from "react-i18next";

/** Renders sonner's `<Toaster>` for the current language. */
export function AppToaster({ duration = 3000 }: { duration?: number }) {
  const { t, i18n } = useTranslation();
  const rtl = i18n.language === "ar";
  // sonner names its region "Notifications" in English unless told otherwise.
  return (
    <Toaster
      richColors
      position={rtl ? "top-left" : "top-right"}
      dir={rtl ? "rtl" : "ltr"}
      duration={duration}
      containerAriaLabel={t("notifications")}
    />
  );
}
