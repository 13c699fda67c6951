/** Navigation to a section of the home page from anywhere on the public site. */
import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";
import { PUBLIC_PATHS } from "./constants";
import { scrollToElement } from "./scroll";

/** Router state that asks the public layout to scroll to a section after navigating to the home page. */
export interface ScrollToState {
  scrollTo?: string;
}

/** Reads a section id from router state, if one was passed. */
export function scrollTargetOf(state: unknown): string | undefined {
  const id = (state as ScrollToState | null)?.scrollTo;
  return typeof id === "string" && /^[\w-]+$/.test(id) ? id : undefined;
}

/**
 * Returns `goToSection(id)`: on the home page it smooth-scrolls to `#id` (offset -100 px, 800 ms); elsewhere it
 * navigates to `/` and the public layout scrolls there once the page is shown.
 */
export function useSectionNav() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return useCallback(
    (id: string) => {
      if (pathname === PUBLIC_PATHS.home) scrollToElement(id);
      else void navigate(PUBLIC_PATHS.home, { state: { scrollTo: id } satisfies ScrollToState });
    },
    [pathname, navigate],
  );
}
