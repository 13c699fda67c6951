/** The floating back-to-top button: shows after 300 px of scroll and glides to the top in 2 s. */
import { ArrowUp } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "~/components/public-ui/cn";
import { TOP_SCROLL_DURATION, scrollToY } from "./scroll";

/** Scroll distance in px after which the button appears. */
export const SCROLL_TOP_THRESHOLD = 300;

/** Below this width (px) the button only appears while the visitor scrolls up, so it never rests on content. */
export const PHONE_MAX_WIDTH = 639;
/** On phones, how long (ms) the button stays after the last upward scroll. */
export const PHONE_LINGER_MS = 2500;

/**
 * Back-to-top button (docs/product.md#public-home); `hidden` keeps it away (e.g. while the news modal is open).
 * On a phone a fixed button would sit on the inline-end column of whatever is under it (a result's grade
 * badges), so there it shows only while the visitor scrolls up, and leaves shortly after scrolling stops.
 */
export function ScrollToTop({ hidden = false }: { hidden?: boolean }) {
  const { t } = useTranslation();
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const phone = window.matchMedia(`(max-width: ${PHONE_MAX_WIDTH}px)`);
    let lastY = window.scrollY;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      const y = window.scrollY;
      const past = y > SCROLL_TOP_THRESHOLD;
      if (!phone.matches) setScrolled(past);
      else if (y < lastY && past) {
        setScrolled(true);
        clearTimeout(timer);
        timer = setTimeout(() => setScrolled(false), PHONE_LINGER_MS);
      } else if (y > lastY || !past) setScrolled(false);
      lastY = y;
    };
    if (!phone.matches) onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener("scroll", onScroll);
    };
  }, []);
  if (!scrolled || hidden) return null;
  return (
    <button
      type="button"
      aria-label={t("home.scrollTop")}
      title={t("home.scrollTop")}
      onClick={() => void scrollToY(0, TOP_SCROLL_DURATION)}
      className={cn(
        "fixed end-4 bottom-4 z-30 grid size-12 place-items-center rounded-full bg-primary text-primary-foreground shadow-lg shadow-blue-950/25 sm:end-6 sm:bottom-6",
        "ring-2 ring-amber-400/80 transition-colors hover:bg-blue-900 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-amber-400",
        "animate-in fade-in-0 zoom-in-75 duration-200 motion-reduce:animate-none",
      )}
    >
      <ArrowUp className="size-5" aria-hidden="true" />
    </button>
  );
}
