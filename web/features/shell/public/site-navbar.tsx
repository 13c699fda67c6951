/**
 * The fixed public navbar (docs/product.md#public-home): crest and name, Home / News section links, View Results, Pay
 * Fees, Family Account and Choose Teachers, and the language switch. It slides away while scrolling down and comes
 * back when scrolling up; below md the links move into a slide-in side menu.
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Brand } from "./brand";
import { buttonClass } from "~/components/public-ui/button-styles";
import { cn } from "~/components/public-ui/cn";
import { PUBLIC_PATHS, SECTION_IDS } from "./constants";
import { LanguageSwitch } from "./language-switch";
import { MobileMenu } from "./mobile-menu";
import { NavItemLink, usePublicNavItems } from "./nav-items";
import { useSectionNav } from "./section-nav";

/** Height of the navbar in px; pages pad their first section by this much (Tailwind `pt-16`). */
export const NAVBAR_HEIGHT = 64;

/** True while the visitor is scrolling down past the navbar; false near the top or when scrolling up. */
function useHideOnScroll(paused: boolean): [boolean, (hidden: boolean) => void] {
  const [hidden, setHidden] = useState(false);
  const pausedRef = useRef(paused);
  pausedRef.current = paused;
  useEffect(() => {
    let last = window.scrollY;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const y = window.scrollY;
        const delta = y - last;
        if (pausedRef.current) return;
        if (y < NAVBAR_HEIGHT) setHidden(false);
        else if (delta > 8) setHidden(true);
        else if (delta < -8) setHidden(false);
        if (Math.abs(delta) > 8 || y < NAVBAR_HEIGHT) last = y;
      });
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", onScroll);
    };
  }, []);
  return [hidden, setHidden];
}

const linkClass =
  "inline-flex h-10 items-center whitespace-nowrap rounded-md px-2.5 text-sm font-semibold text-slate-700 transition-colors " +
  "hover:bg-accent hover:text-primary lg:px-3 " +
  "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-[current=page]:text-primary aria-[current=page]:bg-accent";

/** The site header with the main navigation; fixed to the top of the viewport. */
export function SiteNavbar() {
  const { t } = useTranslation();
  const items = usePublicNavItems();
  const goToSection = useSectionNav();
  const [menuOpen, setMenuOpen] = useState(false);
  const [hidden, setHidden] = useHideOnScroll(menuOpen);

  return (
    <header
      className={cn(
        "fixed inset-x-0 top-0 z-40 border-b border-slate-200/80 bg-white/90 shadow-sm backdrop-blur-md transition-transform duration-300 motion-reduce:transition-none",
        hidden && !menuOpen && "-translate-y-full",
      )}
      // Keyboard users tabbing into a hidden navbar bring it back.
      onFocusCapture={() => setHidden(false)}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6 lg:px-8">
        <Link
          to={PUBLIC_PATHS.home}
          aria-label={`${t("schoolName")} – ${t("home.nav.brandHome")}`}
          className="min-w-0 rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
          onClick={(e) => {
            if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
            e.preventDefault();
            goToSection(SECTION_IDS.home);
          }}
        >
          <Brand />
        </Link>

        <nav aria-label={t("home.nav.label")} className="ms-auto hidden items-center gap-1 lg:flex lg:gap-2">
          <ul className="flex items-center gap-0.5 lg:gap-1">
            {items.map((item) => (
              <li key={item.key}>
                <NavItemLink
                  item={item}
                  onSection={goToSection}
                  className={
                    item.key === "chooseTeachers"
                      ? buttonClass({
                          variant: "primary",
                          size: "md",
                          className: "ms-1 aria-[current=page]:ring-2 aria-[current=page]:ring-amber-400",
                        })
                      : linkClass
                  }
                >
                  {item.label}
                </NavItemLink>
              </li>
            ))}
          </ul>
          <LanguageSwitch className="ms-1" />
        </nav>

        <MobileMenu className="ms-auto lg:hidden" onOpenChange={setMenuOpen} />
      </div>
    </header>
  );
}
