/** The home page "why choose us" section: three feature cards (qualified teachers, modern buildings, student care). */
import { GraduationCap, HeartHandshake, School, type LucideIcon } from "lucide-react";
import { useTranslation } from "react-i18next";

const FEATURES: { key: "teachers" | "buildings" | "care"; icon: LucideIcon }[] = [
  { key: "teachers", icon: GraduationCap },
  { key: "buildings", icon: School },
  { key: "care", icon: HeartHandshake },
];

/** Section heading plus a responsive grid of feature cards. */
export function AboutSection() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="about-title" className="py-16 md:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-bold tracking-wide text-amber-700">{t("home.about.eyebrow")}</p>
          <h2 id="about-title" className="mt-2 text-3xl font-bold text-balance text-blue-950 sm:text-4xl">
            {t("home.about.title")}
          </h2>
          <div aria-hidden="true" className="mx-auto mt-4 h-1 w-16 rounded-full bg-amber-400" />
          <p className="mt-5 text-lg leading-relaxed text-muted-foreground">{t("home.about.intro")}</p>
        </div>
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {FEATURES.map(({ key, icon: Icon }) => (
            <li
              key={key}
              className="group relative overflow-hidden rounded-2xl border bg-card p-6 shadow-sm transition hover:-translate-y-1 hover:shadow-lg hover:shadow-blue-950/5 motion-reduce:transition-none motion-reduce:hover:translate-y-0 sm:p-7"
            >
              <span
                aria-hidden="true"
                className="absolute inset-x-0 top-0 h-1 bg-linear-to-r from-primary via-amber-400 to-primary opacity-80"
              />
              <span className="grid size-14 place-items-center rounded-xl bg-primary/10 text-primary transition-colors group-hover:bg-primary group-hover:text-white">
                <Icon className="size-7" aria-hidden="true" />
              </span>
              <h3 className="mt-5 text-xl font-bold text-blue-950">{t(`home.about.${key}.title`)}</h3>
              <p className="mt-2 leading-relaxed text-muted-foreground">{t(`home.about.${key}.body`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
