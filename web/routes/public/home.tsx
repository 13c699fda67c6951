/** Public home page (/): hero, the news section (hidden until the news carousel arrives) and "why choose us". */
import { useTranslation } from "react-i18next";
import { AboutSection } from "~/components/public/about-section";
import { SECTION_IDS } from "~/components/public/constants";
import { HeroSection } from "~/components/public/hero-section";
import { PublicLayout } from "~/components/public/public-layout";
import arCommon from "~/i18n/ar/common";
import arHome from "~/i18n/ar/home";
import enCommon from "~/i18n/en/common";
import enHome from "~/i18n/en/home";
import type { Route } from "./+types/home";

export function meta({ matches }: Route.MetaArgs) {
  const lang = (matches[0]?.loaderData as { lang?: string } | undefined)?.lang === "en" ? "en" : "ar";
  const [common, home] = lang === "en" ? [enCommon, enHome] : [arCommon, arHome];
  return [{ title: `${home.meta.title} | ${common.schoolName}` }, { name: "description", content: home.meta.description }];
}

/** The public home page. */
export default function Home() {
  const { t } = useTranslation();
  return (
    <PublicLayout>
      <HeroSection />
      {/* Spec §2: the news section is hidden while there are no news items; the carousel will fill it later. */}
      <section id={SECTION_IDS.news} aria-label={t("home.news.title")} hidden />
      <AboutSection />
    </PublicLayout>
  );
}
