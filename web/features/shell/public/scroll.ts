/**
 * Animated window scrolling for the public site (docs/product.md#public-home: navbar offset -100 px over 800 ms,
 * scroll-to-top over 2000 ms). Uses requestAnimationFrame with an ease-in-out curve, jumps instantly when the user
 * prefers reduced motion, and cancels itself when the user scrolls by hand (wheel, touch) or a newer animation
 * starts.
 */

/** Navbar section links: land 100 px above the section, over 800 ms. */
export const SECTION_SCROLL = { offset: -100, duration: 800 } as const;
/** Scroll-to-top button: 2000 ms to the top. */
export const TOP_SCROLL_DURATION = 2000;

export interface ScrollOptions {
  /** Pixels added to the target position (negative lands above the element). */
  offset?: number;
  /** Animation length in milliseconds. */
  duration?: number;
}

let cancelCurrent: (() => void) | null = null;

/** True when the visitor asked the system for less motion. */
export function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true;
}

const easeInOutCubic = (t: number) => (t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2);

/** Scrolls the window to vertical position `y` over `duration` ms; resolves when done or interrupted. */
export function scrollToY(y: number, duration: number = SECTION_SCROLL.duration): Promise<void> {
  if (typeof window === "undefined") return Promise.resolve();
  cancelCurrent?.();
  const max = Math.max(0, document.documentElement.scrollHeight - window.innerHeight);
  const target = Math.min(Math.max(0, y), max);
  const start = window.scrollY;
  const distance = target - start;
  if (duration <= 0 || Math.abs(distance) < 1 || prefersReducedMotion()) {
    window.scrollTo(0, target);
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    let frame = 0;
    let startTime: number | null = null;
    const stop = () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("wheel", stop);
      window.removeEventListener("touchstart", stop);
      if (cancelCurrent === stop) cancelCurrent = null;
      resolve();
    };
    const step = (now: number) => {
      startTime ??= now;
      const progress = Math.min(1, (now - startTime) / duration);
      window.scrollTo(0, start + distance * easeInOutCubic(progress));
      if (progress < 1) frame = requestAnimationFrame(step);
      else stop();
    };
    window.addEventListener("wheel", stop, { passive: true });
    window.addEventListener("touchstart", stop, { passive: true });
    cancelCurrent = stop;
    frame = requestAnimationFrame(step);
  });
}

/** Scrolls smoothly to the element with `id` (default offset -100 px, 800 ms); false if it is missing or hidden. */
export function scrollToElement(
  id: string,
  { offset = SECTION_SCROLL.offset, duration = SECTION_SCROLL.duration }: ScrollOptions = {},
): boolean {
  if (typeof document === "undefined") return false;
  const el = document.getElementById(id);
  if (!el || el.hidden) return false;
  void scrollToY(el.getBoundingClientRect().top + window.scrollY + offset, duration);
  return true;
}
