/**
 * Admin language switch: a tiny form posting to /lang (scope "admin"), which sets the `admin_lang` cookie and
 * redirects back to the current path; the root loader then renders the new language and direction.
 */
import { Form, useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { Languages } from "lucide-react";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";

/** A button that switches the admin console between English and Arabic. */
export function LanguageSwitch({ className, compact = false }: { className?: string; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const next = i18n.language?.startsWith("ar") ? "en" : "ar";
  const label = t("language.switchTo");
  return (
    <Form method="post" action="/lang" className={cn("contents", className)}>
      <input type="hidden" name="lang" value={next} />
      <input type="hidden" name="scope" value="admin" />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <Button
        type="submit"
        variant="ghost"
        size={compact ? "icon" : "sm"}
        aria-label={t("admin.header.switchLanguage", { language: label })}
        title={t("admin.header.switchLanguage", { language: label })}
      >
        <Languages aria-hidden="true" />
        {!compact && <span lang={next}>{label}</span>}
      </Button>
    </Form>
  );
}
