/** The public language switch: a plain POST form to /lang, so it works without JavaScript too. */
import { Languages } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, useLocation } from "react-router";
import { buttonClass } from "~/components/public-ui/button-styles";
import { cn } from "~/components/public-ui/cn";

/** Switches the public site between Arabic and English (cookie set by routes/lang.ts, then back to this page). */
export function LanguageSwitch({ className, onSwitch }: { className?: string; onSwitch?: () => void }) {
  const { t, i18n } = useTranslation();
  const { pathname, search } = useLocation();
  const next = i18n.language === "en" ? "ar" : "en";
  return (
    <Form method="post" action="/lang" className={className} onSubmit={onSwitch}>
      <input type="hidden" name="lang" value={next} />
      <input type="hidden" name="scope" value="public" />
      <input type="hidden" name="redirectTo" value={pathname + search} />
      <button
        type="submit"
        title={t("home.language.switchLabel")}
        className={cn(buttonClass({ variant: "outline", size: "sm" }), "w-full")}
      >
        <Languages aria-hidden="true" />
        <span lang={next}>{t("language.switchTo")}</span>
      </button>
    </Form>
  );
}
