/**
 * What the home news carousel offers for a number of items at a viewport width (docs/product.md#public-home): arrows,
 * the pause toggle and dots only where there is somewhere to move to, and autoplay only then. Pure and
 * dependency-free, so the rule is tested over every count and width (test/unit/carousel-plan.test.ts).
 *
 * Embla turns looping off and keeps a single scroll position when every slide fits in the viewport; its autoplay
 * plugin then skips its own set-up, and calling `play()` on it throws. So "nothing to move to" is the number of
 * scroll positions Embla measured (`snapCount` ≤ 1), and autoplay is never requested then.
 */

/** Tailwind's `sm` and `lg` breakpoints in CSS px: news-slide.tsx changes the slide width there. */
export const SM_MIN_PX = 640;
export const LG_MIN_PX = 1024;

/** Whole slides in view at `widthPx`: one 88 %-wide slide below `sm`, halves from `sm`, thirds from `lg`. */
export function slidesPerView(widthPx: number): 1 | 2 | 3 {
  if (widthPx >= LG_MIN_PX) return 3;
  if (widthPx >= SM_MIN_PX) return 2;
  return 1;
}

/**
 * True when `count` items do not all fit at `widthPx`, so there is somewhere to move to. Embla then measures at
 * least two scroll positions: one per item when it can loop, fewer when it cannot (too few items beyond the view
 * to wrap around, e.g. 4 items in thirds at 1280 px: 2 positions). Used before Embla has measured (the server HTML
 * and the first paint), so the controls shown then are the ones that stay after hydration.
 */
export function movableAt(count: number, widthPx: number): boolean {
  return count > slidesPerView(widthPx);
}

/** The controls and autoplay for a measured carousel. */
export interface CarouselPlan {
  /** Arrows and the pause/resume toggle are shown. */
  controls: boolean;
  /** Number of dots (0: none shown). */
  dots: number;
  /** Autoplay should run now. */
  autoplay: boolean;
}

/**
 * The plan for `snapCount` scroll positions: controls and one dot per position only when there are at least two;
 * autoplay then, unless the visitor paused it (`paused`) or something holds it (`held`: the detail modal is open).
 */
export function carouselPlan({
  snapCount,
  paused,
  held,
}: {
  snapCount: number;
  paused: boolean;
  held: boolean;
}): CarouselPlan {
  const controls = snapCount > 1;
  return { controls, dots: controls ? snapCount : 0, autoplay: controls && !paused && !held };
}

/**
 * The narrowest viewport width (px) from which `count` items all fit, so the controls are hidden from there up:
 * 0 = never shown, null = always shown. Mirrors `movableAt` for the server HTML, where only CSS knows the
 * width.
 */
export function controlsHiddenFrom(count: number): 0 | typeof SM_MIN_PX | typeof LG_MIN_PX | null {
  if (count <= 1) return 0;
  if (count === 2) return SM_MIN_PX;
  if (count === 3) return LG_MIN_PX;
  return null;
}

/** The Tailwind classes for `controlsHiddenFrom` (literal strings, so Tailwind generates them). */
export const HIDDEN_FROM_CLASS = { 0: "hidden", [SM_MIN_PX]: "sm:hidden", [LG_MIN_PX]: "lg:hidden" } as const;

/** The class that hides the controls where `count` items all fit ("" when they never do). */
export function controlsVisibilityClass(count: number): string {
  const from = controlsHiddenFrom(count);
  return from === null ? "" : HIDDEN_FROM_CLASS[from];
}
