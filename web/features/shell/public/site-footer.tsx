/**
 * The public footer (docs/product.md#public-home): home link, the school's social group link and the copyright with
 * the current year.
 */
import { ExternalLink, House } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Brand } from "./brand";
import { PUBLIC_PATHS, SECTION_IDS, SOCIAL_GROUP_URL } from "./constants";
import { useSectionNav } from "./section-nav";

const footerLink =
  "inline-flex items-center gap-2 rounded-md py-1 text-sm text-blue-100 transition-colors hover:text-amber-300 " +
  "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-300 focus-visible:ring-offset-2 focus-visible:ring-offset-blue-950";

/** Facebook "f" mark (lucide has no brand icons). */
function FacebookMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={className} fill="currentColor">
      <path d="M13.5 21v-7.5h2.5l.4-3h-2.9V8.6c0-.9.3-1.5 1.5-1.5h1.5V4.4c-.3 0-1.2-.1-2.2-.1-2.2 0-3.7 1.3-3.7 3.8v2.4H8v3h2.6V21h2.9Z" />
    </svg>
  );
}

/** Site footer on a navy band, with quick links and the copyright line. */
export function SiteFooter() {
  const { t } = useTranslation();
  const goToSection = useSectionNav();
  const year = new Date().getFullYear();
  return (
    <footer className="border-t-4 border-amber-400 bg-blue-950 text-blue-100">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-[2fr_1fr] lg:px-8">
        <div className="space-y-3">
          <Brand tone="light" />
          <p className="max-w-md text-sm leading-relaxed text-blue-200">{t("home.footer.about")}</p>
        </div>
        <nav aria-labelledby="footer-links-title">
          <h2 id="footer-links-title" className="mb-2 text-sm font-bold text-amber-300">
            {t("home.footer.links")}
          </h2>
          <ul className="space-y-1">
            <li>
              <Link
                to={PUBLIC_PATHS.home}
                className={footerLink}
                onClick={(e) => {
                  if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
                  e.preventDefault();
                  goToSection(SECTION_IDS.home);
                }}
              >
                <House className="size-4" aria-hidden="true" />
                {t("nav.home")}
              </Link>
            </li>
            <li>
              <a href={SOCIAL_GROUP_URL} target="_blank" rel="noopener noreferrer" className={footerLink}>
                <FacebookMark className="size-4" />
                {t("footer.social")}
                <ExternalLink className="size-3.5 opacity-70 rtl:-scale-x-100" aria-hidden="true" />
                <span className="sr-only">{t("home.footer.newTab")}</span>
              </a>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-4 text-center text-xs text-blue-200 sm:px-6 lg:px-8">
          {t("home.footer.copyright", { year, name: t("schoolName") })}
        </p>
      </div>
    </footer>
  );
}
