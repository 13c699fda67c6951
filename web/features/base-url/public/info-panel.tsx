/**
 * The explanatory panel of /base-url-config (docs/product.md#base-url-override): browser-only, for testing, not
 * shared across devices.
 */
import { useTranslation } from "react-i18next";
import { FlaskConical, Info, MonitorSmartphone, RotateCcw, ShieldCheck, UserX } from "lucide-react";

/** `origin` is the default address, named in the reset note; `backends` the other addresses the site allows. */
export function BaseUrlInfoPanel({ origin, backends }: { origin: string; backends: readonly string[] }) {
  const { t, i18n } = useTranslation();
  const ltr = (s: string) => (i18n.language === "ar" ? `\u2068${s}\u2069` : s);
  const host = origin ? ltr(origin) : "…";
  const others = backends.map(ltr).join(i18n.language === "ar" ? "، " : ", ");
  const items = [
    { icon: MonitorSmartphone, text: t("baseUrl.info.browserOnly") },
    { icon: FlaskConical, text: t("baseUrl.info.testing") },
    { icon: UserX, text: t("baseUrl.info.notShared") },
    { icon: RotateCcw, text: t("baseUrl.info.reset", { host }) },
    {
      icon: ShieldCheck,
      text: backends.length ? t("baseUrl.info.allowed", { list: others }) : t("baseUrl.info.allowedNone"),
    },
  ];
  return (
    <aside
      aria-labelledby="base-url-info-title"
      className="rounded-2xl border border-blue-200 bg-blue-50/70 p-5 text-blue-950"
    >
      <h2 id="base-url-info-title" className="flex items-center gap-2 text-base font-bold">
        <Info className="size-5 text-primary" aria-hidden="true" />
        {t("baseUrl.info.title")}
      </h2>
      <ul className="mt-3 space-y-3">
        {items.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-start gap-2.5 text-sm leading-relaxed">
            <Icon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            <span className="min-w-0 break-words">{text}</span>
          </li>
        ))}
      </ul>
    </aside>
  );
}
