/** The home page hero (`#home`): school name, typed tagline, welcome line and the two calls to action. */
import { ArrowRight, ClipboardList, Sparkles, UsersRound } from "lucide-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonClass } from "~/components/public-ui/button-styles";
import { PUBLIC_PATHS, SECTION_IDS } from "~/features/shell/public/constants";
import { TypedTagline } from "./typed-tagline";

/** Navy hero band with the crest, shown at the top of the home page. */
export function HeroSection() {
  const { t, i18n } = useTranslation();
  const phrases = useMemo(
    () => (["education", "quality", "future", "excellence"] as const).map((k) => t(`home.hero.phrases.${k}`)),
    [t],
  );
  return (
    <section
      id={SECTION_IDS.home}
      aria-labelledby="hero-title"
      className="relative isolate overflow-hidden bg-blue-950 text-white"
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-linear-to-br from-blue-950 via-blue-900 to-primary"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 [background-size:22px_22px] bg-[radial-gradient(rgb(255_255_255/0.09)_1px,transparent_1px)] [mask-image:linear-gradient(to_bottom,black,transparent)]"
      />
      {/* Two soft glows: 28rem and 24rem disks blurred by 4rem, drawn as gradients (app.css `glow-*`: a CSS blur
          filter costs paint time, docs/decisions/0013-public-first-paint.md). */}
      <div aria-hidden="true" className="absolute -end-72 -top-80 -z-10 size-208 glow-15 [--glow-k:3.5]" />
      <div aria-hidden="true" className="absolute -start-72 -bottom-88 -z-10 size-192 glow-10 [--glow-k:3]" />

      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 pt-14 pb-20 sm:px-6 md:pt-20 md:pb-28 lg:grid-cols-[1.4fr_1fr] lg:px-8 lg:pt-24 lg:pb-32">
        <div className="text-center lg:text-start">
          <p className="inline-flex items-center gap-2 rounded-full border border-amber-300/40 bg-white/5 px-4 py-1 text-sm font-semibold text-amber-200">
            <Sparkles className="size-4" aria-hidden="true" />
            {t("home.hero.welcome")}
          </p>
          <h1 id="hero-title" className="mt-5 text-4xl leading-tight font-bold text-balance sm:text-5xl lg:text-6xl">
            {t("schoolName")}
          </h1>
          <TypedTagline
            key={i18n.language}
            phrases={phrases}
            label={t("home.hero.taglineLabel")}
            className="mt-3 text-3xl font-bold text-amber-300 sm:text-4xl lg:text-5xl"
          />
          <p className="mx-auto mt-6 max-w-xl text-base leading-relaxed text-blue-100 sm:text-lg lg:mx-0">
            {t("home.hero.intro")}
          </p>
          <div className="mt-9 flex flex-col gap-3 sm:flex-row sm:justify-center lg:justify-start">
            <Link to={PUBLIC_PATHS.results} className={buttonClass({ variant: "gold", size: "lg" })}>
              <ClipboardList aria-hidden="true" />
              {t("nav.results")}
            </Link>
            <Link to={PUBLIC_PATHS.chooseTeachers} className={buttonClass({ variant: "outlineLight", size: "lg" })}>
              <UsersRound aria-hidden="true" />
              {t("nav.chooseTeachers")}
              <ArrowRight aria-hidden="true" className="rtl:-scale-x-100" />
            </Link>
          </div>
        </div>

        <div aria-hidden="true" className="relative hidden justify-center lg:flex">
          <div className="absolute inset-0 m-auto size-80 rounded-full border border-amber-300/20" />
          <div className="absolute inset-0 m-auto size-[25rem] rounded-full border border-white/10" />
          <div className="absolute inset-0 m-auto size-168 glow-25 [--glow-k:2.25]" />
          <img
            src="/logo.svg"
            alt=""
            width={224}
            height={252}
            className="relative h-64 w-auto drop-shadow-[0_20px_40px_rgba(0,0,0,0.45)]"
          />
        </div>
      </div>

      <svg
        aria-hidden="true"
        viewBox="0 0 1440 60"
        preserveAspectRatio="none"
        className="absolute inset-x-0 -bottom-px h-8 w-full fill-background md:h-12"
      >
        <path d="M0 60V30C240 0 480 0 720 20s480 40 720 10v30H0Z" />
      </svg>
    </section>
  );
}
