/** The school crest and name, as shown in the navbar, side menu and footer. */
import { useTranslation } from "react-i18next";
import { cn } from "~/components/public-ui/cn";

/** Crest (web/public/logo.svg) beside the school name; `tone="light"` for dark backgrounds. */
export function Brand({ tone = "dark", className }: { tone?: "dark" | "light"; className?: string }) {
  const { t } = useTranslation();
  return (
    <span className={cn("flex min-w-0 items-center gap-2.5", className)}>
      <img src="/logo.svg" alt="" width={36} height={40} className="h-10 w-9 shrink-0 drop-shadow-sm" />
      <span
        className={cn(
          "truncate text-base font-bold leading-tight sm:text-lg",
          tone === "light" ? "text-white" : "text-blue-950",
        )}
      >
        {t("schoolName")}
      </span>
    </span>
  );
}
