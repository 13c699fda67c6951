/**
 * The public site shell shared by /, /results and /current-students: skip link, fixed navbar, main landmark,
 * footer and the scroll-to-top button. A page change scrolls to the top (or to the section a navbar link asked
 * for); back/forward navigation keeps React Router's restored position.
 */
import { useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigationType } from "react-router";
import { cn } from "~/components/public-ui/cn";
import { MAIN_ID } from "./constants";
import { scrollToElement } from "./scroll";
import { ScrollToTop } from "./scroll-to-top";
import { scrollTargetOf } from "./section-nav";
import { SiteFooter } from "./site-footer";
import { SiteNavbar } from "./site-navbar";

/** Public page frame; `scrollTopHidden` hides the back-to-top button (e.g. while a modal is open). */
export function PublicLayout({
  children,
  className,
  scrollTopHidden = false,
}: {
  children: ReactNode;
  className?: string;
  scrollTopHidden?: boolean;
}) {
  const { t } = useTranslation();
  const { pathname, state } = useLocation();
  const navigationType = useNavigationType();

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of page scrolls; the state and navigation type are read for that change
  useEffect(() => {
    if (navigationType === "POP") return; // first load or back/forward: keep the browser's position
    const target = scrollTargetOf(state);
    window.scrollTo(0, 0);
    if (target) requestAnimationFrame(() => scrollToElement(target));
    // Only a change of page scrolls; the state and navigation type are read for that change.
  }, [pathname]);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href={`#${MAIN_ID}`}
        className="sr-only focus:not-sr-only focus:fixed focus:start-4 focus:top-3 focus:z-[60] focus:rounded-md focus:bg-amber-400 focus:px-4 focus:py-2 focus:font-semibold focus:text-blue-950 focus:shadow-lg focus:outline-none focus:ring-2 focus:ring-blue-950"
      >
        {t("home.skipToContent")}
      </a>
      <SiteNavbar />
      <main id={MAIN_ID} tabIndex={-1} className={cn("flex-1 pt-16 focus:outline-none", className)}>
        {children}
      </main>
      <SiteFooter />
      <ScrollToTop hidden={scrollTopHidden} />
    </div>
  );
}
